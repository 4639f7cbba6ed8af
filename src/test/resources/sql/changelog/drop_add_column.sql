# A column dropped from a table with a changelog and added again under the same name (another type,
# even) starts with no history: @incr and streams show NULL for it in changes made before.

statement ok
CREATE DATABASE da

statement ok
USE da

statement ok
CREATE TABLE t (k INT NOT NULL, c INT, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
CREATE STREAM s ON TABLE t PROPERTIES ("type" = "detail")

statement ok
INSERT INTO t VALUES (1, 10, 100)

statement ok
ALTER TABLE t DROP COLUMN c

statement ok
ALTER TABLE t ADD COLUMN c VARCHAR(10)

statement ok
INSERT INTO t VALUES (2, 200, 'x'), (1, 101, 'y')

query
SELECT k, v, c FROM t ORDER BY k
----
1|101|y
2|200|x

query
SELECT k, v, c, __DORIS_CHANGELOG_OP__ FROM t@incr("incrementType" = "DETAIL") ORDER BY k, __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_OP__
----
1|100|NULL|0
1|100|NULL|2
1|101|y|3
2|200|x|0

query
SELECT k, v, c, __DORIS_CHANGELOG_OP__ FROM t@incr("incrementType" = "MIN_DELTA") ORDER BY k
----
1|101|y|0
2|200|x|0

query
SELECT k, v, c, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s ORDER BY k, __DORIS_STREAM_SEQUENCE_COL__
----
1|100|NULL|APPEND
1|100|NULL|UPDATE_BEFORE
1|101|y|UPDATE_AFTER
2|200|x|APPEND

# And again: dropped twice, each history kept apart.
statement ok
ALTER TABLE t DROP COLUMN c

statement ok
ALTER TABLE t ADD COLUMN c INT

query
SELECT k, v, c FROM t ORDER BY k
----
1|101|NULL
2|200|NULL
