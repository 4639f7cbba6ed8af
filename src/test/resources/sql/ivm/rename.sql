# Renaming an incremental MV (or swapping it with REPLACE) keeps its rows: its one partition is named
# after it and is renamed with it, so the next incremental refresh applies changes to the rows it has
# (it used to take the partition for one that was dropped and empty the MV). SHOW PARTITIONS shows the
# new name and the MV stays in sync.
statement ok
CREATE DATABASE ivm_rename

statement ok
USE ivm_rename

statement ok
CREATE TABLE t (id INT NOT NULL, g INT, v INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("enable_unique_key_merge_on_write" = "true", "binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO t VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)

statement ok
CREATE MATERIALIZED VIEW m REFRESH INCREMENTAL ON MANUAL AS SELECT g, count(*) AS c, sum(v) AS s FROM t GROUP BY g

statement ok
REFRESH MATERIALIZED VIEW m INCREMENTAL WITH SYNC MODE

statement ok
ALTER MATERIALIZED VIEW m RENAME m2

statement ok
INSERT INTO t VALUES (4, 2, 40)

statement ok
REFRESH MATERIALIZED VIEW m2 INCREMENTAL WITH SYNC MODE

query rowsort
SELECT g, c, s FROM m2
----
1|2|30
2|2|70

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM m2
----
m2|true

query
SELECT RefreshMode FROM tasks("type" = "mv") WHERE MvName = "m2" ORDER BY TaskId DESC LIMIT 1
----
PARTIAL

# An MV refreshed in full is rebuilt under its new name alike, with nothing lost meanwhile.
statement ok
CREATE MATERIALIZED VIEW full_mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT g, sum(v) AS s FROM t GROUP BY g

wait tasks

statement ok
ALTER MATERIALIZED VIEW full_mv RENAME full_mv2

query rowsort
SELECT g, s FROM full_mv2
----
1|30
2|70

statement ok
REFRESH MATERIALIZED VIEW full_mv2 AUTO WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") WHERE MvName = "full_mv2" ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH
