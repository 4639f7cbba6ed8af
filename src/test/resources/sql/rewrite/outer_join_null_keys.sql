# Join derivation tells an outer join's preserved rows by a column that is never NULL in them, not
# by a join key: a preserved row whose join key is NULL is kept (it matched nothing).

statement ok
CREATE DATABASE ojn

statement ok
USE ojn

statement ok
CREATE TABLE jt1 (id INT NOT NULL, k1 INT NULL, k2 INT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE jt2 (id INT NOT NULL, a INT NULL, b INT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO jt1 VALUES (1, 1, 1), (2, 3, 2), (3, NULL, 1)

statement ok
INSERT INTO jt2 VALUES (1, 1, 1), (2, NULL, 5), (3, 7, 7)

statement ok
CREATE MATERIALIZED VIEW full_mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT jt1.id AS id1, k1, k2, jt2.id AS id2, a, b FROM jt1 FULL OUTER JOIN jt2 ON k1 = a

wait tasks

# FULL -> LEFT: jt1's row (3, NULL, 1) matched nothing and stays.
query rowsort both
SELECT k1, k2, a, b FROM jt1 LEFT OUTER JOIN jt2 ON k1 = a
----
1|1|1|1
3|2|NULL|NULL
NULL|1|NULL|NULL

materializations
SELECT k1, k2, a, b FROM jt1 LEFT OUTER JOIN jt2 ON k1 = a
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: full_mv
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# FULL -> RIGHT: jt2's row (2, NULL, 5) stays.
query rowsort both
SELECT k1, a, b FROM jt1 RIGHT OUTER JOIN jt2 ON k1 = a
----
1|1|1
NULL|7|7
NULL|NULL|5

# FULL -> INNER
query rowsort both
SELECT k1, k2, a, b FROM jt1 INNER JOIN jt2 ON k1 = a
----
1|1|1|1

query rowsort both
SELECT count(*), count(k1), count(a) FROM jt1 LEFT JOIN jt2 ON k1 = a
----
3|2|1

# LEFT ANTI from a LEFT OUTER MV: the left rows that matched nothing are those whose right side's
# never-NULL column is NULL (a row whose key is NULL matched nothing too).
statement ok
CREATE MATERIALIZED VIEW left_mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT jt1.id AS id1, k1, k2, jt2.id AS id2, a, b FROM jt1 LEFT OUTER JOIN jt2 ON k1 = a

wait tasks

query rowsort both
SELECT k1, k2 FROM jt1 LEFT ANTI JOIN jt2 ON k1 = a
----
3|2
NULL|1

materializations
SELECT k1, k2 FROM jt1 LEFT ANTI JOIN jt2 ON k1 = a
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: left_mv
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: full_mv
  FailSummary: Match mode is invalid: the query's LEFT ANTI join is not the view's FULL join

query rowsort both
SELECT count(*), sum(k2) FROM jt1 LEFT ANTI JOIN jt2 ON k1 = a WHERE k2 > 1
----
1|2
