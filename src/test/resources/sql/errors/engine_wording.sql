# Errors the engine raises for a user's statement read as Doris words them: an unknown column inside a
# cast is an unknown column, arithmetic on a string and a failed comparison cast name the dialect's
# function and type, and a DATE given to unix_timestamp with a format is read as its text.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (id INT, d DATE, dt DATETIME) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, '2024-01-01', '2024-01-01 10:00:00'), (2, '2024-02-01', '2024-02-01 11:30:15')

statement error Unknown column 'nosuchcol' in 'table list'
SELECT nosuchcol FROM t

statement error Unknown column 'nosuchcol' in 'table list'
SELECT CAST(nosuchcol AS INT) FROM t

statement error Unknown column 'nosuchcol' in 'table list'
SELECT date_add(nosuchcol, INTERVAL 1 DAY) FROM t

statement error Unknown column 'nosuchcol' in 't'
SELECT CAST(t.nosuchcol AS BIGINT) FROM t

# Doris reads 'a' as a DOUBLE (NULL) and compares after a cast that fails (no rows): see query/implicit_casts.sql
query
SELECT 'a' + 1
----
NULL

query
SELECT * FROM t WHERE id = 'abc'
----

query
SELECT id FROM t WHERE id = '2'
----
2

# a DATE is read as its text '2024-01-01', which this format does not match: NULL, not an error
query
SELECT unix_timestamp(d, '%Y-%m-%d %H:%i-%s') FROM t ORDER BY id
----
NULL
NULL

query
SELECT str_to_date(d, '%Y-%m-%d'), unix_timestamp(dt, '%Y-%m-%d %H:%i:%s') = unix_timestamp(dt) FROM t ORDER BY id
----
2024-01-01|1
2024-02-01|1

statement error select list expression not produced by aggregation output (missing from GROUP BY clause?): d
SELECT d, count(*) FROM t

statement error WHERE clause must not contain aggregate functions
SELECT id FROM t WHERE sum(id) > 1

statement error Operands have unequal number of columns
SELECT id, d FROM t UNION SELECT id FROM t

statement error Incorrect date value: '2024-13-45'
SELECT DATE '2024-13-45'

statement ok
CREATE TABLE times (k INT, dt DATETIME, d DATE) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Insert has filtered data in strict mode. Reason: Incorrect datetime value: 'notadatetime'
INSERT INTO times VALUES (1, 'notadatetime', '2024-01-01')

statement error Insert has filtered data in strict mode. Reason: Incorrect date value: 'notadate'
INSERT INTO times VALUES (1, '2024-01-01', 'notadate')
