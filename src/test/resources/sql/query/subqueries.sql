# Subqueries in FROM, IN, EXISTS and scalar position; WITH; set operations.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT, v INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)

query
SELECT s.total FROM (SELECT sum(v) AS total FROM t) s
----
60

query
SELECT k FROM t WHERE k IN (SELECT k FROM t WHERE v > 15) ORDER BY k
----
2
3

query
SELECT k FROM t WHERE k NOT IN (1, 2)
----
3

query
SELECT k FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE b.k = a.k + 1) ORDER BY k
----
1
2

query
SELECT k, (SELECT max(v) FROM t) - v AS gap FROM t ORDER BY k
----
1|20
2|10
3|0

query
WITH big AS (SELECT k FROM t WHERE v >= 20), small(x) AS (SELECT k FROM t WHERE v < 20)
SELECT * FROM big UNION ALL SELECT * FROM small ORDER BY 1
----
1
2
3

query
SELECT k FROM t UNION SELECT k FROM t ORDER BY k
----
1
2
3

query
SELECT k FROM t INTERSECT SELECT 2
----
2

query
SELECT k FROM t EXCEPT SELECT 2 ORDER BY k
----
1
3

query
SELECT k FROM t MINUS SELECT 1 ORDER BY k DESC LIMIT 1
----
3
