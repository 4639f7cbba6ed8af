# An MV partitioned by a column its WHERE restricts has only the partitions the filter can fill;
# changes to base partitions it leaves out never make the MV stale.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE sales (dt DATE NOT NULL, k INT, v INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (FROM ("2024-01-01") TO ("2024-01-06") INTERVAL 1 DAY)
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO sales VALUES ('2024-01-01', 1, 1), ('2024-01-02', 1, 2), ('2024-01-03', 1, 3), ('2024-01-04', 1, 4), ('2024-01-05', 1, 5)

statement ok
CREATE MATERIALIZED VIEW mv_recent BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY HASH(k) BUCKETS 1
AS SELECT dt, k, sum(v) AS s FROM sales WHERE dt >= '2024-01-03' AND k = 1 GROUP BY dt, k

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_recent
----
p_20240103_20240104
p_20240104_20240105
p_20240105_20240106

query
SELECT dt, s FROM mv_recent ORDER BY dt
----
2024-01-03|3
2024-01-04|4
2024-01-05|5

# A change to a partition the filter leaves out does not make the MV stale.
statement ok
INSERT INTO sales VALUES ('2024-01-01', 1, 100)

query
SELECT SyncWithBaseTables FROM mv_infos('database' = 'db') WHERE Name = 'mv_recent'
----
1

statement ok
INSERT INTO sales VALUES ('2024-01-04', 1, 40)

statement ok
REFRESH MATERIALIZED VIEW mv_recent AUTO WITH SYNC MODE

query
SELECT RefreshMode, NeedRefreshPartitions FROM tasks('type' = 'mv') ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|["p_20240104_20240105"]

query
SELECT dt, s FROM mv_recent ORDER BY dt
----
2024-01-03|3
2024-01-04|44
2024-01-05|5

# BETWEEN, a flipped comparison, IN and a qualified column, rolled up by month.
statement ok
CREATE MATERIALIZED VIEW mv_window BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY HASH(k) BUCKETS 1
AS SELECT s.dt, s.k, s.v FROM sales s WHERE s.dt BETWEEN '2024-01-02' AND '2024-1-3' AND '2024-01-05' > s.dt

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_window
----
p_20240102_20240103
p_20240103_20240104

statement ok
CREATE MATERIALIZED VIEW mv_days BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY HASH(k) BUCKETS 1
AS SELECT dt, k, v FROM sales WHERE dt IN ('2024-01-02', '2024-01-05')

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_days
----
p_20240102_20240103
p_20240105_20240106

query rowsort
SELECT dt, v FROM mv_days
----
2024-01-02|2
2024-01-05|5

# A filter on another column, or an OR, leaves every partition.
statement ok
CREATE MATERIALIZED VIEW mv_all BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY HASH(k) BUCKETS 1
AS SELECT dt, k, v FROM sales WHERE v > 3 OR dt = '2024-01-01'

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_all
----
p_20240101_20240102
p_20240102_20240103
p_20240103_20240104
p_20240104_20240105
p_20240105_20240106

# A self-join: the filter on one reference says nothing of the partitions of the other.
statement ok
CREATE MATERIALIZED VIEW mv_self BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY HASH(k) BUCKETS 1
AS SELECT b.dt, b.k, a.v FROM sales a JOIN sales b ON a.k = b.k WHERE a.dt >= '2024-01-05'

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_self
----
p_20240101_20240102
p_20240102_20240103
p_20240103_20240104
p_20240104_20240105
p_20240105_20240106
