# The examples of "支持的查询" in Doris's IVM guide, each with its rows after the COMPLETE baseline
# as the guide shows them, then after a round of changes applied by an incremental refresh: an
# update, a delete, new rows, a changed dimension row and a deleted refund.

statement ok
CREATE DATABASE ivm_shapes

statement ok
USE ivm_shapes

statement ok
CREATE TABLE customers (
    customer_id BIGINT,
    name VARCHAR(32),
    city VARCHAR(16)
)
UNIQUE KEY(customer_id)
DISTRIBUTED BY HASH(customer_id) BUCKETS 1
PROPERTIES (
    "replication_num" = "1",
    "enable_unique_key_merge_on_write" = "true",
    "binlog.enable" = "true",
    "binlog.format" = "ROW",
    "binlog.need_historical_value" = "true"
)

statement ok
CREATE TABLE sales (
    sale_id BIGINT,
    customer_id BIGINT,
    channel VARCHAR(16),
    amount DECIMAL(10, 2)
)
UNIQUE KEY(sale_id)
DISTRIBUTED BY HASH(sale_id) BUCKETS 1
PROPERTIES (
    "replication_num" = "1",
    "enable_unique_key_merge_on_write" = "true",
    "binlog.enable" = "true",
    "binlog.format" = "ROW",
    "binlog.need_historical_value" = "true"
)

statement ok
CREATE TABLE refunds (
    refund_id BIGINT,
    sale_id BIGINT,
    amount DECIMAL(10, 2)
)
UNIQUE KEY(refund_id)
DISTRIBUTED BY HASH(refund_id) BUCKETS 1
PROPERTIES (
    "replication_num" = "1",
    "enable_unique_key_merge_on_write" = "true",
    "binlog.enable" = "true",
    "binlog.format" = "ROW",
    "binlog.need_historical_value" = "true"
)

statement ok
INSERT INTO customers VALUES
    (1, 'Alice', 'Beijing'),
    (2, 'Bob',   'Shanghai'),
    (3, 'Carol', 'Beijing')

statement ok
INSERT INTO sales VALUES
    (101, 1,    'web',   120.00),
    (102, 1,    'app',    80.00),
    (103, 2,    'web',   200.00),
    (104, NULL, 'store',  50.00)

statement ok
INSERT INTO refunds VALUES
    (9001, 102, 80.00),
    (9002, 103, 50.00)

statement ok
CREATE MATERIALIZED VIEW mv_sales_projection
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("replication_num" = "1")
AS
SELECT sale_id, channel, amount, amount * 0.9 AS discounted_amount
FROM sales

statement ok
CREATE MATERIALIZED VIEW mv_city_sales
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("replication_num" = "1")
AS
SELECT c.city, COUNT(*) AS sale_cnt, SUM(s.amount) AS total_amount
FROM sales s
INNER JOIN customers c ON s.customer_id = c.customer_id
GROUP BY c.city

statement ok
CREATE MATERIALIZED VIEW mv_sales_customer
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("replication_num" = "1")
AS
SELECT s.sale_id, c.name, c.city, s.amount
FROM sales s
INNER JOIN customers c ON s.customer_id = c.customer_id

statement ok
CREATE MATERIALIZED VIEW mv_ledger
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("replication_num" = "1")
AS
SELECT sale_id AS doc_id, 'sale' AS doc_type, amount
FROM sales
UNION ALL
SELECT refund_id, 'refund', -amount
FROM refunds

statement ok
CREATE MATERIALIZED VIEW mv_agg_count
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("replication_num" = "1")
AS
SELECT channel,
       COUNT(*) AS sale_cnt,
       COUNT(customer_id) AS member_sale_cnt
FROM sales
GROUP BY channel

# Outer joins: every sale, with its customer when it has one (store sale 104 has none).
statement ok
CREATE MATERIALIZED VIEW mv_sales_left
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
AS
SELECT s.sale_id, c.name, s.amount
FROM sales s
LEFT JOIN customers c ON s.customer_id = c.customer_id

# Beyond the guide: MIN, MAX and AVG per group, and a global aggregate.
statement ok
CREATE MATERIALIZED VIEW mv_channel_stats
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
AS
SELECT channel, MIN(amount) AS low, MAX(amount) AS high, AVG(amount) AS mean
FROM sales
GROUP BY channel

statement ok
CREATE MATERIALIZED VIEW mv_totals
BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL
AS
SELECT COUNT(*) AS n, SUM(amount) AS total, MAX(amount) AS largest FROM sales

statement ok
REFRESH MATERIALIZED VIEW mv_sales_projection COMPLETE

statement ok
REFRESH MATERIALIZED VIEW mv_city_sales COMPLETE

statement ok
REFRESH MATERIALIZED VIEW mv_sales_customer COMPLETE

statement ok
REFRESH MATERIALIZED VIEW mv_ledger COMPLETE

statement ok
REFRESH MATERIALIZED VIEW mv_agg_count COMPLETE

