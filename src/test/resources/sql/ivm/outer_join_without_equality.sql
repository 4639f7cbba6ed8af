# An outer join whose condition has no equality between its sides: any row may pair with any other,
# so its delta recomputes the whole join as it is and as it was. Correct, with a cost that follows the
# tables rather than the change.

statement ok
CREATE DATABASE ivm_nonequi

statement ok
USE ivm_nonequi

statement ok
CREATE TABLE bands (lo INT, hi INT, name VARCHAR(8)) DUPLICATE KEY(lo) DISTRIBUTED BY HASH(lo) BUCKETS 1
PROPERTIES ("binlog.enable" = "true")

statement ok
CREATE TABLE scores (id INT, score INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO bands VALUES (0, 50, 'low'), (50, 101, 'high')

statement ok
INSERT INTO scores VALUES (1, 10), (2, 70), (3, 200)

statement ok
CREATE MATERIALIZED VIEW graded BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL
AS SELECT s.id, b.name, count(*) AS n FROM scores s LEFT JOIN bands b ON s.score >= b.lo AND s.score < b.hi GROUP BY s.id, b.name

wait tasks

query
SELECT * FROM graded ORDER BY id
----
1|low|1
2|high|1
3|NULL|1

statement ok
INSERT INTO bands VALUES (100, 1000, 'top')

statement ok
DELETE FROM bands WHERE name = 'low'

statement ok
INSERT INTO scores VALUES (4, 5)

statement ok
REFRESH MATERIALIZED VIEW graded INCREMENTAL WITH SYNC MODE

query
SELECT * FROM graded ORDER BY id, name
----
1|NULL|1
2|high|1
3|top|1
4|NULL|1

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL
