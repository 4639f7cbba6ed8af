# Aggregate functions: counting (with NULLs and DISTINCT), sum/avg/min/max, approximate distinct
# counts on small inputs, bool_or/bool_and, array_agg vs collect_list, group_concat's default ', '
# separator, population stddev/variance, percentiles, any_value, min_by/max_by, and empty inputs.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (g VARCHAR(5), v INT, name VARCHAR(10), flag BOOLEAN) DUPLICATE KEY(g) DISTRIBUTED BY HASH(g) BUCKETS 2

statement ok
INSERT INTO t VALUES ('a', 1, 'x', true), ('a', 2, 'y', false), ('a', 2, 'z', false), ('a', NULL, NULL, NULL), ('b', 5, 'p', false), ('b', 9, 'q', false)

query
SELECT count(*), count(v), count(DISTINCT v), sum(v), min(v), max(v) FROM t
----
6|5|4|19|1|9

query
SELECT g, count(*), count(v), count(DISTINCT v), sum(v), avg(v) FROM t GROUP BY g ORDER BY g
----
a|4|3|2|5|1.6666666666666667
b|2|2|2|14|7

query
SELECT count(DISTINCT g, v) FROM t
----
4

query
SELECT min(name), max(name), min(g), max(flag) FROM t
----
p|z|a|1

query
SELECT g, approx_count_distinct(v), ndv(name) FROM t GROUP BY g ORDER BY g
----
a|2|3
b|2|2

query
SELECT g, bool_or(flag), bool_and(flag) FROM t GROUP BY g ORDER BY g
----
a|1|0
b|0|0

# array_agg keeps NULLs, collect_list skips them
query
SELECT g, size(array_agg(v)), size(collect_list(v)), array_sort(collect_list(v)), array_sort(collect_set(v)) FROM t GROUP BY g ORDER BY g
----
a|4|3|[1, 2, 2]|[1, 2]
b|2|2|[5, 9]|[5, 9]

query
SELECT array_sort(collect_list(name)) FROM t WHERE g = 'a'
----
["x", "y", "z"]

# group_concat: Doris separates with ', ' by default and skips NULLs
query
SELECT g, group_concat(name ORDER BY name) FROM t GROUP BY g ORDER BY g
----
a|x, y, z
b|p, q

query
SELECT group_concat(name ORDER BY name DESC SEPARATOR '|'), group_concat(DISTINCT CAST(v AS STRING) ORDER BY CAST(v AS STRING)), group_concat(name, '-' ORDER BY name) FROM t WHERE g = 'b'
----
q|p|5, 9|p-q

query
SELECT group_concat(DISTINCT CAST(v AS STRING) ORDER BY CAST(v AS STRING) SEPARATOR ';') FROM t
----
1;2;5;9

statement ok
CREATE TABLE m (k INT, x INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO m VALUES (1, 2), (2, 4), (3, 4), (4, 4), (5, 5), (6, 5), (7, 7), (8, 9)

# stddev and variance are the population forms; the _samp forms divide by n - 1
query
SELECT stddev(x), stddev_pop(x), variance(x), var_pop(x), variance_samp(x), var_samp(x), stddev_samp(x) FROM m
----
2|2|4|4|4.571428571428571|4.571428571428571|2.138089935299395

query
SELECT percentile(k, 0.5), percentile(k, 0.25), percentile_approx(x, 0.5), percentile_approx(k, 0) FROM m WHERE k <= 5
----
3|2|4|1

query
SELECT any_value(x) FROM m WHERE k = 3
----
4

query
SELECT max_by(k, x), min_by(k, x), max_by(name, v), min_by(name, v) FROM m, (SELECT name, v FROM t WHERE g = 'b') s
----
8|1|q|p

# aggregates over no rows: count is 0, the others NULL
query
SELECT count(*), count(v), sum(v), avg(v), min(v), max(v), group_concat(name), stddev(v) FROM t WHERE v > 100
----
0|0|NULL|NULL|NULL|NULL|NULL|NULL

query
SELECT g, sum(v) FROM t WHERE v > 100 GROUP BY g
----

query
SELECT sum(CASE WHEN x > 4 THEN x END), count(CASE WHEN x > 4 THEN 1 END), sum(DISTINCT x), avg(DISTINCT x) FROM m
----
26|4|27|5.4
