# The aggregates that cannot take a retraction back (BOOL_OR, NDV / APPROX_COUNT_DISTINCT, the bitmap,
# HLL and percentile unions, ARRAY_AGG, COLLECT_LIST) are kept by their value: every group a change
# touches is recomputed from the base in the same refresh, which stays incremental (PARTIAL); a group
# whose rows are all gone disappears, and a global aggregate keeps its row with the empty value.

statement ok
CREATE DATABASE ivm_aggs

statement ok
USE ivm_aggs

statement ok
CREATE TABLE ev (id INT, g VARCHAR(4), u INT, ok BOOLEAN) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO ev VALUES (1, 'a', 10, false), (2, 'a', 11, true), (3, 'b', 10, false), (4, 'b', 10, false)

statement ok
CREATE MATERIALIZED VIEW per_group BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT g, bool_or(ok) AS any_ok, ndv(u) AS n1, approx_count_distinct(u) AS n2, bitmap_union_count(to_bitmap(u)) AS n3,
       bitmap_union(to_bitmap(u)) AS bm, hll_union(hll_hash(u)) AS h, array_agg(u) AS us, collect_list(u) AS cl,
       bitmap_agg(u) AS ba, percentile_union(percentile_hash(u)) AS p, count(*) AS c
FROM ev GROUP BY g

statement ok
CREATE MATERIALIZED VIEW overall BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT bool_or(ok) AS any_ok, array_agg(u) AS us FROM ev

wait tasks

query
SELECT g, any_ok, n1, n2, n3, bitmap_to_string(bm), hll_cardinality(h), array_sort(us), array_sort(cl), bitmap_to_string(ba),
       percentile_approx_raw(p, 0.5), c
FROM per_group ORDER BY g
----
a|1|2|2|2|10,11|2|[10, 11]|[10, 11]|10,11|10.5|2
b|0|1|1|1|10|1|[10, 10]|[10, 10]|10|10|2

statement ok
UPDATE ev SET ok = true WHERE id = 3

statement ok
DELETE FROM ev WHERE id = 2

statement ok
INSERT INTO ev VALUES (5, 'c', 7, NULL)

statement ok
REFRESH MATERIALIZED VIEW per_group INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW overall INCREMENTAL WITH SYNC MODE

query
SELECT g, any_ok, n1, n2, n3, bitmap_to_string(bm), hll_cardinality(h), array_sort(us), array_sort(cl), bitmap_to_string(ba),
       percentile_approx_raw(p, 0.5), c
FROM per_group ORDER BY g
----
a|0|1|1|1|10|1|[10]|[10]|10|10|1
b|1|1|1|1|10|1|[10, 10]|[10, 10]|10|10|2
c|NULL|1|1|1|7|1|[7]|[7]|7|7|1

# The same as the definition computes it.
query
SELECT g, bool_or(ok), ndv(u), approx_count_distinct(u), bitmap_union_count(to_bitmap(u)), bitmap_to_string(bitmap_union(to_bitmap(u))),
       hll_cardinality(hll_union(hll_hash(u))), array_sort(array_agg(u)), array_sort(collect_list(u)), bitmap_to_string(bitmap_agg(u)),
       percentile_approx_raw(percentile_union(percentile_hash(u)), 0.5), count(*)
FROM ev GROUP BY g ORDER BY g
----
a|0|1|1|1|10|1|[10]|[10]|10|10|1
b|1|1|1|1|10|1|[10, 10]|[10, 10]|10|10|2
c|NULL|1|1|1|7|1|[7]|[7]|7|7|1

query
SELECT any_ok, array_sort(us) FROM overall
----
1|[7, 10, 10, 10]

statement ok
DELETE FROM ev WHERE id > 0

statement ok
REFRESH MATERIALIZED VIEW per_group INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW overall INCREMENTAL WITH SYNC MODE

query
SELECT count(*) FROM per_group
----
0

query
SELECT any_ok, us FROM overall
----
NULL|[]

query
SELECT DISTINCT RefreshMode FROM tasks("type" = "mv") WHERE TaskContext LIKE '%"triggerMode":"MANUAL"%'
----
PARTIAL
