# An IVM MV with PARTITION BY: its partitions follow the base's as for any async MV, changes are
# applied incrementally, and a base partition that loses its rows in bulk (TRUNCATE PARTITION,
# INSERT OVERWRITE, REPLACE PARTITION, DROP PARTITION) rebuilds only the MV partitions that read it,
# also under strict INCREMENTAL; the others keep being maintained incrementally.

statement ok
CREATE DATABASE ivm_partitions

statement ok
USE ivm_partitions

statement ok
CREATE TABLE orders (d DATE, id INT, g INT, v INT) DUPLICATE KEY(d, id)
PARTITION BY RANGE(d) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO orders VALUES ('2024-01-01', 1, 1, 10), ('2024-01-01', 2, 2, 20), ('2024-01-02', 3, 1, 30), ('2024-01-03', 4, 1, 40)

statement ok
CREATE MATERIALIZED VIEW daily BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (d)
AS SELECT d, g, sum(v) AS s, count(*) AS c FROM orders GROUP BY d, g

wait tasks

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-01|1|10|1
2024-01-01|2|20|1
2024-01-02|1|30|1
2024-01-03|1|40|1

query columns=PartitionName,VisibleVersion
SHOW PARTITIONS FROM daily
----
p_20240101_20240102|2
p_20240102_20240103|2
p_20240103_20240104|2

# Changes are applied incrementally, to whichever partitions they fall in.
statement ok
INSERT INTO orders VALUES ('2024-01-02', 5, 2, 5), ('2024-01-03', 6, 1, 6)

statement ok
DELETE FROM orders WHERE id = 1

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-01|2|20|1
2024-01-02|1|30|1
2024-01-02|2|5|1
2024-01-03|1|46|2

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|0

# TRUNCATE of one base partition: only the MV partition over it is rebuilt; a change elsewhere in the
# same window is applied incrementally.
statement ok
TRUNCATE TABLE orders PARTITION (p_20240102)

statement ok
INSERT INTO orders VALUES ('2024-01-03', 7, 2, 70), ('2024-01-02', 8, 3, 80)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-01|2|20|1
2024-01-02|3|80|1
2024-01-03|1|46|2
2024-01-03|2|70|1

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|1

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH|0

# INSERT OVERWRITE of a partition: the same.
statement ok
INSERT OVERWRITE TABLE orders PARTITION (p_20240103) VALUES ('2024-01-03', 9, 1, 900)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-01|2|20|1
2024-01-02|3|80|1
2024-01-03|1|900|1

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|1

# A new base partition gets its MV partition, filled by the changes.
statement ok
ALTER TABLE orders ADD PARTITION p_20240104 VALUES [('2024-01-04'), ('2024-01-05'))

statement ok
INSERT INTO orders VALUES ('2024-01-04', 10, 1, 1000)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-01|2|20|1
2024-01-02|3|80|1
2024-01-03|1|900|1
2024-01-04|1|1000|1

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|0

# DROP PARTITION: the MV partition goes with it, nothing is rebuilt.
statement ok
ALTER TABLE orders DROP PARTITION p_20240101

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-02|3|80|1
2024-01-03|1|900|1
2024-01-04|1|1000|1

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|0

query columns=PartitionName
SHOW PARTITIONS FROM daily
----
p_20240102_20240103
p_20240103_20240104
p_20240104_20240105

# REPLACE PARTITION with a temporary partition: the MV partition over it is rebuilt.
statement ok
ALTER TABLE orders ADD TEMPORARY PARTITION tp VALUES [('2024-01-02'), ('2024-01-03'))

statement ok
INSERT INTO orders TEMPORARY PARTITION (tp) VALUES ('2024-01-02', 11, 5, 11)

statement ok
ALTER TABLE orders REPLACE PARTITION (p_20240102) WITH TEMPORARY PARTITION (tp)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-02|5|11|1
2024-01-03|1|900|1
2024-01-04|1|1000|1

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|1

# The MV equals its definition.
query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ count(*) FROM (SELECT * FROM daily EXCEPT ALL SELECT d, g, sum(v), count(*) FROM orders GROUP BY d, g) AS x
----
0

query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ count(*) FROM (SELECT d, g, sum(v), count(*) FROM orders GROUP BY d, g EXCEPT ALL SELECT * FROM daily) AS x
----
0

# PARTITIONS rebuilds only the stale partitions from the bases, and the streams move past their changes.
statement ok
INSERT INTO orders VALUES ('2024-01-03', 12, 1, 1)

statement ok
REFRESH MATERIALIZED VIEW daily PARTITIONS WITH SYNC MODE

query
SELECT RefreshMode, NeedRefreshPartitions, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|["p_20240103_20240104"]|0

query
SELECT * FROM daily ORDER BY d, g
----
2024-01-02|5|11|1
2024-01-03|1|901|2
2024-01-04|1|1000|1

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH

# Old-style partition lists stay refused.
statement error Partition refresh is not supported for materialized views with refresh_mode=INCREMENTAL
REFRESH MATERIALIZED VIEW daily PARTITIONS (p_20240103)

# partition_sync_limit would drop partitions an IVM MV keeps maintaining: refused.
statement error partition_sync_limit is not supported for a materialized view maintained incrementally
CREATE MATERIALIZED VIEW recent BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL PARTITION BY (d)
PROPERTIES ("partition_sync_limit" = "2") AS SELECT d, g, sum(v) AS s FROM orders GROUP BY d, g

statement error partition_sync_limit is not supported for a materialized view maintained incrementally
ALTER MATERIALIZED VIEW daily SET ("partition_sync_limit" = "2")

# An MV partition by month over daily base partitions, joined to a dimension whose partitions it does
# not follow: truncating a day rebuilds its month only; truncating the dimension rebuilds everything.
statement ok
CREATE TABLE labels (g INT, label VARCHAR(10)) UNIQUE KEY(g) DISTRIBUTED BY HASH(g) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true", "enable_unique_key_merge_on_write" = "true")

statement ok
INSERT INTO labels VALUES (1, 'one'), (3, 'three'), (5, 'five')

statement ok
ALTER TABLE orders ADD PARTITION p_20240201 VALUES [('2024-02-01'), ('2024-02-02'))

statement ok
INSERT INTO orders VALUES ('2024-02-01', 20, 1, 2)

statement ok
CREATE MATERIALIZED VIEW monthly BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (date_trunc(m, 'month'))
AS SELECT date_trunc(o.d, 'month') AS m, l.label, sum(o.v) AS s FROM orders o JOIN labels l ON o.g = l.g GROUP BY 1, 2

wait tasks

query
SELECT * FROM monthly ORDER BY m, label
----
2024-01-01|five|11
2024-01-01|one|1901
2024-02-01|one|2

query columns=PartitionName
SHOW PARTITIONS FROM monthly
----
p_20240101_20240201
p_20240201_20240301

statement ok
TRUNCATE TABLE orders PARTITION (p_20240102)

statement ok
INSERT INTO orders VALUES ('2024-02-01', 21, 3, 4)

statement ok
REFRESH MATERIALIZED VIEW monthly INCREMENTAL WITH SYNC MODE

query
SELECT * FROM monthly ORDER BY m, label
----
2024-01-01|one|1901
2024-02-01|one|2
2024-02-01|three|4

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|1

statement ok
TRUNCATE TABLE labels

statement ok
INSERT INTO labels VALUES (1, 'uno')

statement ok
REFRESH MATERIALIZED VIEW monthly INCREMENTAL WITH SYNC MODE

query
SELECT * FROM monthly ORDER BY m, label
----
2024-01-01|uno|1901
2024-02-01|uno|2

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|2
