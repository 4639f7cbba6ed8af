# The examples of seed 001 (StarRocks incremental MVs) as written, with the rows they show. DUPLICATE
# KEY bases need no property: an MV with "refresh_mode" = "INCREMENTAL" turns their row binlog on
# (binlog.enable, shown by SHOW CREATE TABLE) and captures their changes from its creation.

statement ok
CREATE DATABASE sr_examples

statement ok
USE sr_examples

# Example 1: filter and projection over a DUPLICATE KEY base.
statement ok
CREATE TABLE base_dup (
k INT,
v INT
) DUPLICATE KEY(k)
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO base_dup VALUES (1, 10), (2, 20), (3, 30)

statement ok
CREATE MATERIALIZED VIEW mv_dup
DISTRIBUTED BY HASH(k) BUCKETS 1
REFRESH DEFERRED MANUAL
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT k, v FROM base_dup WHERE v > 15

statement ok
REFRESH MATERIALIZED VIEW mv_dup WITH SYNC MODE

query
SELECT k, v FROM mv_dup ORDER BY k
----
2|20
3|30

statement ok
INSERT INTO base_dup VALUES (4, 40), (5, 50), (6, 5)

statement ok
REFRESH MATERIALIZED VIEW mv_dup WITH SYNC MODE

query
SELECT k, v FROM mv_dup ORDER BY k
----
2|20
3|30
4|40
5|50

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL

# Example 2: single-table aggregates over a DUPLICATE KEY base.
statement ok
CREATE TABLE base_orders (
order_id BIGINT,
region VARCHAR(8),
amount DECIMAL(10,2),
score BIGINT,
nullable_score INT,
flag BOOLEAN,
uid INT
) DUPLICATE KEY(order_id)
DISTRIBUTED BY HASH(order_id) BUCKETS 1

statement ok
INSERT INTO base_orders VALUES
(1001, 'CN', 99.90, 10, 5, FALSE, 1),
(1002, 'US', 20.50, 20, NULL, FALSE, 10),
(1003, 'CN', 15.50, 30, NULL, TRUE, 1),
(1004, 'US', 75.00, 40, 8, FALSE, 10)

statement ok
CREATE MATERIALIZED VIEW mv_orders
DISTRIBUTED BY HASH(region) BUCKETS 1
REFRESH DEFERRED MANUAL
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT region,
SUM(amount) AS s,
COUNT(*) AS c_all,
COUNT(nullable_score) AS c_non_null,
AVG(amount) AS avg_dec,
MIN(amount) AS mn,
MAX(amount) AS mx,
APPROX_COUNT_DISTINCT(uid) AS acd,
BOOL_OR(flag) AS any_flag
FROM base_orders
GROUP BY region

statement ok
REFRESH MATERIALIZED VIEW mv_orders WITH SYNC MODE

statement ok
INSERT INTO base_orders VALUES
(1005, 'JP', 100.00, 50, 12, FALSE, 99),
(1006, 'CN', 25.00, 60, NULL, FALSE, 2)

statement ok
REFRESH MATERIALIZED VIEW mv_orders WITH SYNC MODE

query
SELECT * FROM mv_orders ORDER BY region
----
CN|140.40|3|1|46.8000|15.50|99.90|2|1
JP|100.00|1|1|100.0000|100.00|100.00|1|0
US|95.50|2|1|47.7500|20.50|75.00|1|0

query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ count(*) FROM (SELECT * FROM mv_orders EXCEPT ALL SELECT region, SUM(amount), COUNT(*), COUNT(nullable_score), AVG(amount),
MIN(amount), MAX(amount), APPROX_COUNT_DISTINCT(uid), BOOL_OR(flag) FROM base_orders GROUP BY region) AS t
----
0

# Example 3: INNER JOIN of two DUPLICATE KEY bases, both changing.
statement ok
CREATE TABLE orders (
order_id BIGINT, uid BIGINT, amount DECIMAL(10,2)
) DUPLICATE KEY(order_id) DISTRIBUTED BY HASH(order_id) BUCKETS 1

statement ok
CREATE TABLE users (
user_id BIGINT, country VARCHAR(8)
) DUPLICATE KEY(user_id) DISTRIBUTED BY HASH(user_id) BUCKETS 1

statement ok
INSERT INTO users VALUES (1, 'CN'), (2, 'US')

statement ok
INSERT INTO orders VALUES (1001, 1, 99.90), (1002, 2, 20.50)

statement ok
CREATE MATERIALIZED VIEW mv_join
DISTRIBUTED BY HASH(order_id) BUCKETS 1
REFRESH DEFERRED MANUAL
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT o.order_id, u.country, o.amount
FROM orders o JOIN users u ON o.uid = u.user_id

