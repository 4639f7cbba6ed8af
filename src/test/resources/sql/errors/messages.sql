# User errors and their messages end to end: syntax errors with line:column and token, unknown
# database/table/column/function named in the message, No database selected, DROP of what is not
# there. A failed statement leaves the session usable.

statement error No database selected
SELECT * FROM t

statement error No database selected
INSERT INTO t VALUES (1)

statement error No database selected
SHOW TABLES

statement error Syntax error at line 1:0 near 'SELEC'
SELEC 1

statement error Syntax error at line 1:9 near 'FORM'
SELECT * FORM t

statement error Syntax error at line 3:5 at end of input
SELECT a
FROM t
WHERE

statement error Syntax error at line 1:7 near ''oops': unterminated quoted string
SELECT 'oops

statement error Syntax error at line 1:25 near 'BOGUS': unknown data type
CREATE TABLE x (a INT, b BOGUS)

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT, v VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 'a'), (2, 'b')

statement ok
CREATE TABLE u (k INT, w INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Unknown database 'nope'
USE nope

statement error Unknown database 'nope'
SELECT * FROM nope.t

statement error Table [missing] does not exist in database [db].
SELECT * FROM missing

statement error Table [missing] does not exist in database [db].
SELECT * FROM t JOIN missing ON t.k = missing.k

statement error Unknown column 'nope' in 'table list'
SELECT nope FROM t

statement error Unknown column 'nope' in 'table list'
SELECT k FROM t WHERE nope = 1

statement error Unknown column 'nope' in 'table list'
SELECT k FROM t ORDER BY nope

statement error Unknown column 'nope' in 'table list'
SELECT count(*) FROM t GROUP BY nope

statement error Can not found function 'no_such_fn'
SELECT no_such_fn(k) FROM t

statement error Can not found function 'no_such_agg'
SELECT no_such_agg(DISTINCT k) FROM t

statement error Incorrect parameter count in the call to function 'substr'
SELECT substr('abc')

statement error Incorrect parameter count in the call to function 'date_format'
SELECT date_format('2024-01-01')

statement error 'lcase' is not an aggregate or window function
SELECT lcase(DISTINCT v) FROM t

statement error Unknown table 'missing'
DROP TABLE missing

statement error Unknown database 'nope'
DROP TABLE nope.t

statement error Unknown view 'missing'
DROP VIEW missing

statement error Can't drop database 'nope'; database doesn't exist
DROP DATABASE nope

statement error Unknown system variable 'no_such_var'
SELECT @@no_such_var

# division by zero is NULL, not an error
query
SELECT 1 / 0, 1 % 0, k / (k - 1) FROM t ORDER BY k
----
NULL|NULL|NULL
NULL|NULL|2

# the session is still usable after every error
query
SELECT k, v FROM t ORDER BY k
----
1|a
2|b
