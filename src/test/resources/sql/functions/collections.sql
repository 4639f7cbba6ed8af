# ARRAY, MAP and STRUCT functions: array_slice takes an offset and a length, positions count from 1,
# a missing element is NULL (array_position: 0), and map()/named_struct() build values.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE c (id INT, a ARRAY<INT>, m MAP<STRING, INT>, s STRUCT<name:STRING, age:INT>) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO c VALUES (1, [3, 1, 2], map('x', 1, 'y', 2), named_struct('name', 'ann', 'age', 30)),
  (2, [], map(), named_struct('name', 'bob', 'age', NULL)),
  (3, NULL, NULL, NULL)

query
SELECT id, size(a), array_contains(a, 2), array_position(a, 2), element_at(a, 1), a[2], array_sort(a) FROM c ORDER BY id
----
1|3|1|3|3|1|[1, 2, 3]
2|0|0|0|NULL|NULL|[]
3|NULL|NULL|NULL|NULL|NULL|NULL

query
SELECT array_slice([1, 2, 3, 6], 2, 3), array_slice([1, 4, 3, 5, NULL], -2, 1), array_slice([1, 3, 5], 0), array_slice([1, 3, 5], 2), array_slice([1, 3, 5], 5, 1)
----
[2, 3, 6]|[5]|[]|[3, 5]|[]

query
SELECT array_slice(a, -2, 2) FROM c ORDER BY id
----
[1, 2]
[]
NULL

query
SELECT array_min(a), array_max(a), array_sum(a), array_avg(a), array_join(array_sort(a), '-'), array_distinct([1, 1, 2]) FROM c WHERE id = 1
----
1|3|6|2|1-2-3|[1, 2]

# a column named like a lambda parameter is still the column
query
SELECT array_distinct(x) FROM (SELECT [2, 1, 2, 3, 1] AS x) t
----
[2, 1, 3]

query
SELECT arrays_overlap(a, [2, 9]), array_map(x -> x * 10, a), array_filter(x -> x > 1, a) FROM c WHERE id = 1
----
1|[30, 10, 20]|[3, 2]

query
SELECT id, m['y'], map_keys(m), map_values(m), map_size(m), map_contains_key(m, 'x') FROM c ORDER BY id
----
1|2|["x", "y"]|[1, 2]|2|1
2|NULL|[]|[]|0|0
3|NULL|NULL|NULL|NULL|NULL

query
SELECT id, struct_element(s, 'name'), struct_element(s, 2) FROM c ORDER BY id
----
1|ann|30
2|bob|NULL
3|NULL|NULL

query
SELECT map('a', 1, 'b', 2), named_struct('k', 1, 'v', 'one'), array(1, 2), size([1, NULL, 3])
----
{"a":1, "b":2}|{"k":1, "v":"one"}|[1, 2]|3

statement error The number of arguments of map must be even
SELECT map('a', 1, 'b')
