# Counts rolled up from an aggregate MV over no rows are 0 in every grouping set, as they are when
# the query reads the base table; and a column read from an MV keeps the type the query gives it.

statement ok
CREATE DATABASE rec

statement ok
USE rec

statement ok
CREATE TABLE t (a INT NOT NULL, b INT NULL, dt DATE NOT NULL) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 1, '2024-01-05'), (2, 2, '2024-02-07'), (3, NULL, '2024-02-08')

statement ok
CREATE MATERIALIZED VIEW t_ab BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT a, b, count(*) AS c, count(b) AS cb, sum(b) AS sb FROM t GROUP BY a, b

wait tasks

query rowsort both
SELECT a, count(*), count(b), sum(b) FROM t WHERE a > 5 GROUP BY ROLLUP(a)
----
NULL|0|0|NULL

query rowsort both
SELECT a, count(*), count(b) FROM t WHERE a > 5 GROUP BY CUBE(a)
----
NULL|0|0

query rowsort both
SELECT a, b, count(*), count(b) FROM t WHERE a > 5 GROUP BY GROUPING SETS ((a), (b), ())
----
NULL|NULL|0|0

query rowsort both
SELECT a, count(*), count(b) FROM t WHERE a > 1 GROUP BY ROLLUP(a)
----
2|1|1
3|1|0
NULL|2|1

materializations
SELECT a, count(*), count(b) FROM t WHERE a > 5 GROUP BY ROLLUP(a)
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: t_ab
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# A global aggregate over no rows is one row of zero counts either way.
query rowsort both
SELECT count(*), count(b), sum(b) FROM t WHERE a > 5
----
0|0|NULL

statement ok
CREATE MATERIALIZED VIEW t_month BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT month(dt) AS m, a, count(*) AS c FROM t GROUP BY month(dt), a

wait tasks

query types both
SELECT month(dt) AS m, count(*) AS c FROM t GROUP BY month(dt) ORDER BY m
----
TINYINT|BIGINT
1|1
2|2

query types both
SELECT year(dt), quarter(dt), dayofyear(dt), dayofweek(dt), weekday(dt), week(dt) FROM t WHERE a = 2
----
SMALLINT|TINYINT|SMALLINT|TINYINT|TINYINT|TINYINT
2024|1|38|4|2|5
