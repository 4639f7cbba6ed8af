# Asynchronous MVs: creation, first build, AUTO (partition-tracked) and COMPLETE refresh, as in the
# Doris async-MV guide's lineitem/orders example.

statement ok
CREATE DATABASE mvdb

statement ok
USE mvdb

statement ok
CREATE TABLE lineitem (
    l_orderkey INT NOT NULL, l_partkey INT NOT NULL, l_quantity DECIMAL(15,2) NOT NULL, l_shipdate DATE NOT NULL)
DUPLICATE KEY(l_orderkey, l_partkey)
PARTITION BY RANGE(l_shipdate) (FROM ('2023-10-17') TO ('2023-10-21') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(l_orderkey) BUCKETS 3

statement ok
INSERT INTO lineitem VALUES (1, 2, 5.5, '2023-10-17'), (2, 4, 5.5, '2023-10-18'), (3, 2, 5.5, '2023-10-19')

statement ok
CREATE TABLE orders (o_orderkey INT NOT NULL, o_custkey INT NOT NULL, o_orderdate DATE NOT NULL, o_shippriority INT NOT NULL)
DUPLICATE KEY(o_orderkey, o_custkey)
PARTITION BY RANGE(o_orderdate) (FROM ('2023-10-17') TO ('2023-10-21') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(o_orderkey) BUCKETS 3

statement ok
INSERT INTO orders VALUES (1, 1, '2023-10-17', 1), (1, 1, '2023-10-18', 1), (2, 1, '2023-10-19', 1), (3, 1, '2023-10-19', 1)

# A non-partitioned MV over an outer join, built right after creation.
statement ok
CREATE MATERIALIZED VIEW mv_1_0
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT l_orderkey, to_date(o_orderdate) AS date_alias, o_shippriority
FROM orders LEFT JOIN lineitem ON l_orderkey = o_orderkey

wait tasks

query rowsort
SELECT * FROM mv_1_0
----
1|2023-10-17|1
1|2023-10-18|1
2|2023-10-19|1
3|2023-10-19|1

query
SELECT Name, JobName = concat('inner_mtmv_', Id), State, RefreshState, RefreshInfo, SyncWithBaseTables, MvPartitionInfo
FROM mv_infos('database' = 'mvdb')
----
mv_1_0|1|NORMAL|SUCCESS|BUILD IMMEDIATE REFRESH AUTO ON MANUAL|1|MTMVPartitionInfo{partitionType=SELF_MANAGE}

query
SELECT MvName, MvDatabaseName, Status, RefreshMode, NeedRefreshPartitions, Progress, TaskContext FROM tasks('type' = 'mv')
----
mv_1_0|mvdb|SUCCESS|COMPLETE|["mv_1_0"]|100.00% (1/1)|{"triggerMode":"SYSTEM","partitions":[],"isComplete":false,"refreshMode":"AUTO","planSignatureMatches":true}

# Unchanged bases: AUTO refreshes nothing, the task says so.
statement ok
REFRESH MATERIALIZED VIEW mv_1_0 AUTO WITH SYNC MODE

query
SELECT RefreshMode, NeedRefreshPartitions, Progress FROM tasks('type' = 'mv') ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH|[]|100.00% (0/0)

# A change to any base table makes the single partition stale.
statement ok
INSERT INTO lineitem VALUES (2, 9, 1.0, '2023-10-18')

query
SELECT SyncWithBaseTables FROM mv_infos('database' = 'mvdb')
----
0

statement ok
REFRESH MATERIALIZED VIEW mv_1_0 AUTO WITH SYNC MODE

query rowsort
SELECT * FROM mv_1_0
----
1|2023-10-17|1
1|2023-10-18|1
2|2023-10-19|1
2|2023-10-19|1
3|2023-10-19|1

# A partitioned MV follows the partitions of lineitem.
statement ok
CREATE MATERIALIZED VIEW mv_part
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (l_shipdate)
DISTRIBUTED BY HASH(l_orderkey) BUCKETS 2
AS SELECT l_shipdate, l_orderkey, count(*) AS cnt, sum(l_quantity) AS qty FROM lineitem GROUP BY l_shipdate, l_orderkey

wait tasks

query columns=PartitionName,Range,SyncWithBaseTables,UnsyncTables
SHOW PARTITIONS FROM mv_part
----
p_20231017_20231018|[types: [DATEV2]; keys: [2023-10-17]; ..types: [DATEV2]; keys: [2023-10-18]; )|true|[]
p_20231018_20231019|[types: [DATEV2]; keys: [2023-10-18]; ..types: [DATEV2]; keys: [2023-10-19]; )|true|[]
p_20231019_20231020|[types: [DATEV2]; keys: [2023-10-19]; ..types: [DATEV2]; keys: [2023-10-20]; )|true|[]
p_20231020_20231021|[types: [DATEV2]; keys: [2023-10-20]; ..types: [DATEV2]; keys: [2023-10-21]; )|true|[]

query rowsort
SELECT * FROM mv_part
----
2023-10-17|1|1|5.50
2023-10-18|2|2|6.50
2023-10-19|3|1|5.50

statement ok
INSERT INTO lineitem VALUES (4, 1, 2.0, '2023-10-20'), (5, 1, 3.0, '2023-10-20')

query columns=PartitionName,SyncWithBaseTables,UnsyncTables
SHOW PARTITIONS FROM mv_part
----
p_20231017_20231018|true|[]
p_20231018_20231019|true|[]
p_20231019_20231020|true|[]
p_20231020_20231021|false|[lineitem]

# AUTO rebuilds only the partition whose base partition changed.
statement ok
REFRESH MATERIALIZED VIEW mv_part AUTO WITH SYNC MODE

query
SELECT RefreshMode, NeedRefreshPartitions, CompletedPartitions, Progress FROM tasks('type' = 'mv')
WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|["p_20231020_20231021"]|["p_20231020_20231021"]|100.00% (1/1)

query rowsort
SELECT * FROM mv_part
----
2023-10-17|1|1|5.50
2023-10-18|2|2|6.50
2023-10-19|3|1|5.50
2023-10-20|4|1|2.00
2023-10-20|5|1|3.00

# COMPLETE rebuilds every partition; PARTITIONS (..) only those named.
statement ok
ALTER MATERIALIZED VIEW mv_part SET ("refresh_partition_num" = "3")

statement ok
REFRESH MATERIALIZED VIEW mv_part COMPLETE WITH SYNC MODE

query rowsort
SELECT * FROM mv_part
----
2023-10-17|1|1|5.50
2023-10-18|2|2|6.50
2023-10-19|3|1|5.50
2023-10-20|4|1|2.00
2023-10-20|5|1|3.00

# isComplete says what was asked for: REFRESH .. COMPLETE.
query
SELECT RefreshMode, Progress, TaskContext FROM tasks('type' = 'mv') WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|100.00% (4/4)|{"triggerMode":"MANUAL","partitions":[],"isComplete":true,"refreshMode":"COMPLETE","planSignatureMatches":true}

statement ok
REFRESH MATERIALIZED VIEW mv_part PARTITIONS (p_20231017_20231018) FORCE WITH SYNC MODE

# TaskContext names the partitions the statement asked for, as Doris's does, and (after Doris's keys)
# whether the definition still binds to the plan the MV was created with.
query
SELECT TaskContext FROM tasks('type' = 'mv') WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
{"triggerMode":"MANUAL","partitions":["p_20231017_20231018"],"isComplete":false,"refreshMode":"PARTITIONS","planSignatureMatches":true}

query
SELECT RefreshMode, NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|["p_20231017_20231018"]

# Partitions named are refreshed even when they are in sync, FORCE or not.
statement ok
REFRESH MATERIALIZED VIEW mv_part PARTITIONS (p_20231018_20231019, p_20231019_20231020) WITH SYNC MODE

query
SELECT RefreshMode, NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|["p_20231018_20231019","p_20231019_20231020"]

statement error partition not exist: p_nope
REFRESH MATERIALIZED VIEW mv_part PARTITIONS (p_nope)

# PARTITION p and PARTITION (p, ..) name partitions too.
statement ok
REFRESH MATERIALIZED VIEW mv_part PARTITION p_20231019_20231020 WITH SYNC MODE

query
SELECT NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
["p_20231019_20231020"]

statement ok
REFRESH MATERIALIZED VIEW mv_part PARTITION (p_20231017_20231018) WITH SYNC MODE

query
SELECT NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
["p_20231017_20231018"]

# A new base partition becomes a new MV partition at the next refresh.
statement ok
ALTER TABLE lineitem ADD PARTITION p20231021 VALUES [('2023-10-21'), ('2023-10-22'))

statement ok
INSERT INTO lineitem VALUES (6, 1, 1.0, '2023-10-21')

statement ok
REFRESH MATERIALIZED VIEW mv_part AUTO WITH SYNC MODE

query
SELECT RefreshMode, NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'mv_part' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|["p_20231021_20231022"]

query
SELECT count(*) FROM mv_part PARTITION (p_20231021_20231022)
----
1

# MV rows change only by refresh.
statement error is a materialized view
INSERT INTO mv_part VALUES ('2023-10-17', 9, 9, 9)

statement error Use 'DROP MATERIALIZED VIEW mv_part'
DROP TABLE mv_part

statement ok
DROP MATERIALIZED VIEW mv_part

statement ok
DROP MATERIALIZED VIEW IF EXISTS mv_part

statement error Table [mv_part] does not exist in database [mvdb].
REFRESH MATERIALIZED VIEW mv_part AUTO

# The guide's mv_2_0: a month partition from the non-null side of a LEFT JOIN.
statement ok
CREATE MATERIALIZED VIEW mv_2_0
BUILD IMMEDIATE
REFRESH AUTO
ON MANUAL
PARTITION BY (order_date_month)
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT
    l_orderkey,
    date_trunc(o_orderdate, 'month') as order_date_month,
    o_shippriority
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey

wait tasks

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM mv_2_0
----
p_20231001_20231101|true

query
SELECT MvPartitionInfo FROM mv_infos('database' = 'mvdb') WHERE Name = 'mv_2_0'
----
MTMVPartitionInfo{partitionType=EXPR, relatedTable=orders, relatedCol='o_orderdate', partitionCol='order_date_month'}

query rowsort
SELECT * FROM mv_2_0
----
1|2023-10-01|1
1|2023-10-01|1
2|2023-10-01|1
2|2023-10-01|1
3|2023-10-01|1
