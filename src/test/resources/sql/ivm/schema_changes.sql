# Changes to what a definition reads: a column added to a base table keeps the baseline, a dropped one
# (even one the MV does not read) invalidates it, as seed 003 says: the next refresh builds in full; a view of the definition replaced by another changes what it computes
# (PLAN_SIGNATURE_MISMATCH): strict INCREMENTAL fails and changes nothing, FALLBACK rebuilds in full,
# and that build is the new baseline.

statement ok
CREATE DATABASE ivm_schema

statement ok
USE ivm_schema

statement ok
CREATE TABLE t (id INT, g INT, v INT, note VARCHAR(8)) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO t VALUES (1, 1, 10, 'a')

statement ok
CREATE VIEW big AS SELECT id, g, v FROM t WHERE v > 5

statement ok
CREATE MATERIALIZED VIEW sums BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS SELECT g, sum(v) AS s FROM t GROUP BY g

statement ok
CREATE MATERIALIZED VIEW big_sums BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS SELECT g, sum(v) AS s FROM big GROUP BY g

wait tasks

statement ok
ALTER TABLE t ADD COLUMN extra INT

statement ok
ALTER TABLE t DROP COLUMN note

statement ok
INSERT INTO t VALUES (2, 1, 5, 9), (3, 2, 7, 9)

statement ok
REFRESH MATERIALIZED VIEW sums INCREMENTAL WITH SYNC MODE

query
SELECT * FROM sums ORDER BY g
----
1|15
2|7

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = 'sums' ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|NULL

# big_sums reads t too: its baseline went with the dropped column, and AUTO builds it again.
statement ok
REFRESH MATERIALIZED VIEW big_sums AUTO WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") WHERE MvName = 'big_sums' ORDER BY TaskId DESC LIMIT 1
----
COMPLETE

# The view now keeps other rows: the MV's baseline no longer describes it.
statement ok
CREATE OR REPLACE VIEW big AS SELECT id, g, v FROM t WHERE v > 6

statement error refresh of materialized view big_sums failed: Incremental refresh of materialized view big_sums is not possible (PLAN_SIGNATURE_MISMATCH): the definition no longer binds to the plan the MV was built for; refresh it with COMPLETE or AUTO, or with INCREMENTAL FALLBACK
REFRESH MATERIALIZED VIEW big_sums INCREMENTAL WITH SYNC MODE

query
SELECT * FROM big_sums ORDER BY g
----
1|10
2|7

statement ok
REFRESH MATERIALIZED VIEW big_sums INCREMENTAL FALLBACK WITH SYNC MODE

query
SELECT * FROM big_sums ORDER BY g
----
1|10
2|7

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = 'big_sums' ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|PLAN_SIGNATURE_MISMATCH

# The rebuilt MV is the new baseline: the next strict refresh is incremental again.
statement ok
INSERT INTO t VALUES (4, 2, 8, 0)

statement ok
REFRESH MATERIALIZED VIEW big_sums INCREMENTAL WITH SYNC MODE

query
SELECT * FROM big_sums ORDER BY g
----
1|10
2|15

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = 'big_sums' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|NULL
