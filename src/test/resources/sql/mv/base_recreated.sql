# A base table dropped and created again under its MVs: they go to SCHEMA_CHANGE, and the refresh
# that their state names brings them back, partitions following the new table, versions recorded
# again, an incremental MV's internal stream created on the new table.

statement ok
CREATE DATABASE base_recreated

statement ok
USE base_recreated

statement ok
CREATE TABLE t (dt DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(dt, id)
PARTITION BY RANGE(dt) (FROM ('2026-01-01') TO ('2026-01-03') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO t VALUES ('2026-01-01', 1, 10), ('2026-01-02', 2, 20)

statement ok
CREATE MATERIALIZED VIEW pmv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL PARTITION BY (dt) AS SELECT dt, sum(v) AS s FROM t GROUP BY dt

statement ok
CREATE MATERIALIZED VIEW imv BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS SELECT dt, sum(v) AS s, count(*) AS c FROM t GROUP BY dt

wait tasks

statement ok
DROP TABLE t

statement ok
CREATE TABLE t (dt DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(dt, id)
PARTITION BY RANGE(dt) (FROM ('2026-01-01') TO ('2026-01-03') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO t VALUES ('2026-01-01', 1, 11)

query
SELECT Name, State, SchemaChangeDetail, SyncWithBaseTables FROM mv_infos("database" = "base_recreated") ORDER BY Name
----
imv|SCHEMA_CHANGE|base table t was replaced|0
pmv|SCHEMA_CHANGE|base table t was replaced|0

statement ok
REFRESH MATERIALIZED VIEW pmv COMPLETE WITH SYNC MODE

query columns=PartitionName,SyncWithBaseTables,UnsyncTables
SHOW PARTITIONS FROM pmv
----
p_20260101_20260102|true|[]
p_20260102_20260103|true|[]

statement ok
REFRESH MATERIALIZED VIEW imv COMPLETE WITH SYNC MODE

query
SELECT Name, State, SyncWithBaseTables FROM mv_infos("database" = "base_recreated") ORDER BY Name
----
imv|NORMAL|1
pmv|NORMAL|1

query rowsort both
SELECT dt, sum(v) FROM t GROUP BY dt
----
2026-01-01|11

# The incremental MV reads the new table's changes.
statement ok
INSERT INTO t VALUES ('2026-01-02', 2, 22)

statement ok
REFRESH MATERIALIZED VIEW imv INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") WHERE MvName = 'imv' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL

query
SELECT * FROM imv ORDER BY dt
----
2026-01-01|11|1
2026-01-02|22|1

# One internal stream, on the new table; the old one went with its table.
query
SELECT count(*), min(BASE_TABLE_NAME) FROM information_schema.table_streams
----
1|t

# Another replacement, and AUTO (incremental when it can) rebuilds and carries on.
statement ok
DROP TABLE t

statement ok
CREATE TABLE t (dt DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(dt, id)
PARTITION BY RANGE(dt) (FROM ('2026-01-01') TO ('2026-01-03') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO t VALUES ('2026-01-02', 7, 70)

statement error Incremental refresh of materialized view imv is not possible (STREAM_UNSUPPORTED)
REFRESH MATERIALIZED VIEW imv INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW imv AUTO WITH SYNC MODE

statement ok
INSERT INTO t VALUES ('2026-01-02', 8, 80)

statement ok
REFRESH MATERIALIZED VIEW imv INCREMENTAL WITH SYNC MODE

query
SELECT * FROM imv ORDER BY dt
----
2026-01-02|150|2

query
SELECT Name, State, SyncWithBaseTables FROM mv_infos("database" = "base_recreated") WHERE Name = 'imv'
----
imv|NORMAL|1

restart

statement ok
USE base_recreated

statement ok
INSERT INTO t VALUES ('2026-01-01', 9, 90)

statement ok
REFRESH MATERIALIZED VIEW imv INCREMENTAL WITH SYNC MODE

query
SELECT * FROM imv ORDER BY dt
----
2026-01-01|90|1
2026-01-02|150|2
