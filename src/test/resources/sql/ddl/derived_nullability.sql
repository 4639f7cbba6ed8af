# CTAS tables and MVs take each column's nullability from the query's plan, as Doris does: a column
# the query can never make NULL (a NOT NULL column, count(*), a CASE over two literals, coalesce with a
# literal) is NOT NULL; anything else (an outer join's other side, sum, a division) is nullable.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (id INT NOT NULL, name VARCHAR(10), v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE u (id INT NOT NULL, w INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 'a', 10), (2, NULL, NULL)

statement ok
CREATE TABLE c AS SELECT t.id, name, CASE WHEN v > 5 THEN 'big' ELSE 'small' END AS size, coalesce(name, '-') AS shown, u.w, v / 2 AS half FROM t LEFT JOIN u ON t.id = u.id

query columns=Field,Null
DESC c
----
id|No
name|Yes
size|No
shown|No
w|Yes
half|Yes

statement ok
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT id, count(*) AS n, sum(v) AS total, max(name) AS top FROM t GROUP BY id

wait tasks

query columns=Field,Null
DESC mv
----
id|No
n|No
total|Yes
top|Yes

query
SELECT id, n, total, top FROM mv ORDER BY id
----
1|1|10|a
2|1|NULL|NULL
