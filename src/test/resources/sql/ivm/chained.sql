# Chained IVM: an IVM MV reads another IVM MV that keeps a binlog. The lower MV's refreshes record the
# rows they change in its changelog (a full build leaves a bulk-removal marker, which makes the upper
# MV rebuild), and the upper MV applies them like any base table's changes.

statement ok
CREATE DATABASE ivm_chain

statement ok
USE ivm_chain

statement ok
CREATE TABLE sales (id INT, region VARCHAR(4), city VARCHAR(8), amount INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO sales VALUES (1, 'cn', 'bj', 10), (2, 'cn', 'sh', 20), (3, 'us', 'ny', 30)

statement ok
CREATE MATERIALIZED VIEW by_city BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true") AS
SELECT region, city, sum(amount) AS total, count(*) AS n FROM sales GROUP BY region, city

wait tasks

statement ok
CREATE MATERIALIZED VIEW by_region BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT region, sum(total) AS total, count(*) AS cities, max(total) AS top_city FROM by_city GROUP BY region

wait tasks

query
SELECT * FROM by_region ORDER BY region
----
cn|30|2|20
us|30|1|30

statement ok
INSERT INTO sales VALUES (4, 'us', 'la', 5), (2, 'cn', 'sh', 1)

statement ok
DELETE FROM sales WHERE id = 3

statement ok
REFRESH MATERIALIZED VIEW by_city INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW by_region INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_region ORDER BY region
----
cn|11|2|10
us|5|1|5

query
SELECT MvName, RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 2
----
by_region|PARTIAL
by_city|PARTIAL

# A full build of the lower MV is a bulk removal for the upper one, which rebuilds too.
statement ok
REFRESH MATERIALIZED VIEW by_city COMPLETE WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW by_region INCREMENTAL WITH SYNC MODE

query
SELECT MvName, RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
by_region|COMPLETE|1

query
SELECT * FROM by_region ORDER BY region
----
cn|11|2|10
us|5|1|5

# The lower MV must be incremental and keep a binlog.
statement ok
CREATE MATERIALIZED VIEW plain_totals REFRESH INCREMENTAL ON MANUAL AS SELECT region, sum(amount) AS total FROM sales GROUP BY region

statement error IVMAnalyzer does not support table type: MATERIALIZED_VIEW (plain_totals): a materialized view read by an IVM definition must itself be maintained incrementally, without HAVING, with binlog.enable = true
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT region FROM plain_totals

statement error Only an incrementally maintained materialized view keeps a binlog: create it with REFRESH INCREMENTAL, or without binlog.enable
CREATE MATERIALIZED VIEW bad REFRESH COMPLETE ON MANUAL PROPERTIES ("binlog.enable" = "true") AS SELECT region FROM sales

# Chained over partitions: a lower MV's partition rebuilt (its base partition truncated) or dropped reaches
# the MV above as a bulk removal of that partition: it rebuilds or drops only the partition that follows it.
statement ok
CREATE DATABASE ivm_chain_parts

statement ok
USE ivm_chain_parts

statement ok
CREATE TABLE orders (d DATE, id INT, g INT, v INT) DUPLICATE KEY(d, id)
PARTITION BY RANGE(d) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO orders VALUES ('2024-01-01', 1, 1, 10), ('2024-01-01', 2, 2, 20), ('2024-01-02', 3, 1, 30), ('2024-01-03', 4, 1, 40)

statement ok
CREATE MATERIALIZED VIEW daily BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (d)
PROPERTIES ("binlog.enable" = "true") AS SELECT d, g, sum(v) AS s, count(*) AS c FROM orders GROUP BY d, g

wait tasks

statement ok
CREATE MATERIALIZED VIEW top BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (d)
AS SELECT d, sum(s) AS s, max(c) AS mc FROM daily GROUP BY d

wait tasks

query
SELECT * FROM top ORDER BY d
----
2024-01-01|30|1
2024-01-02|30|1
2024-01-03|40|1

statement ok
TRUNCATE TABLE orders PARTITION (p_20240102)

statement ok
INSERT INTO orders VALUES ('2024-01-03', 7, 2, 70), ('2024-01-02', 8, 3, 80)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW top INCREMENTAL WITH SYNC MODE

query
SELECT * FROM top ORDER BY d
----
2024-01-01|30|1
2024-01-02|80|1
2024-01-03|110|1

query
SELECT MvName, RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 2
----
top|PARTIAL|1
daily|PARTIAL|1

statement ok
ALTER TABLE orders DROP PARTITION p_20240101

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW top INCREMENTAL WITH SYNC MODE

query
SELECT * FROM top ORDER BY d
----
2024-01-02|80|1
2024-01-03|110|1

query
SELECT MvName, RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 2
----
top|PARTIAL|0
daily|PARTIAL|0

query columns=PartitionName
SHOW PARTITIONS FROM top
----
p_20240102_20240103
p_20240103_20240104
