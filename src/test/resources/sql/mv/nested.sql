# MVs over views and over other MVs; ON COMMIT refreshes cascade up a chain of MVs; the task history
# keeps at most max_persistence_task_count tasks per MV.

statement ok
CREATE DATABASE ndb

statement ok
USE ndb

statement ok
CREATE TABLE events (id INT, dt DATE NOT NULL, kind VARCHAR(10), v INT) DUPLICATE KEY(id)
PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 2

statement ok
INSERT INTO events VALUES (1, '2024-01-01', 'a', 1), (2, '2024-01-02', 'b', 2), (3, '2024-01-03', 'a', 3)

statement ok
CREATE VIEW big_events AS SELECT id, dt, kind, v FROM events WHERE v > 1

# Partition tracking goes through the view to events.dt.
statement ok
CREATE MATERIALIZED VIEW mv_daily BUILD IMMEDIATE REFRESH AUTO ON COMMIT PARTITION BY (dt)
DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, kind, sum(v) AS total FROM big_events GROUP BY dt, kind

# An MV over the MV, tracking mv_daily's partitions rolled up by month.
statement ok
CREATE MATERIALIZED VIEW mv_monthly BUILD IMMEDIATE REFRESH AUTO ON COMMIT
PARTITION BY (date_trunc(dt, 'month')) DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, sum(total) AS total FROM mv_daily GROUP BY dt

wait tasks

query rowsort
SELECT * FROM mv_daily
----
2024-01-02|b|2
2024-01-03|a|3

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM mv_monthly
----
p_20240101_20240201|true

query
SELECT MvPartitionInfo FROM mv_infos('database' = 'ndb') WHERE Name = 'mv_monthly'
----
MTMVPartitionInfo{partitionType=EXPR, relatedTable=mv_daily, relatedCol='dt', partitionCol='dt'}

# One commit to events refreshes mv_daily, whose new data refreshes mv_monthly.
statement ok
INSERT INTO events VALUES (4, '2024-01-03', 'b', 10)

wait tasks

query rowsort
SELECT * FROM mv_monthly
----
2024-01-02|2
2024-01-03|13

query rowsort
SELECT MvName, RefreshMode, NeedRefreshPartitions, get_json_string(TaskContext, '$.triggerMode') FROM tasks('type' = 'mv')
WHERE TaskId IN (SELECT max(TaskId) FROM tasks('type' = 'mv') GROUP BY MvName)
----
mv_daily|PARTIAL|["p_20240103_20240104"]|COMMIT
mv_monthly|COMPLETE|["p_20240101_20240201"]|COMMIT

# The cap on task history per MV is read at startup (conf/cairn.conf, see FeConfigFileTest):
# ADMIN SET refuses it and changes nothing.
statement error Config 'max_persistence_task_count' is not mutable
ADMIN SET FRONTEND CONFIG ("enable_table_stream" = "true", "max_persistence_task_count" = "2")

query
ADMIN SHOW FRONTEND CONFIG LIKE 'max_persistence_task_count'
----
max_persistence_task_count|100

# Dropping the inner MV puts the outer one in SCHEMA_CHANGE.
statement ok
DROP MATERIALIZED VIEW mv_daily

query
SELECT Name, State, SchemaChangeDetail FROM mv_infos('database' = 'ndb')
----
mv_monthly|SCHEMA_CHANGE|base table mv_daily was dropped

# Created again, mv_daily's commits refresh mv_monthly again, which then reads the new mv_daily.
statement ok
CREATE MATERIALIZED VIEW mv_daily BUILD IMMEDIATE REFRESH AUTO ON COMMIT PARTITION BY (dt)
DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, kind, sum(v) AS total FROM big_events GROUP BY dt, kind

wait tasks

statement ok
INSERT INTO events VALUES (40, '2024-01-02', 'b', 100)

wait tasks

query rowsort
SELECT * FROM mv_monthly
----
2024-01-02|102
2024-01-03|13

query rowsort
SELECT Name, State FROM mv_infos('database' = 'ndb')
----
mv_daily|NORMAL
mv_monthly|NORMAL

statement ok
DELETE FROM events WHERE id = 40

statement ok
DROP MATERIALIZED VIEW mv_daily

# An MV created in another database resolves its definition where it was written.
statement ok
CREATE DATABASE other

statement ok
CREATE MATERIALIZED VIEW other.mv_cross BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT count(*) AS c FROM events

wait tasks

statement ok
INSERT INTO events VALUES (5, '2024-01-01', 'c', 1)

statement ok
REFRESH MATERIALIZED VIEW other.mv_cross WITH SYNC MODE

query
SELECT c FROM other.mv_cross
----
5

# Commits an ON COMMIT MV missed (here: while its job was paused) are caught up at startup.
statement ok
CREATE MATERIALIZED VIEW mv_count BUILD IMMEDIATE REFRESH AUTO ON COMMIT DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT count(*) AS c FROM events

wait tasks

statement ok
PAUSE MATERIALIZED VIEW JOB ON mv_count

statement ok
INSERT INTO events VALUES (6, '2024-01-02', 'd', 1)

statement ok
RESUME MATERIALIZED VIEW JOB ON mv_count

query
SELECT c FROM mv_count
----
5

restart

wait tasks

query
SELECT c FROM ndb.mv_count
----
6

# Dropping a database drops its MVs and their task history.
statement ok
DROP DATABASE other

query
SELECT count(*) FROM tasks('type' = 'mv') WHERE MvDatabaseName = 'other'
----
0
