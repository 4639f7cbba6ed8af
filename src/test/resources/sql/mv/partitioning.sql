# Partition tracking: which base partitions an MV partition follows, date_trunc roll-up, several
# tracked tables, partition_sync_limit, and the errors for partition columns that cannot be tracked.

statement ok
CREATE DATABASE pdb

statement ok
USE pdb

statement ok
CREATE TABLE t1 (k1 LARGEINT NOT NULL, k2 DATE NOT NULL) DUPLICATE KEY(k1)
PARTITION BY RANGE(k2) (
    PARTITION p_20200101 VALUES [('2020-01-01'), ('2020-01-02')),
    PARTITION p_20200102 VALUES [('2020-01-02'), ('2020-01-03')),
    PARTITION p_20200201 VALUES [('2020-02-01'), ('2020-02-02')))
DISTRIBUTED BY HASH(k1) BUCKETS 2

statement ok
INSERT INTO t1 VALUES (1, '2020-01-01'), (2, '2020-01-02'), (3, '2020-02-01')

# Roll-up by month: two MV partitions (the guide's mv_3).
statement ok
CREATE MATERIALIZED VIEW mv_3 BUILD DEFERRED REFRESH AUTO ON MANUAL
PARTITION BY (date_trunc(`k2`, 'month')) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT * FROM t1

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM mv_3
----
p_20200101_20200201|false
p_20200201_20200301|false

query
SELECT State, RefreshState FROM mv_infos('database' = 'pdb') WHERE Name = 'mv_3'
----
INIT|INIT

query
SELECT count(*) FROM mv_3
----
0

statement ok
REFRESH MATERIALIZED VIEW mv_3 AUTO WITH SYNC MODE

query rowsort
SELECT * FROM mv_3
----
1|2020-01-01
2|2020-01-02
3|2020-02-01

# A change in 2020-01-02 makes only the January partition stale.
statement ok
INSERT INTO t1 VALUES (4, '2020-01-02')

statement ok
REFRESH MATERIALIZED VIEW mv_3 AUTO WITH SYNC MODE

query
SELECT NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_3' ORDER BY TaskId DESC LIMIT 1
----
["p_20200101_20200201"]

query
SELECT count(*) FROM mv_3
----
4

# Roll-up by year: one partition (mv_4); the select item may already be truncated.
statement ok
CREATE MATERIALIZED VIEW mv_4 BUILD DEFERRED REFRESH AUTO ON MANUAL
PARTITION BY (date_trunc(`k2`, 'year')) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT * FROM t1

query columns=PartitionName
SHOW PARTITIONS FROM mv_4
----
p_20200101_20210101

statement ok
CREATE MATERIALIZED VIEW mv_month BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (m) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT date_trunc(k2, 'month') AS m, count(*) AS c FROM t1 GROUP BY date_trunc(k2, 'month')

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_month
----
p_20200101_20200201
p_20200201_20200301

query rowsort
SELECT * FROM mv_month
----
2020-01-01|3
2020-02-01|1

# Partition columns that do not trace back to a base partition column.
statement error because column to check use invalid implicit expression, invalid expression is days_add(k2, 2)
CREATE MATERIALIZED VIEW mv_2_1 BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (order_date_month) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT k1, date_trunc(date_add(k2, INTERVAL 2 DAY), 'month') AS order_date_month FROM t1

statement error is not its partition column
CREATE MATERIALIZED VIEW mv_bad BUILD DEFERRED REFRESH AUTO ON MANUAL
PARTITION BY (k1) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT k1, k2 FROM t1

statement error partition column can not find from sql select column: nope is not among the select list's columns [k1, k2]; select it, or name its expression with AS nope
CREATE MATERIALIZED VIEW mv_bad BUILD DEFERRED REFRESH AUTO ON MANUAL
PARTITION BY (nope) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT k1, k2 FROM t1

statement ok
CREATE TABLE t2 (k1 LARGEINT NOT NULL, k2 DATE NOT NULL, v INT) DUPLICATE KEY(k1)
PARTITION BY RANGE(k2) (
    PARTITION p2 VALUES [('2020-01-02'), ('2020-01-03')),
    PARTITION p3 VALUES [('2020-01-03'), ('2020-01-04')))
DISTRIBUTED BY HASH(k1) BUCKETS 2

statement ok
INSERT INTO t2 VALUES (2, '2020-01-02', 20), (7, '2020-01-03', 70)

statement error on the null-producing side of an outer join
CREATE MATERIALIZED VIEW mv_bad BUILD DEFERRED REFRESH AUTO ON MANUAL
PARTITION BY (k2) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT t1.k1, t2.k2 FROM t1 LEFT JOIN t2 ON t1.k1 = t2.k1

# UNION ALL of two tracked tables: t1's and t2's partitions are equal or disjoint, so they align.
statement ok
CREATE MATERIALIZED VIEW mv_union BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (k2) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT k1, k2 FROM t1 UNION ALL SELECT k1, k2 FROM t2

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_union
----
p_20200101_20200102
p_20200102_20200103
p_20200103_20200104
p_20200201_20200202

