# Transparent rewrite, seed 002 part 2: predicate compensation (2.2.1), join rewrite (2.2.2) and
# join derivation (2.2.3). Every query is checked with and without rewrite, and EXPLAIN says which MV
# answered it and why the others could not.

include tpch_tables.inc

# 2.2.1 Predicate compensation: the MV keeps l_linenumber > 1; a query asking l_linenumber > 2 (and
# more) is answered from it with the difference applied on top.
statement ok
CREATE MATERIALIZED VIEW mv1
BUILD IMMEDIATE REFRESH AUTO ON SCHEDULE EVERY 1 hour
DISTRIBUTED BY RANDOM BUCKETS 3
AS
SELECT t1.l_linenumber,
       o_custkey,
       o_orderdate
FROM (SELECT * FROM lineitem WHERE l_linenumber > 1) t1
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey

wait tasks

query rowsort both
SELECT l_linenumber,
       o_custkey,
       o_orderdate
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber > 2
----
3|NULL|NULL
4|1|2023-10-17
4|1|2023-10-18
4|1|2023-10-19
4|1|2023-10-19
4|2|2023-10-18

materializations
SELECT l_linenumber,
       o_custkey,
       o_orderdate
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber > 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv1
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

query rowsort both
SELECT l_linenumber,
       o_custkey,
       o_orderdate
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber > 2 AND o_orderdate = '2023-10-19'
----
4|1|2023-10-19
4|1|2023-10-19

materializations
SELECT l_linenumber,
       o_custkey,
       o_orderdate
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber > 2 AND o_orderdate = '2023-10-19'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv1
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# A query that wants rows the MV filtered out cannot use it.
query rowsort both
SELECT l_linenumber, o_custkey
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber >= 1
----
2|1
2|1
3|NULL
4|1
4|1
4|1
4|1
4|2

materializations
SELECT l_linenumber, o_custkey
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber >= 1
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv1
  FailSummary: Predicate compensate fail: the query's condition on l_linenumber is not within the view's

# 2.2.2 Join rewrite: the condition l_linenumber > 1 moves up, o_orderdate is filtered on the MV.
query rowsort both
SELECT l_linenumber,
       o_custkey
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber > 1 AND o_orderdate = '2023-10-18'
----
2|1
4|1
4|2

materializations
SELECT l_linenumber,
       o_custkey
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber > 1 AND o_orderdate = '2023-10-18'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv1
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# A column the MV does not keep cannot be read from it.
materializations
SELECT l_linenumber, o_comment
FROM lineitem
LEFT OUTER JOIN orders
ON l_orderkey = o_orderkey
WHERE l_linenumber > 1
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv1
  FailSummary: The columns used by query are not in view: o_comment

# 2.2.3 Join derivation: a LEFT JOIN MV answers the INNER JOIN query, keeping only the rows on
# which the join matched.
statement ok
CREATE MATERIALIZED VIEW mv3
BUILD IMMEDIATE REFRESH AUTO ON SCHEDULE EVERY 1 hour
DISTRIBUTED BY RANDOM BUCKETS 3
AS
SELECT
    l_shipdate, l_suppkey, o_orderdate,
    sum(o_totalprice) AS sum_total,
    max(o_totalprice) AS max_total,
    min(o_totalprice) AS min_total,
    count(*) AS count_all,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS bitmap_union_basic
FROM lineitem
LEFT OUTER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY
    l_shipdate,
    l_suppkey,
    o_orderdate

wait tasks

query rowsort both
SELECT
    l_shipdate, l_suppkey, o_orderdate,
    sum(o_totalprice) AS sum_total,
    max(o_totalprice) AS max_total,
    min(o_totalprice) AS min_total,
    count(*) AS count_all,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS bitmap_union_basic
FROM lineitem
INNER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
WHERE o_orderdate = '2023-10-18' AND l_suppkey = 3
GROUP BY
    l_shipdate,
    l_suppkey,
    o_orderdate
----
2023-10-18|3|2023-10-18|24.00|13.50|10.50|2|0

materializations
SELECT
    l_shipdate, l_suppkey, o_orderdate,
    sum(o_totalprice) AS sum_total,
    max(o_totalprice) AS max_total,
    min(o_totalprice) AS min_total,
    count(*) AS count_all,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS bitmap_union_basic
FROM lineitem
INNER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
WHERE o_orderdate = '2023-10-18' AND l_suppkey = 3
GROUP BY
    l_shipdate,
    l_suppkey,
    o_orderdate
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv3
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv1
  FailSummary: Match mode is invalid: the conditions of the LEFT join differ

# The same without a filter: every matched group, none of the unmatched ones.
query rowsort both
SELECT l_shipdate, l_suppkey, o_orderdate, count(*) AS count_all, sum(o_totalprice)
FROM lineitem
INNER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_shipdate, l_suppkey, o_orderdate
----
2023-10-17|3|2023-10-17|1|9.50
2023-10-18|3|2023-10-18|2|24.00
2023-10-19|4|2023-10-19|1|12.50

# A RIGHT JOIN query keeps rows the LEFT JOIN MV never had.
materializations
SELECT l_shipdate, l_suppkey, o_orderdate, count(*) AS count_all
FROM lineitem
RIGHT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_shipdate, l_suppkey, o_orderdate
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv3
  FailSummary: Match mode is invalid: the view's LEFT join lacks rows the query's RIGHT join keeps
  Name: mv1
  FailSummary: Match mode is invalid: the conditions of the LEFT join differ

# A FULL OUTER JOIN MV answers the same join, and LEFT, RIGHT and INNER joins on the same condition
# from its rows where the sides they need were matched.
statement ok
CREATE MATERIALIZED VIEW full_mv
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 3
AS
SELECT l_orderkey, l_linenumber, o_orderkey, o_custkey, o_orderdate
FROM lineitem FULL OUTER JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate

wait tasks

query rowsort both
SELECT l_orderkey, l_linenumber, o_orderkey, o_custkey
FROM lineitem FULL OUTER JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
----
1|2|1|1
1|4|1|1
2|4|2|2
3|4|3|1
4|3|NULL|NULL
NULL|NULL|2|1

query rowsort both
SELECT l_orderkey, l_linenumber, o_custkey
FROM lineitem LEFT JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
----
1|2|1
1|4|1
2|4|2
3|4|1
4|3|NULL

query rowsort both
SELECT o_orderkey, o_custkey, l_linenumber
FROM lineitem RIGHT JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
WHERE o_orderdate > '2023-10-17'
----
1|1|2
2|1|NULL
2|2|4
3|1|4

query rowsort both
SELECT l_orderkey, l_linenumber, o_custkey
FROM lineitem INNER JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
----
1|2|1
1|4|1
2|4|2
3|4|1

materializations
SELECT o_orderkey, o_custkey, l_linenumber
FROM lineitem RIGHT JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
WHERE o_orderdate > '2023-10-17'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: full_mv
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv3
  FailSummary: Match mode is invalid: the view's LEFT join lacks rows the query's RIGHT join keeps
  Name: mv1
  FailSummary: Match mode is invalid: the conditions of the LEFT join differ

query
EXPLAIN SHAPE PLAN SELECT l_orderkey, l_linenumber, o_custkey
FROM lineitem INNER JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
----
Project
  Filter
    Scan tpch.full_mv
