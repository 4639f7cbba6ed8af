# A MIN/MAX retraction recomputes the groups it touches from the base, inside the refresh. That reads
# the whole input, so when a FALLBACK or AUTO refresh would recompute more than 1,000 groups and over
# half of the MV's, it builds the MV in full instead (MIN_MAX_BOUNDARY_HIT; BITMAP_AGG_DELETE for the
# aggregates kept as values, like bitmaps). Strict INCREMENTAL always recomputes.

statement ok
CREATE DATABASE ivm_recompute

statement ok
USE ivm_recompute

statement ok
CREATE TABLE t (id INT, g INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO t SELECT number, number % 2000, number FROM numbers("number" = "6000")

statement ok
CREATE MATERIALIZED VIEW tops BUILD IMMEDIATE REFRESH INCREMENTAL FALLBACK ON MANUAL AS SELECT g, max(v) AS m, count(*) AS c FROM t GROUP BY g

statement ok
CREATE MATERIALIZED VIEW strict_tops BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS SELECT g, max(v) AS m FROM t GROUP BY g

statement ok
CREATE MATERIALIZED VIEW ids BUILD IMMEDIATE REFRESH INCREMENTAL FALLBACK ON MANUAL
AS SELECT g % 1500 AS h, bitmap_union_count(to_bitmap(id)) AS n FROM t GROUP BY g % 1500

wait tasks

# A few maxima retracted: their groups are recomputed, the refresh stays incremental.
statement ok
DELETE FROM t WHERE id >= 5990

statement ok
REFRESH MATERIALIZED VIEW tops INCREMENTAL FALLBACK WITH SYNC MODE

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|NULL

# The maxima of 1,990 of the 2,000 groups retracted.
statement ok
DELETE FROM t WHERE id >= 4000

statement ok
REFRESH MATERIALIZED VIEW tops INCREMENTAL FALLBACK WITH SYNC MODE

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|MIN_MAX_BOUNDARY_HIT

statement ok
REFRESH MATERIALIZED VIEW strict_tops INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|NULL

statement ok
REFRESH MATERIALIZED VIEW ids AUTO WITH SYNC MODE

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|BITMAP_AGG_DELETE

query
SELECT count(*), sum(m), sum(c) FROM tops
----
2000|5999000|4000

query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ count(*) FROM (SELECT * FROM tops EXCEPT ALL SELECT g, max(v), count(*) FROM t GROUP BY g) AS x
----
0

query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ count(*) FROM (SELECT * FROM strict_tops EXCEPT ALL SELECT g, max(v) FROM t GROUP BY g) AS x
----
0

query
SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ count(*) FROM (SELECT * FROM ids EXCEPT ALL SELECT g % 1500, bitmap_union_count(to_bitmap(id)) FROM t GROUP BY g % 1500) AS x
----
0