statement ok
REFRESH MATERIALIZED VIEW mv_join WITH SYNC MODE

statement ok
INSERT INTO users VALUES (3, 'JP')

statement ok
INSERT INTO orders VALUES (1003, 1, 15.50), (1004, 3, 200.00)

statement ok
REFRESH MATERIALIZED VIEW mv_join WITH SYNC MODE

query
SELECT * FROM mv_join ORDER BY order_id
----
1001|CN|99.90
1002|US|20.50
1003|CN|15.50
1004|JP|200.00

# Example 4: exact distinct counts with bitmaps.
statement ok
CREATE TABLE uv_base (
k INT, uid INT
) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2

statement ok
INSERT INTO uv_base VALUES (1, 10), (1, 20), (1, 20), (2, 30)

statement ok
CREATE MATERIALIZED VIEW mv_uv
DISTRIBUTED BY HASH(k) BUCKETS 2
REFRESH DEFERRED MANUAL
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT k, bitmap_union(to_bitmap(uid)) AS uv FROM uv_base GROUP BY k

statement ok
REFRESH MATERIALIZED VIEW mv_uv WITH SYNC MODE

statement ok
INSERT INTO uv_base VALUES (1, 30), (2, 30), (2, 40)

statement ok
REFRESH MATERIALIZED VIEW mv_uv WITH SYNC MODE

query
SELECT k, bitmap_count(uv) AS dc FROM mv_uv ORDER BY k
----
1|3
2|2

query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ COUNT(*) FROM (
SELECT k, bitmap_count(uv) FROM mv_uv
EXCEPT SELECT k, COUNT(DISTINCT uid) FROM uv_base GROUP BY k) t
----
0

# Example 5: a roll-up over an AGGREGATE KEY base. Its changes are captured as changes of its merged
# rows, so the MV is right whatever it computes from them (beyond StarRocks's strict roll-up).
statement ok
CREATE TABLE base_agg (
region VARCHAR(8),
city VARCHAR(8),
s BIGINT SUM,
mx BIGINT MAX,
mn BIGINT MIN
) AGGREGATE KEY(region, city)
DISTRIBUTED BY HASH(region) BUCKETS 1

statement ok
INSERT INTO base_agg VALUES ('CN','BJ',10,100,5), ('CN','BJ',20,50,8), ('US','NY',30,200,1)

statement ok
CREATE MATERIALIZED VIEW mv_agg
DISTRIBUTED BY HASH(region) BUCKETS 1
REFRESH DEFERRED MANUAL
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT region, city, SUM(s) AS s_sum, MAX(mx) AS mx_max, MIN(mn) AS mn_min
FROM base_agg
GROUP BY region, city

statement ok
REFRESH MATERIALIZED VIEW mv_agg WITH SYNC MODE

statement ok
INSERT INTO base_agg VALUES ('CN','BJ',5,150,2), ('JP','TK',7,7,7)

statement ok
REFRESH MATERIALIZED VIEW mv_agg WITH SYNC MODE

query
SELECT * FROM mv_agg ORDER BY region, city
----
CN|BJ|35|150|2
JP|TK|7|7|7
US|NY|30|200|1

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL

# Rolled up to a subset of the keys, with COUNT(*) and AVG of the merged rows, and a DELETE.
statement ok
CREATE MATERIALIZED VIEW mv_agg_region
DISTRIBUTED BY HASH(region) BUCKETS 1
REFRESH DEFERRED MANUAL
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT region, SUM(s) AS s_sum, COUNT(*) AS cities, AVG(mx) AS avg_mx FROM base_agg GROUP BY region

statement ok
REFRESH MATERIALIZED VIEW mv_agg_region WITH SYNC MODE

statement ok
INSERT INTO base_agg VALUES ('CN','SH',1,1,1), ('CN','BJ',1,1000,0)

statement ok
DELETE FROM base_agg WHERE region = 'US'

# The binlog the MV turned on is the table's; its settings can change, it cannot be turned on by hand
# on another AGGREGATE KEY table (Doris keeps none for them).
statement ok
ALTER TABLE base_agg SET ("binlog.ttl_seconds" = "7200")

