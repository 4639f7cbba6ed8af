# SET v = DEFAULT resets any variable (the session takes the global value again; GLOBAL goes back to
# the built-in default): Connector/J sends SET sql_select_limit = DEFAULT after
# PreparedStatement.getMetaData(). sql_select_limit caps top-level SELECTs without a LIMIT, as in MySQL.

statement ok
SET sql_select_limit = DEFAULT

statement ok
SET @@session.sql_mode = DEFAULT

statement ok
SET SESSION query_timeout = 60

statement ok
SET query_timeout = DEFAULT

query
SELECT @@query_timeout
----
900

statement ok
SET GLOBAL query_timeout = 120

statement ok
SET query_timeout = 30

statement ok
SET query_timeout = DEFAULT

query
SELECT @@query_timeout, @@global.query_timeout
----
120|120

statement ok
SET GLOBAL query_timeout = DEFAULT

query
SELECT @@query_timeout
----
900

statement ok
SET time_zone = 'Asia/Tokyo'

statement ok
SET time_zone = DEFAULT

query
SELECT @@time_zone = @@global.time_zone
----
1

statement ok
CREATE DATABASE sd

statement ok
USE sd

statement ok
CREATE TABLE t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1), (2), (3), (4), (5)

statement ok
SET sql_select_limit = 2

query
SELECT k FROM t ORDER BY k
----
1
2

# An explicit LIMIT wins; subqueries and INSERT .. SELECT are not capped.
query
SELECT k FROM t ORDER BY k LIMIT 3
----
1
2
3

query
SELECT count(*) FROM (SELECT k FROM t) x
----
5

statement ok
CREATE TABLE t2 (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t2 SELECT k FROM t

statement ok
SET sql_select_limit = DEFAULT

query
SELECT count(*) FROM t2
----
5

statement error Incorrect argument type to variable 'sql_select_limit'
SET sql_select_limit = 'many'

statement error Unknown system variable 'no_such_var'
SET no_such_var = DEFAULT
