# Non-strict INSERT (SET enable_insert_strict = false), as Doris does it: a value that does not
# convert becomes NULL; rows with NULL in a NOT NULL column, strings longer than VARCHAR(n) and rows
# in no partition are filtered out and counted (SHOW WARNINGS says why); the statement fails only
# when more than insert_max_filter_ratio of its rows are filtered, and then changes nothing.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(5), n INT)
DUPLICATE KEY(k)
PARTITION BY RANGE(k) (PARTITION p1 VALUES LESS THAN ("100"))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
SET enable_insert_strict = false

query
SELECT @@enable_insert_strict, @@insert_max_filter_ratio
----
false|1.0

statement ok
INSERT INTO t VALUES (1, 'a', 1), (NULL, 'b', 2), (3, 'too long', 3), (4, 'd', 'abc'), (500, 'e', 5), (6, 'f', 6)

query rowsort
SHOW WARNINGS
----
Warning|1265|Insert has filtered data in non-strict mode. Reason: column_name[k], null value for not null column. Rows: 1
Warning|1265|Insert has filtered data in non-strict mode. Reason: column_name[v], the length of input is too long than schema. max length: 5. Rows: 1
Warning|1265|Insert has filtered data in non-strict mode. Reason: no partition for this tuple. Rows: 1

query
SELECT * FROM t ORDER BY k
----
1|a|1
4|d|NULL
6|f|6

# The ratio: 3 of 6 rows filtered is more than 0.4, so nothing is inserted.
statement ok
SET insert_max_filter_ratio = 0.4

statement error Insert has too many filtered data 3/6 insert_max_filter_ratio is 0.400000
INSERT INTO t VALUES (11, 'a', 1), (NULL, 'b', 2), (13, 'too long', 3), (14, 'd', 'abc'), (500, 'e', 5), (16, 'f', 6)

query
SELECT count(*) FROM t
----
3

statement ok
SET insert_max_filter_ratio = 0.5

statement ok
INSERT INTO t SELECT k + 20, v, n FROM t UNION ALL SELECT NULL, 'x', 0

query
SELECT count(*) FROM t
----
6

statement error Variable 'insert_max_filter_ratio' can't be set to the value of '2'
SET insert_max_filter_ratio = 2

statement error Variable 'enable_insert_strict' can't be set to the value of 'maybe'
SET enable_insert_strict = 'maybe'

# Strict mode again: one bad row fails the statement.
statement ok
SET enable_insert_strict = true

statement error Insert has filtered data in strict mode. Reason: column_name[k], null value for not null column
INSERT INTO t VALUES (1, 'a', 1), (NULL, 'b', 2)

statement error Insert has filtered data in strict mode. Reason: no partition for this tuple
INSERT INTO t VALUES (500, 'a', 1)

query
SHOW WARNINGS
----
