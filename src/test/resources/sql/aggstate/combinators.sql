# Doris's aggregate-state combinators: <agg>_state(args) makes the state of one row, <agg>_union(state)
# merges states into a state, <agg>_merge(state) merges states into the aggregate's value.

statement ok
CREATE DATABASE states

statement ok
USE states

statement ok
CREATE TABLE d_table (k1 INT NULL, k2 INT NOT NULL, k3 BIGINT NULL, k4 VARCHAR(100) NULL)
DUPLICATE KEY(k1, k2, k3) DISTRIBUTED BY HASH(k1) BUCKETS 3

statement ok
INSERT INTO d_table VALUES (1, 1, 1, 'a'), (2, 2, 2, 'b'), (3, 3, NULL, 'c')

# Doris's own examples (test_agg_state): merging the states of the rows gives the aggregate.
query
SELECT sum_merge(sum_state(k1)), avg_merge(avg_state(k1)), max_by_merge(max_by_state(k1, k3)), min_by_merge(min_by_state(k1, k3)) FROM d_table
----
6|2|2|1

query
SELECT sum_merge(sum_state(1)), sum_merge(sum_state(NULL)) FROM d_table
----
3|NULL

query
SELECT count_merge(count_state(k3)), count_merge(count_state()), min_merge(min_state(k4)), max_merge(max_state(k3)) FROM d_table
----
2|3|a|2

query
SELECT avg_merge(t) FROM (SELECT avg_union(avg_state(1)) AS t FROM d_table GROUP BY k1) p
----
1

query
SELECT sum_merge(s), count_merge(c), avg_merge(a) FROM (SELECT k1 % 2 AS g, sum_union(sum_state(k3)) s, count_union(count_state(k3)) c, avg_union(avg_state(k3)) a FROM d_table GROUP BY k1 % 2) t
----
3|2|1.5

query rowsort
SELECT k1, sum_merge(sum_state(k3)), count_merge(count_state(k3)), avg_merge(avg_state(k3)) FROM d_table GROUP BY k1
----
1|1|1|1
2|2|1|2
3|NULL|0|NULL

query
SELECT ndv_merge(t) FROM (SELECT ndv_union(ndv_state(1)) AS t FROM d_table GROUP BY k1) p
----
1

query
SELECT approx_count_distinct_merge(t) FROM (SELECT approx_count_distinct_union(approx_count_distinct_state(k2)) AS t FROM d_table GROUP BY k1) p
----
3

# count_state() counts rows, as count(*); over no rows the count is 0 (Doris's test_count_state_zero_arguments).
query
SELECT count_merge(count_state()), count_merge(count_state(v)), count_merge(count_state(1)) FROM (SELECT CAST(NULL AS INT) AS v UNION ALL SELECT 1 UNION ALL SELECT 2) t
----
3|2|3

query
SELECT count_merge(s) FROM (SELECT count_union(count_state()) AS s FROM numbers("number" = "10") WHERE number < 0) t
----
0

query
SELECT count_merge(s) FROM (SELECT number % 17 AS k, count_union(count_state()) AS s FROM numbers("number" = "10001") GROUP BY k) t
----
10001

query
SELECT sum_merge(sum_state(CAST(number AS DECIMAL(18, 2)))), avg_merge(avg_state(CAST(number AS DECIMAL(18, 2)))) FROM numbers("number" = "10")
----
45.00|4.5000

# The value's type is the aggregate's: sum of INT is BIGINT, avg of a DECIMAL a DECIMAL(38, 4), count BIGINT.
query types
SELECT sum_merge(sum_state(k1)), avg_merge(avg_state(CAST(k1 AS DECIMAL(10, 2)))), avg_merge(avg_state(k1)), count_merge(count_state(k1)), max_merge(max_state(k4)) FROM d_table
----
BIGINT|DECIMAL(38, 4)|DOUBLE|BIGINT|TEXT
6|2.0000|2|3|c

# The sketches: bitmap and HLL unions, their counts, and NDV.
query
SELECT bitmap_to_string(bitmap_union_merge(bitmap_union_state(to_bitmap(k3)))), bitmap_union_count_merge(bitmap_union_count_state(to_bitmap(k1))), bitmap_to_string(bitmap_agg_merge(bitmap_agg_state(k2))), hll_cardinality(hll_union_merge(hll_union_state(hll_hash(k4)))), hll_union_agg_merge(hll_union_agg_state(hll_hash(k3))), ndv_merge(ndv_state(k4)) FROM d_table
----
1,2|3|1,2,3|3|2|3

