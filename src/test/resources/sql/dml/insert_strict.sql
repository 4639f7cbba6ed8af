# INSERT details as Doris has them: DEFAULT in VALUES, VALUES rows of different literal types,
# strict-mode errors for NOT NULL, conversion and VARCHAR(n) length, fractions into integer
# columns, and labels used once.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(5) DEFAULT 'dflt', n INT NOT NULL DEFAULT "0")
DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

# DEFAULT stands for the column's default value
statement ok
INSERT INTO t VALUES (1, DEFAULT, DEFAULT), (2, 'x', DEFAULT)

query
SELECT * FROM t ORDER BY k
----
1|dflt|0
2|x|0

# each row's values are converted to the column types, whatever literal types the rows mix
statement ok
INSERT INTO t VALUES ('3', 42, '7'), (4, 3.5, 8.0)

query
SELECT * FROM t WHERE k >= 3 ORDER BY k
----
3|42|7
4|3.5|8

statement error Insert has filtered data in strict mode. Reason: column_name[n], null value for not null column
INSERT INTO t (k, n) VALUES (5, NULL)

statement error Insert has filtered data in strict mode
INSERT INTO t (k, n) VALUES (5, 'abc')

# a string longer than VARCHAR(n) is rejected, not stored
statement error Insert has filtered data in strict mode
INSERT INTO t (k, v) VALUES (5, 'too long for five')

query
SELECT count(*) FROM t
----
4

# a fraction stored into an integer column is dropped, as CAST drops it (DuckDB rounds)
statement ok
CREATE TABLE ints (k INT, d DOUBLE) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO ints VALUES (12.7, 1.0), (-12.7, 2.6)

statement ok
INSERT INTO ints SELECT d * 2, 0 FROM ints WHERE d > 2

query
SELECT k FROM ints ORDER BY k
----
-12
5
12

# a label can be used once per database
statement ok
INSERT INTO t WITH LABEL once (k) VALUES (6)

statement error Label [once] has already been used
INSERT INTO t WITH LABEL once (k) VALUES (7)
