# Retention removes changes an IVM MV has not consumed yet: its next strict refresh fails with
# STREAM_UNSUPPORTED and changes nothing, a FALLBACK refresh rebuilds in full. The cleanup here runs
# at startup, after the changelog's bookkeeping was read back.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
SET time_zone = 'UTC'

statement ok
SET cairn_debug_commit_time = '2020-01-01 00:00:00'

statement ok
CREATE TABLE t (k INT NOT NULL, g INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.ttl_seconds" = "3600")

statement ok
INSERT INTO t VALUES (1, 1, 10)

statement ok
CREATE MATERIALIZED VIEW m BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS SELECT g, sum(v) AS s FROM t GROUP BY g

statement ok
REFRESH MATERIALIZED VIEW m INCREMENTAL WITH SYNC MODE

statement ok
INSERT INTO t VALUES (2, 1, 20)

statement ok
SET cairn_debug_commit_time = ''

restart

statement ok
USE db

statement error refresh of materialized view m failed: Incremental refresh of materialized view m is not possible (STREAM_UNSUPPORTED): an internal stream is missing or its changes are no longer all kept; refresh it with COMPLETE or AUTO, or with INCREMENTAL FALLBACK
REFRESH MATERIALIZED VIEW m INCREMENTAL WITH SYNC MODE

query
SELECT g, s FROM m
----
1|10

statement ok
REFRESH MATERIALIZED VIEW m INCREMENTAL FALLBACK WITH SYNC MODE

query
SELECT g, s FROM m
----
1|30

query
SELECT Status, RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = "m" ORDER BY TaskId DESC LIMIT 2
----
SUCCESS|COMPLETE|STREAM_UNSUPPORTED
FAILED|NULL|NULL
