# What incremental maintenance refuses at CREATE, with the seeds' texts (IVMAnalyzer ...) where they
# give one: every shape outside the supported set, base tables that cannot give changes, and refresh
# clauses that contradict each other. A refused CREATE leaves nothing behind, no internal stream either.

statement ok
CREATE DATABASE ivm_rules

statement ok
USE ivm_rules

statement ok
CREATE TABLE facts (id INT, k INT, v INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("enable_unique_key_merge_on_write" = "true", "binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
CREATE TABLE logs (id INT, k INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
CREATE TABLE plain (id INT, k INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE no_before (id INT, k INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
CREATE TABLE totals (k INT, v BIGINT SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO facts VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)

statement ok
INSERT INTO logs VALUES (1, 1, 5), (2, 2, 6)

statement error IVMAnalyzer does not support window functions
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, v, row_number() OVER (PARTITION BY k ORDER BY v) AS rn FROM facts

statement error IVMAnalyzer does not support order by clause
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, v FROM facts ORDER BY v

statement error IVM rewrite failed to fully resolve incremental markers
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, v FROM facts LIMIT 10

statement error IVMAnalyzer only supports UNION ALL, but got: DISTINCT
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k FROM facts UNION SELECT k FROM logs

statement error IVMAnalyzer can only handle UnionRelation, but got: IntersectRelation
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k FROM facts INTERSECT SELECT k FROM logs

statement error IVMAnalyzer can only handle UnionRelation, but got: ExceptRelation
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k FROM facts EXCEPT SELECT k FROM logs

statement error IVMAnalyzer does not support aggregation or DISTINCT inside a FROM subquery, a join input or a UNION ALL branch: aggregate only at the top of the query
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT t.s, count(*) AS c FROM (SELECT k, sum(v) AS s FROM facts GROUP BY k) t GROUP BY t.s

# A FROM subquery that only renames the columns of a top-level aggregate is that aggregate (the
# optimizer merges the projections): it is maintained like one.
statement ok
CREATE MATERIALIZED VIEW renamed REFRESH INCREMENTAL ON MANUAL AS SELECT t.k, t.s FROM (SELECT k, sum(v) AS s FROM facts GROUP BY k) t

statement ok
REFRESH MATERIALIZED VIEW renamed INCREMENTAL WITH SYNC MODE

statement ok
INSERT INTO facts VALUES (1, 1, 10), (2, 1, 5), (3, 2, 7)

statement ok
REFRESH MATERIALIZED VIEW renamed INCREMENTAL WITH SYNC MODE

statement ok
UPDATE facts SET v = 20 WHERE id = 1

statement ok
REFRESH MATERIALIZED VIEW renamed INCREMENTAL WITH SYNC MODE

query rowsort
SELECT k, s FROM renamed
----
1|25
2|7

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = "renamed" ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|NULL

statement ok
DROP MATERIALIZED VIEW renamed

statement ok
DELETE FROM facts WHERE id > 0

statement error IVMAnalyzer does not support subqueries in WHERE, SELECT or join conditions
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k FROM facts WHERE k IN (SELECT k FROM logs)

statement error IVMAnalyzer does not support subqueries in WHERE, SELECT or join conditions
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, (SELECT max(v) FROM logs) AS m FROM facts

statement error IVMAnalyzer does not support LATERAL VIEW
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, e FROM facts LATERAL VIEW explode([1, 2]) tmp AS e

statement error IVMAnalyzer does not support non-deterministic function: now
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL PROPERTIES ("enable_nondeterministic_function" = "true") AS SELECT k, now() AS t FROM facts

statement error IVMAnalyzer does not support distinct aggregate functions
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, count(DISTINCT v) AS c FROM facts GROUP BY k

statement error IVMAnalyzer does not support aggregate function: stddev. Supported functions: [count, sum, avg, min, max, bool_or, approx_count_distinct, ndv, array_agg, collect_list, bitmap_union, bitmap_union_count, bitmap_agg, hll_union, percentile_union]
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, stddev(v) AS sd FROM facts GROUP BY k

statement error IVMAnalyzer does not support join type: LEFT SEMI JOIN
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT f.k FROM facts f LEFT SEMI JOIN logs l ON f.id = l.id

statement error IVMAnalyzer does not support a grouping set listed twice
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, sum(id) AS s FROM facts GROUP BY GROUPING SETS ((k), (k))

statement error IVM base 'plain' requires change data capture to be enabled on the base table. Enable it with ALTER TABLE plain SET ('binlog.enable' = 'true')
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT id, k FROM plain

statement error IVM base 'no_before' is a UNIQUE KEY table and requires before images: ALTER TABLE no_before SET ('binlog.need_historical_value' = 'true')
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT id, k FROM no_before

statement error IVM on AGGREGATE KEY base 'totals' is not supported: list it in excluded_trigger_tables
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT k, v FROM totals

# PARTITION BY follows a base's partition column, as for any async MV (see partitions.sql).
statement error Unable to find a suitable base table for partitioning, the partition column k of table facts is not its partition column
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL PARTITION BY (k) AS SELECT k, v FROM facts

statement error FALLBACK only follows REFRESH INCREMENTAL or REFRESH PARTITIONS
CREATE MATERIALIZED VIEW bad REFRESH COMPLETE FALLBACK ON MANUAL AS SELECT k, v FROM facts

statement error REFRESH PARTITIONS requires the materialized view to have PARTITION BY
CREATE MATERIALIZED VIEW bad REFRESH PARTITIONS ON MANUAL AS SELECT k, v FROM facts

statement error refresh_mode = INCREMENTAL contradicts REFRESH COMPLETE: give one of them
CREATE MATERIALIZED VIEW bad REFRESH COMPLETE ON MANUAL PROPERTIES ("refresh_mode" = "INCREMENTAL") AS SELECT k, v FROM facts

statement ok
CREATE MATERIALIZED VIEW plain_mv REFRESH COMPLETE ON MANUAL AS SELECT id, k FROM plain

statement error IVMAnalyzer does not support table type: MATERIALIZED_VIEW (plain_mv): a materialized view read by an IVM definition must itself be maintained incrementally, without HAVING, with binlog.enable = true
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL AS SELECT id, k FROM plain_mv

statement error Materialized view plain_mv is not maintained incrementally: only a materialized view created with REFRESH INCREMENTAL or AUTO can be refreshed INCREMENTAL
REFRESH MATERIALIZED VIEW plain_mv INCREMENTAL

statement error Incremental maintenance is chosen when a materialized view is created: create plain_mv again with REFRESH INCREMENTAL
ALTER MATERIALIZED VIEW plain_mv REFRESH INCREMENTAL ON MANUAL

query
SELECT count(*) FROM information_schema.table_streams
----
0
