# Doris widens integer arithmetic instead of overflowing: INT + INT is a BIGINT, BIGINT + BIGINT a
# LARGEINT, and a literal has the smallest integer type that holds it.
statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE nums (k INT NOT NULL, i INT, bi BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO nums VALUES (1, 2147483647, 9223372036854775807)

# Doris widens integer sums: INT + INT is a BIGINT, BIGINT + BIGINT a LARGEINT
query
SELECT i + 1, i * 2, bi + 1, bi * 2 FROM nums
----
2147483648|4294967294|9223372036854775808|18446744073709551614


# Through subqueries, views, joins and nested arithmetic; other types are left to DuckDB.
statement ok
CREATE VIEW v AS SELECT k, i * i AS sq FROM nums

query
SELECT sq, sq + sq FROM v
----
4611686014132420609|9223372028264841218

query
SELECT t.i + n.i, t.i - (-1) FROM (SELECT k, i FROM nums) t JOIN nums n ON t.k = n.k
----
4294967294|2147483648

query
SELECT 2147483647 + 1, 127 + 1, 1.5 + 1, i + 0.5 FROM nums
----
2147483648|128|2.5|2147483647.5

query
SELECT i + 1 FROM nums WHERE i + 1 > 2147483647 ORDER BY i * 2
----
2147483648

statement ok
CREATE TABLE wide AS SELECT i + 1 AS j FROM nums

query columns=Field,Type
DESC wide
----
j|BIGINT
