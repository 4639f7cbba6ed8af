# Large write batches are fully recorded: a first load of 150,000 new keys into a table that keeps
# before images (more than a DuckDB row group), then an upsert of half of them.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (id BIGINT NOT NULL, v BIGINT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO t SELECT number, number FROM numbers("number" = "150000")

query
SELECT count(*), sum(v) FROM t@incr("incrementType" = "DETAIL")
----
150000|11249925000

statement ok
INSERT INTO t SELECT number * 2, 0 FROM numbers("number" = "75000")

query
SELECT __DORIS_CHANGELOG_OP__, count(*) FROM t@incr("incrementType" = "DETAIL") GROUP BY 1 ORDER BY 1
----
0|150000
2|75000
3|75000

query
SELECT __DORIS_CHANGELOG_OP__, count(*) FROM t@incr() GROUP BY 1 ORDER BY 1
----
0|150000