statement ok
REFRESH MATERIALIZED VIEW mv_sales_left COMPLETE

# The first refresh of any kind builds the baseline in full, INCREMENTAL too.
statement ok
REFRESH MATERIALIZED VIEW mv_channel_stats INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_totals INCREMENTAL

wait tasks

query
SELECT * FROM mv_sales_projection ORDER BY sale_id
----
101|web|120.00|108.000
102|app|80.00|72.000
103|web|200.00|180.000
104|store|50.00|45.000

query
SELECT * FROM mv_city_sales ORDER BY city
----
Beijing|2|200.00
Shanghai|1|200.00

query
SELECT * FROM mv_sales_customer ORDER BY sale_id
----
101|Alice|Beijing|120.00
102|Alice|Beijing|80.00
103|Bob|Shanghai|200.00

query
SELECT * FROM mv_ledger ORDER BY doc_type DESC, doc_id
----
101|sale|120.00
102|sale|80.00
103|sale|200.00
104|sale|50.00
9001|refund|-80.00
9002|refund|-50.00

query
SELECT * FROM mv_agg_count ORDER BY channel
----
app|1|1
store|1|0
web|2|2

query
SELECT * FROM mv_sales_left ORDER BY sale_id
----
101|Alice|120.00
102|Alice|80.00
103|Bob|200.00
104|NULL|50.00

query
SELECT * FROM mv_channel_stats ORDER BY channel
----
app|80.00|80.00|80.0000
store|50.00|50.00|50.0000
web|120.00|200.00|160.0000

query
SELECT * FROM mv_totals
----
4|450.00|200.00

query rowsort
SELECT MvName, RefreshMode, IvmFallbackReason FROM tasks("type" = "mv")
----
mv_agg_count|COMPLETE|NULL
mv_channel_stats|COMPLETE|NULL
mv_city_sales|COMPLETE|NULL
mv_ledger|COMPLETE|NULL
mv_sales_customer|COMPLETE|NULL
mv_sales_left|COMPLETE|NULL
mv_sales_projection|COMPLETE|NULL
mv_totals|COMPLETE|NULL

# A round of changes: sale 103 updated, sale 101 (the web maximum) deleted, two new sales, Bob moved
# to another city, a refund deleted.
statement ok
UPDATE sales SET amount = 10 WHERE sale_id = 103

statement ok
DELETE FROM sales WHERE sale_id = 101

statement ok
INSERT INTO sales VALUES (105, 3, 'web', 70.00), (106, 2, 'app', 80.00)

statement ok
UPDATE customers SET city = 'Shenzhen' WHERE customer_id = 2

statement ok
DELETE FROM refunds WHERE refund_id = 9001

statement ok
REFRESH MATERIALIZED VIEW mv_sales_projection INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_city_sales INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_sales_customer INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_ledger INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_agg_count INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_sales_left INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_channel_stats INCREMENTAL

statement ok
REFRESH MATERIALIZED VIEW mv_totals INCREMENTAL

wait tasks

query
SELECT * FROM mv_sales_projection ORDER BY sale_id
----
102|app|80.00|72.000
103|web|10.00|9.000
104|store|50.00|45.000
105|web|70.00|63.000
106|app|80.00|72.000

query
SELECT * FROM mv_city_sales ORDER BY city
----
Beijing|2|150.00
Shenzhen|2|90.00

query
SELECT * FROM mv_sales_customer ORDER BY sale_id
----
102|Alice|Beijing|80.00
103|Bob|Shenzhen|10.00
105|Carol|Beijing|70.00
106|Bob|Shenzhen|80.00

query
SELECT * FROM mv_ledger ORDER BY doc_type DESC, doc_id
----
102|sale|80.00
103|sale|10.00
104|sale|50.00
105|sale|70.00
106|sale|80.00
9002|refund|-50.00

query
SELECT * FROM mv_agg_count ORDER BY channel
----
app|2|2
store|1|0
web|2|2

query
SELECT * FROM mv_sales_left ORDER BY sale_id
----
102|Alice|80.00
103|Bob|10.00
104|NULL|50.00
105|Carol|70.00
106|Bob|80.00

# The web maximum (120.00) was deleted: the group was recomputed from the base in the same refresh,
# with no fallback.
query
SELECT * FROM mv_channel_stats ORDER BY channel
----
app|80.00|80.00|80.0000
store|50.00|50.00|50.0000
web|10.00|70.00|40.0000

query
SELECT * FROM mv_totals
----
5|290.00|80.00

query rowsort
SELECT MvName, RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE RefreshMode <> 'COMPLETE'
----
mv_agg_count|PARTIAL|NULL
mv_channel_stats|PARTIAL|NULL
mv_city_sales|PARTIAL|NULL
mv_ledger|PARTIAL|NULL
mv_sales_customer|PARTIAL|NULL
mv_sales_left|PARTIAL|NULL
mv_sales_projection|PARTIAL|NULL
mv_totals|PARTIAL|NULL