query
SELECT bitmap_union_count_merge(s) FROM (SELECT k1 % 2 AS g, bitmap_union_count_union(bitmap_union_count_state(to_bitmap(k2))) AS s FROM d_table GROUP BY k1 % 2) t
----
3

# COUNT(DISTINCT) and SUM(DISTINCT), as Doris's multi_distinct_count and multi_distinct_sum, keep the distinct values.
query
SELECT multi_distinct_count_merge(s), multi_distinct_sum_merge(t) FROM (SELECT k1 % 2 AS g, multi_distinct_count_union(multi_distinct_count_state(k2 % 2)) AS s, multi_distinct_sum_union(multi_distinct_sum_state(k2 % 2)) AS t FROM d_table GROUP BY k1 % 2) x
----
2|1

query
SELECT multi_distinct_count_merge(multi_distinct_count_state(k3)), multi_distinct_sum_merge(multi_distinct_sum_state(k3)) FROM d_table WHERE k3 IS NULL
----
0|NULL

# As window functions: a running union, and a running merge.
query
SELECT k1, sum_merge(s), count_merge(c) FROM (SELECT k1, sum_union(sum_state(k2)) OVER (ORDER BY k1) AS s, count_union(count_state(k3)) OVER (ORDER BY k1) AS c FROM d_table) t GROUP BY k1 ORDER BY k1
----
1|1|1
2|3|2
3|6|2

query
SELECT k1, avg_merge(avg_state(k2)) OVER (ORDER BY k1) FROM d_table ORDER BY k1
----
1|1
2|1.5
3|2

# A state as a client sees it: binary data (here in hex, as the mysql client shows it), as Doris
# sends the bytes of its serialized states.
query types
SELECT sum_state(k1), avg_state(k1) FROM d_table WHERE k1 = 1
----
agg_state|agg_state
0x7B2776273A20317D|0x7B2776273A20312C20276E273A20317D

# GROUP_CONCAT keeps its separator in its state; states of different separators do not merge
# (Doris's "aggregate states have incompatible" parameters).
query
SELECT length(m), replace(m, '-', '') IN ('abc', 'acb', 'bac', 'bca', 'cab', 'cba') FROM (SELECT group_concat_merge(s) AS m FROM (SELECT group_concat_union(group_concat_state(k4, '-')) AS s FROM d_table GROUP BY k1) t) u
----
5|1

query
SELECT group_concat_merge(group_concat_state(k4)), group_concat_merge(group_concat_state(CAST(NULL AS VARCHAR(3)))) FROM d_table WHERE k1 = 2
----
b|NULL

statement error aggregate states have incompatible separators
SELECT group_concat_merge(s) FROM (SELECT group_concat_state(k4, '-') AS s FROM d_table UNION ALL SELECT group_concat_state(k4, '+') FROM d_table) t

# Errors, with Doris's words where it has them.
statement error Can not found function 'foo_union'
SELECT foo_union(k1) FROM d_table

statement error Aggregate function does not support AggState: stddev
SELECT stddev_merge(stddev_state(k1)) FROM d_table

statement error Can not find the compatibility function signature: sum_merge(INT)
SELECT sum_merge(k1) FROM d_table

statement error does not match function min: it requires a state of min
SELECT min_merge(max_state(k1)) FROM d_table

statement error Incorrect parameter count in the call to function 'sum'
SELECT sum_state(k1, k2) FROM d_table

statement error Can not find the compatibility function signature: count_state(INT, INT)
SELECT count_state(k1, k2) FROM d_table

statement error Incorrect parameter count in the call to function 'sum_union'
SELECT sum_union(sum_state(k1), sum_state(k2)) FROM d_table

# States of different arguments do not merge: a UNION ALL of them has no common type.
statement error can not cast from origin type agg_state<sum(BIGINT null)> to target type=agg_state<sum(INT null)>
SELECT sum_merge(s) FROM (SELECT sum_state(k1) AS s FROM d_table UNION ALL SELECT sum_state(k3) FROM d_table) t

# A state of a nullable argument and one of a NOT NULL argument of the same type merge.
query
SELECT sum_merge(s) FROM (SELECT sum_state(k1) AS s FROM d_table UNION ALL SELECT sum_state(k2) FROM d_table) t
----
12

statement error is not an aggregate or window function
SELECT sum_state(DISTINCT k1) FROM d_table
