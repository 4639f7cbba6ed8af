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

# The SUM of integers is a BIGINT as in Doris (DuckDB's would be a LARGEINT), also in an MV and a
# window; the SUM of a LARGEINT stays LARGEINT, of a DECIMAL a DECIMAL.
statement ok
CREATE TABLE sums AS SELECT sum(i) AS si, sum(bi) AS sbi, sum(CAST(k AS TINYINT)) AS st, sum(i + i) AS sii,
    sum(CAST(bi AS LARGEINT)) AS sl, sum(k) OVER () AS sw, sum(CAST(k AS DECIMAL(10, 2))) AS sd FROM nums GROUP BY k

query columns=Field,Type
DESC sums
----
si|BIGINT
sbi|BIGINT
st|BIGINT
sii|BIGINT
sl|LARGEINT
sw|BIGINT
sd|DECIMAL(38, 2)

query
SELECT * FROM sums
----
2147483647|9223372036854775807|1|4294967294|9223372036854775807|1|1.00

statement ok
CREATE MATERIALIZED VIEW mv_sum BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, sum(i) AS s FROM nums GROUP BY k

query columns=Field,Type
DESC mv_sum
----
k|INT
s|BIGINT