statement ok
INSERT INTO t2 VALUES (8, '2020-01-03', 80)

statement ok
REFRESH MATERIALIZED VIEW mv_union AUTO WITH SYNC MODE

query
SELECT NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_union' ORDER BY TaskId DESC LIMIT 1
----
["p_20200103_20200104"]

query rowsort
SELECT * FROM mv_union
----
1|2020-01-01
2|2020-01-02
2|2020-01-02
3|2020-02-01
4|2020-01-02
7|2020-01-03
8|2020-01-03

# INNER JOIN on the partition columns: the MV partition follows both tables.
statement ok
CREATE MATERIALIZED VIEW mv_join BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (k2) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT t1.k2, t1.k1, t2.v FROM t1 INNER JOIN t2 ON t1.k2 = t2.k2 AND t1.k1 = t2.k1

wait tasks

query rowsort
SELECT * FROM mv_join
----
2020-01-02|2|20

statement ok
INSERT INTO t2 VALUES (4, '2020-01-02', 40)

query columns=PartitionName,SyncWithBaseTables,UnsyncTables
SHOW PARTITIONS FROM mv_join WHERE PartitionName = 'p_20200102_20200103'
----
p_20200102_20200103|false|[t2]

statement ok
REFRESH MATERIALIZED VIEW mv_join AUTO WITH SYNC MODE

query
SELECT NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_join' ORDER BY TaskId DESC LIMIT 1
----
["p_20200102_20200103"]

query rowsort
SELECT * FROM mv_join
----
2020-01-02|2|20
2020-01-02|4|40

# Overlapping but unequal ranges of two tracked tables cannot be aligned.
statement ok
CREATE TABLE t3 (k1 INT, k2 DATE NOT NULL) DUPLICATE KEY(k1)
PARTITION BY RANGE(k2) (PARTITION p VALUES [('2020-01-01'), ('2020-01-03')))
DISTRIBUTED BY HASH(k1) BUCKETS 2

statement error are not aligned
CREATE MATERIALIZED VIEW mv_bad BUILD DEFERRED REFRESH AUTO ON MANUAL
PARTITION BY (k2) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT k1, k2 FROM t1 UNION ALL SELECT k1, k2 FROM t3

# partition_sync_limit keeps only the latest partitions (here: the one that is still in the future).
statement ok
CREATE TABLE hot (k1 INT, k2 DATE NOT NULL) DUPLICATE KEY(k1)
PARTITION BY RANGE(k2) (
    PARTITION old VALUES [('2020-03-26'), ('2020-03-27')),
    PARTITION future VALUES [('2099-03-26'), ('2099-03-27')))
DISTRIBUTED BY HASH(k1) BUCKETS 2

statement ok
INSERT INTO hot VALUES (1, '2020-03-26'), (2, '2099-03-26')

statement ok
CREATE MATERIALIZED VIEW mv_hot BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (`k2`) DISTRIBUTED BY RANDOM BUCKETS 2
PROPERTIES ('partition_sync_limit' = '1', 'partition_sync_time_unit' = 'DAY')
AS SELECT * FROM hot

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_hot
----
p_20990326_20990327

query
SELECT * FROM mv_hot
----
2|2099-03-26

# Setting the limit to "" clears it: the next refresh covers every partition again.
statement ok
ALTER MATERIALIZED VIEW mv_hot SET ('partition_sync_limit' = '')

statement ok
REFRESH MATERIALIZED VIEW mv_hot AUTO WITH SYNC MODE

query columns=PartitionName
SHOW PARTITIONS FROM mv_hot ORDER BY PartitionName
----
p_20200326_20200327
p_20990326_20990327

query rowsort
SELECT * FROM mv_hot
----
1|2020-03-26
2|2099-03-26

statement error partition_sync_time_unit must be one of DAY, MONTH, YEAR
CREATE MATERIALIZED VIEW mv_bad BUILD DEFERRED REFRESH AUTO ON MANUAL
PARTITION BY (`k2`) DISTRIBUTED BY RANDOM BUCKETS 2
PROPERTIES ('partition_sync_limit' = '1', 'partition_sync_time_unit' = 'HOUR')
AS SELECT * FROM hot

# A string partition column is read as a date with partition_date_format.
statement ok
CREATE TABLE by_day (k1 INT, d VARCHAR(8) NOT NULL) DUPLICATE KEY(k1)
PARTITION BY LIST(d) (PARTITION p_old VALUES IN ('20200101'), PARTITION p_new VALUES IN ('20990101'))
DISTRIBUTED BY HASH(k1) BUCKETS 2

statement ok
INSERT INTO by_day VALUES (1, '20200101'), (2, '20990101')

statement ok
CREATE MATERIALIZED VIEW mv_by_day BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (d) DISTRIBUTED BY RANDOM BUCKETS 2
PROPERTIES ('partition_sync_limit' = '3', 'partition_sync_time_unit' = 'MONTH', 'partition_date_format' = '%Y%m%d')
AS SELECT d, count(*) AS c FROM by_day GROUP BY d

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_by_day
----
p_20990101

query
SELECT * FROM mv_by_day
----
20990101|1
