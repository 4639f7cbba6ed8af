# ivm_partition_window_limit on a table joined to others: a change outside the window cannot be
# skipped, since later changes of the other tables are joined with the table as it is now (an
# update of users would retract a row the MV never held and keep the stale one beside its
# replacement). The MV partitions such a change feeds are rebuilt instead.

statement ok
CREATE DATABASE ivm_window_joins

statement ok
USE ivm_window_joins

statement ok
CREATE TABLE o (dt DATE NOT NULL, id INT NOT NULL, uid INT, v INT) UNIQUE KEY(dt, id)
PARTITION BY RANGE(dt) (FROM ('2026-01-01') TO ('2026-01-04') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
CREATE TABLE u (uid INT NOT NULL, name VARCHAR(10)) UNIQUE KEY(uid) DISTRIBUTED BY HASH(uid) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO o VALUES ('2026-01-01', 1, 1, 110), ('2026-01-02', 2, 1, 220), ('2026-01-03', 3, 2, 330)

statement ok
INSERT INTO u VALUES (1, 'a'), (2, 'b')

statement ok
CREATE MATERIALIZED VIEW mj BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL
PROPERTIES ("ivm_partition_window_limit" = "o:2") AS SELECT o.dt, o.id, o.v, u.name FROM o JOIN u ON o.uid = u.uid

statement ok
CREATE MATERIALIZED VIEW mjp BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (dt)
PROPERTIES ("ivm_partition_window_limit" = "o:2") AS SELECT o.dt, o.id, o.v, u.name FROM o JOIN u ON o.uid = u.uid

wait tasks

# 2026-01-01 is outside the window.
statement ok
UPDATE o SET v = 111 WHERE id = 1

statement ok
REFRESH MATERIALIZED VIEW mj INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW mjp INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") WHERE MvName = 'mjp' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|1

statement ok
UPDATE u SET name = 'aa' WHERE uid = 1

statement ok
REFRESH MATERIALIZED VIEW mj INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW mjp INCREMENTAL WITH SYNC MODE

query
SELECT * FROM mj ORDER BY dt
----
2026-01-01|1|111|aa
2026-01-02|2|220|aa
2026-01-03|3|330|b

query
SELECT * FROM mjp ORDER BY dt
----
2026-01-01|1|111|aa
2026-01-02|2|220|aa
2026-01-03|3|330|b

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM mjp
----
p_20260101_20260102|true
p_20260102_20260103|true
p_20260103_20260104|true
