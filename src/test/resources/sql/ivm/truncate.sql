# A TRUNCATE of a base leaves no changes, only a marker: the next refresh rebuilds the MV (under
# strict INCREMENTAL too) and consumes the marker, so the refresh after it finds nothing to do.

statement ok
CREATE DATABASE ivm_truncate

statement ok
USE ivm_truncate

statement ok
CREATE TABLE t (id INT, g INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO t VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)

statement ok
CREATE MATERIALIZED VIEW sums BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS SELECT g, sum(v) AS s, count(*) AS c FROM t GROUP BY g

wait tasks

statement ok
TRUNCATE TABLE t

statement ok
REFRESH MATERIALIZED VIEW sums INCREMENTAL WITH SYNC MODE

query
SELECT count(*) FROM sums
----
0

statement ok
REFRESH MATERIALIZED VIEW sums INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 2
----
NOT_REFRESH|0
COMPLETE|1

# DELETE on a DUPLICATE KEY base is maintained like any other change.
statement ok
INSERT INTO t VALUES (4, 1, 5), (5, 1, 6), (6, 3, 7)

statement ok
DELETE FROM t WHERE v = 6

statement ok
REFRESH MATERIALIZED VIEW sums INCREMENTAL WITH SYNC MODE

query
SELECT * FROM sums ORDER BY g
----
1|5|1
3|7|1

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL

# A refresh with nothing to do commits nothing; its record is kept in memory and stored with the next
# task that commits, or at shutdown.
statement ok
REFRESH MATERIALIZED VIEW sums INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH

restart

statement ok
USE ivm_truncate

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 3
----
NOT_REFRESH
PARTIAL
NOT_REFRESH
