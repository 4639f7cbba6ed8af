# GROUPING SETS, ROLLUP and CUBE with GROUPING() and GROUPING_ID(): each row of each grouping set is a
# group of its own (the set is kept in a hidden column); the row of the empty set () stays when its
# rows are gone, as the definition gives it over no rows. And a MIN/MAX group whose extreme was
# inserted and deleted again between two refreshes is recomputed, not left with the deleted value.

statement ok
CREATE DATABASE ivm_sets

statement ok
USE ivm_sets

statement ok
CREATE TABLE sales (id INT, region VARCHAR(4), channel VARCHAR(8), amount INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO sales VALUES (1, 'cn', 'web', 10), (2, 'cn', 'app', 20), (3, 'us', 'web', 30)

statement ok
CREATE MATERIALIZED VIEW by_rollup BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT region, channel, count(*) AS n, sum(amount) AS total, max(amount) AS top, grouping(region) AS gr,
       grouping_id(region, channel) AS gid
FROM sales GROUP BY ROLLUP(region, channel)

statement ok
CREATE MATERIALIZED VIEW by_cube BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT region, channel, count(*) AS n FROM sales GROUP BY CUBE(region, channel)

wait tasks

query
SELECT * FROM by_rollup ORDER BY gid, region, channel
----
cn|app|1|20|20|0|0
cn|web|1|10|10|0|0
us|web|1|30|30|0|0
cn|NULL|2|30|20|0|1
us|NULL|1|30|30|0|1
NULL|NULL|3|60|30|1|3

statement ok
INSERT INTO sales VALUES (4, 'us', 'app', 40), (5, 'jp', 'web', 99)

statement ok
DELETE FROM sales WHERE id IN (1, 5)

statement ok
REFRESH MATERIALIZED VIEW by_rollup INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW by_cube INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_rollup ORDER BY gid, region, channel
----
cn|app|1|20|20|0|0
us|app|1|40|40|0|0
us|web|1|30|30|0|0
cn|NULL|1|20|20|0|1
us|NULL|2|70|40|0|1
NULL|NULL|3|90|40|1|3

query rowsort
SELECT * FROM by_cube
----
cn|app|1
cn|NULL|1
us|app|1
us|web|1
us|NULL|2
NULL|app|2
NULL|web|1
NULL|NULL|3

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 2
----
PARTIAL
PARTIAL

# Every row gone: the grand total stays, with a count of 0.
statement ok
DELETE FROM sales WHERE id > 0

statement ok
REFRESH MATERIALIZED VIEW by_rollup INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_rollup
----
NULL|NULL|0|NULL|NULL|1|3

# A new group whose maximum was inserted and deleted again before the refresh.
statement ok
INSERT INTO sales VALUES (10, 'fr', 'web', 70), (11, 'fr', 'web', 5)

statement ok
DELETE FROM sales WHERE id = 10

statement ok
REFRESH MATERIALIZED VIEW by_rollup INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_rollup ORDER BY gid
----
fr|web|1|5|5|0|0
fr|NULL|1|5|5|0|1
NULL|NULL|1|5|5|1|3
