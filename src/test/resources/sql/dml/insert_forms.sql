# INSERT forms: column lists in any order, omitted columns taking their defaults, INSERT ... SELECT,
# WITH LABEL, PARTITION (..), and the errors (column count, unknown column, NOT NULL, bad values),
# after which the table is unchanged.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(10) DEFAULT 'dflt', n INT NOT NULL DEFAULT "0", d DATE)
DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2

statement ok
INSERT INTO t VALUES (1, 'a', 10, '2024-01-01')

statement ok
INSERT INTO t (n, k) VALUES (20, 2)

statement ok
INSERT INTO t (d, v, k) VALUES ('2024-03-01', 'c', 3), ('2024-03-02', NULL, 4)

query
SELECT * FROM t ORDER BY k
----
1|a|10|2024-01-01
2|dflt|20|NULL
3|c|0|2024-03-01
4|NULL|0|2024-03-02

# INSERT ... SELECT, with and without a column list, from the same table and from a query
statement ok
CREATE TABLE t2 (k INT NOT NULL, v VARCHAR(10), n INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t2 SELECT k, v, n FROM t WHERE k <= 2

statement ok
INSERT INTO t2 (n, k) SELECT sum(n), 100 FROM t

statement ok
INSERT INTO t2 WITH x AS (SELECT k + 10 AS k, upper(v) AS v FROM t WHERE v IS NOT NULL) SELECT k, v, 0 FROM x

query
SELECT * FROM t2 ORDER BY k
----
1|a|10
2|dflt|20
11|A|0
12|DFLT|0
13|C|0
100|NULL|30

# values are converted to the column types
statement ok
INSERT INTO t2 VALUES ('200', 42, '7')

query
SELECT k, v, n FROM t2 WHERE k >= 200 ORDER BY k
----
200|42|7

statement ok
INSERT INTO t2 WITH LABEL load_1 VALUES (300, 'labelled', 1)

statement ok
INSERT INTO t2 WITH LABEL load_2 (k, v) SELECT 301, 'labelled'

query
SELECT k, n FROM t2 WHERE v = 'labelled' ORDER BY k
----
300|1
301|NULL

# PARTITION (..) limits the rows to the named partitions
statement ok
CREATE TABLE p (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (PARTITION p1 VALUES LESS THAN ("2024-02-01"), PARTITION p2 VALUES LESS THAN ("2024-03-01"))
DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO p PARTITION (p2) (dt, v) VALUES ('2024-02-15', 1)

statement ok
INSERT INTO p PARTITION (p1, p2) SELECT '2024-01-15', 2 UNION ALL SELECT '2024-02-16', 3

statement error Insert has filtered data in strict mode
INSERT INTO p PARTITION (p1) VALUES ('2024-02-20', 4)

statement error does not exist
INSERT INTO p PARTITION (p9) VALUES ('2024-01-20', 5)

query
SELECT dt, v FROM p ORDER BY v
----
2024-02-15|1
2024-01-15|2
2024-02-16|3

# errors; each leaves the table as it was
statement error Column count doesn't match value count
INSERT INTO t VALUES (5, 'x')

statement error Column count doesn't match value count
INSERT INTO t (k, v) VALUES (5, 'x', 1)

statement error Column count doesn't match value count
INSERT INTO t (k, v) SELECT k FROM t2

statement error Unknown column 'nope' in 't'
INSERT INTO t (k, nope) VALUES (5, 1)

statement error Duplicate column name 'k'
INSERT INTO t (k, k) VALUES (5, 6)

statement error Column has no default value. column: k
INSERT INTO t (v) VALUES ('no key')

statement error Table [missing] does not exist in database [db].
INSERT INTO missing VALUES (1)

# NOT NULL violations and values that do not convert (messages in insert_forms.pending)
statement error
INSERT INTO t VALUES (6, 'ok', 1, NULL), (NULL, 'bad', 1, NULL)

statement error
INSERT INTO t (k, n) VALUES (7, NULL)

statement error
INSERT INTO t (k, n) VALUES (8, 'abc')

statement error
INSERT INTO t (k, d) VALUES (9, 'not a date')

query
SELECT count(*), max(k) FROM t
----
4|4

query
SELECT count(*) FROM t2
----
9