statement ok
CREATE TABLE other_agg (k INT, s BIGINT SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Changelog is only supported on DUPLICATE KEY and UNIQUE KEY merge-on-write tables
ALTER TABLE other_agg SET ("binlog.enable" = "true")

statement ok
REFRESH MATERIALIZED VIEW mv_agg_region WITH SYNC MODE

query
SELECT * FROM mv_agg_region ORDER BY region
----
CN|37|2|500.5
JP|7|1|7

query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ count(*) FROM (SELECT * FROM mv_agg_region EXCEPT ALL SELECT region, SUM(s), COUNT(*), AVG(mx) FROM base_agg GROUP BY region) AS t
----
0

statement ok
REFRESH MATERIALIZED VIEW mv_agg WITH SYNC MODE

query
SELECT * FROM mv_agg ORDER BY region, city
----
CN|BJ|36|1000|0
CN|SH|1|1|1
JP|TK|7|7|7

# Example 6: UPDATE and DELETE retracted on a PRIMARY KEY base with change data capture.
statement ok
CREATE TABLE pk_base (
id INT NOT NULL,
g INT,
v BIGINT
) PRIMARY KEY(id)
DISTRIBUTED BY HASH(id) BUCKETS 2
PROPERTIES ('enable_change_data_capture' = 'true')

statement ok
INSERT INTO pk_base VALUES (1,10,100),(2,10,200),(3,20,300),(4,20,400),(5,30,500)

statement ok
CREATE MATERIALIZED VIEW mv_pk
DISTRIBUTED BY HASH(g) BUCKETS 2
REFRESH DEFERRED MANUAL
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT g, SUM(v) AS sv, MAX(v) AS mx, MIN(v) AS mn, COUNT(*) AS c
FROM pk_base
GROUP BY g

statement ok
REFRESH MATERIALIZED VIEW mv_pk WITH SYNC MODE

query
SELECT * FROM mv_pk ORDER BY g
----
10|300|200|100|2
20|700|400|300|2
30|500|500|500|1

statement ok
UPDATE pk_base SET v = 250 WHERE id = 2

statement ok
REFRESH MATERIALIZED VIEW mv_pk WITH SYNC MODE

query
SELECT * FROM mv_pk WHERE g = 10
----
10|350|250|100|2

statement ok
DELETE FROM pk_base WHERE id = 4

statement ok
REFRESH MATERIALIZED VIEW mv_pk WITH SYNC MODE

query
SELECT * FROM mv_pk WHERE g = 20
----
20|300|300|300|1

statement ok
DELETE FROM pk_base WHERE id = 5

statement ok
REFRESH MATERIALIZED VIEW mv_pk WITH SYNC MODE

query
SELECT count(*) FROM mv_pk WHERE g = 30
----
0

statement ok
UPDATE pk_base SET g = 20 WHERE id = 1

statement ok
REFRESH MATERIALIZED VIEW mv_pk WITH SYNC MODE

query
SELECT * FROM mv_pk ORDER BY g
----
10|250|250|250|1
20|400|300|100|2

# Example 7: a partitioned MV refreshed after each commit of its base (REFRESH ASYNC without EVERY).
statement ok
CREATE TABLE events (
id BIGINT, dt DATE, v BIGINT
) DUPLICATE KEY(id, dt)
PARTITION BY RANGE(dt) (
PARTITION p1 VALUES LESS THAN ('2026-02-01'),
PARTITION p2 VALUES LESS THAN ('2026-03-01'),
PARTITION p3 VALUES LESS THAN ('2026-04-01')
)
DISTRIBUTED BY HASH(id) BUCKETS 2

statement ok
CREATE MATERIALIZED VIEW mv_events
PARTITION BY dt
DISTRIBUTED BY HASH(id) BUCKETS 2
REFRESH ASYNC
PROPERTIES ("refresh_mode" = "INCREMENTAL")
AS SELECT id, dt, v FROM events

wait tasks

statement ok
INSERT INTO events VALUES (1,'2026-01-10',10), (2,'2026-02-10',20)

wait tasks

query
SELECT * FROM mv_events ORDER BY id
----
1|2026-01-10|10
2|2026-02-10|20

query
SELECT TABLE_NAME, REFRESH_TRIGGER, REFRESH_POLICY
FROM information_schema.materialized_views
WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'mv_events'
----
mv_events|ON_BASE_TABLE_CHANGE|ON_BASE_TABLE_CHANGE

query rowsort
SELECT DISTINCT get_json_string(EXTRA_MESSAGE, '$.refreshMode') AS executed_mode, STATE
FROM information_schema.task_runs
WHERE TASK_NAME = (SELECT TASK_NAME FROM information_schema.materialized_views
WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'mv_events')
AND get_json_double(EXTRA_MESSAGE, '$.processStartTime') > 0
ORDER BY 1, 2
----
INCREMENTAL|SUCCESS
PCT|SUCCESS

# The changes of base_dup are read through the MV's internal stream.
query
SELECT BASE_TABLE_NAME FROM information_schema.table_streams WHERE BASE_TABLE_NAME = 'base_dup'
----
base_dup
