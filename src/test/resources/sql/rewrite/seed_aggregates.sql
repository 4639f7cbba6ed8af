# Transparent rewrite, seed 002 part 2: aggregate rewrite (2.2.4), roll-up (2.2.5), GROUPING SETS
# from a GROUP BY MV (2.2.6) and an aggregate query from a non-aggregate MV (2.2.9). Every query is
# checked with and without rewrite, and EXPLAIN says which MV answered it and why others could not.

include tpch_tables.inc

# 2.2.4 Aggregate rewrite: the same groups, the MV's aggregates as they are, filtered on a group column.
statement ok
CREATE MATERIALIZED VIEW mv4
BUILD IMMEDIATE REFRESH AUTO ON SCHEDULE EVERY 1 hour
DISTRIBUTED BY RANDOM BUCKETS 3
AS
SELECT
    o_shippriority, o_comment,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS cnt_1,
    count(distinct CASE WHEN O_SHIPPRIORITY > 2 AND o_orderkey IN (2) THEN o_custkey ELSE null END) AS cnt_2,
    sum(o_totalprice),
    max(o_totalprice),
    min(o_totalprice),
    count(*)
FROM orders
GROUP BY
    o_shippriority,
    o_comment

wait tasks

query rowsort both
SELECT
    o_shippriority, o_comment,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS cnt_1,
    count(distinct CASE WHEN O_SHIPPRIORITY > 2 AND o_orderkey IN (2) THEN o_custkey ELSE null END) AS cnt_2,
    sum(o_totalprice),
    max(o_totalprice),
    min(o_totalprice),
    count(*)
FROM orders
WHERE o_shippriority IN (1, 2)
GROUP BY
    o_shippriority,
    o_comment
----
1|yy|0|0|44.00|12.50|9.50|4
2|zz|0|0|13.50|13.50|13.50|1

materializations
SELECT
    o_shippriority, o_comment,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS cnt_1,
    count(distinct CASE WHEN O_SHIPPRIORITY > 2 AND o_orderkey IN (2) THEN o_custkey ELSE null END) AS cnt_2,
    sum(o_totalprice),
    max(o_totalprice),
    min(o_totalprice),
    count(*)
FROM orders
WHERE o_shippriority IN (1, 2)
GROUP BY
    o_shippriority,
    o_comment
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv4
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# Coarser groups roll the MV's sums, counts, minimums and maximums up; a COUNT(DISTINCT) kept as a
# count cannot be.
query rowsort both
SELECT o_shippriority, sum(o_totalprice), count(*), max(o_totalprice), min(o_totalprice)
FROM orders GROUP BY o_shippriority
----
1|44.00|4|12.50|9.50
2|13.50|1|13.50|13.50

materializations
SELECT o_shippriority, sum(o_totalprice), count(*), max(o_totalprice), min(o_totalprice)
FROM orders GROUP BY o_shippriority
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv4
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

materializations
SELECT o_shippriority,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS cnt_1
FROM orders GROUP BY o_shippriority
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv4
  FailSummary: The aggregate function of query can not roll up: count(DISTINCT CASE WHEN ((o_shippriority > 1) AND (o_orderkey IN (1, 3))) THEN o_custkey ELSE NULL END)

# A filter on a column that is not a group of the MV cannot be applied to its rows.
materializations
SELECT o_shippriority, sum(o_totalprice) FROM orders WHERE o_orderstatus = 'o' GROUP BY o_shippriority
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv4
  FailSummary: The columns used by query are not in view: o_orderstatus

# No GROUP BY at all: one group, which has a count of 0 when no row qualifies.
query both
SELECT count(*), sum(o_totalprice), max(o_totalprice) FROM orders WHERE o_shippriority = 7
----
0|NULL|NULL

query both
SELECT count(*), sum(o_totalprice), max(o_totalprice) FROM orders
----
5|57.50|13.50

# 2.2.5 Roll-up: the MV groups by more columns than the query; count(distinct) comes from the MV's
# bitmap_union as bitmap_union_count.
statement ok
CREATE MATERIALIZED VIEW mv5
BUILD IMMEDIATE REFRESH AUTO ON SCHEDULE EVERY 1 hour
DISTRIBUTED BY RANDOM BUCKETS 3
AS
SELECT
    l_shipdate, o_orderdate, l_partkey, l_suppkey,
    sum(o_totalprice) AS sum_total,
    max(o_totalprice) AS max_total,
    min(o_totalprice) AS min_total,
    count(*) AS count_all,
    bitmap_union(to_bitmap(CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END)) AS bitmap_union_basic
FROM lineitem
LEFT OUTER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY
    l_shipdate,
    o_orderdate,
    l_partkey,
    l_suppkey

wait tasks

query rowsort both
SELECT
    l_shipdate, l_suppkey,
    sum(o_totalprice) AS sum_total,
    max(o_totalprice) AS max_total,
    min(o_totalprice) AS min_total,
    count(*) AS count_all,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS bitmap_union_basic
FROM lineitem
LEFT OUTER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
WHERE o_orderdate = '2023-10-18' AND l_partkey = 3
GROUP BY
    l_shipdate,
    l_suppkey
----

materializations
SELECT
    l_shipdate, l_suppkey,
    sum(o_totalprice) AS sum_total,
    max(o_totalprice) AS max_total,
    min(o_totalprice) AS min_total,
    count(*) AS count_all,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS bitmap_union_basic
FROM lineitem
LEFT OUTER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
WHERE o_orderdate = '2023-10-18' AND l_partkey = 3
GROUP BY
    l_shipdate,
    l_suppkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv5
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv4
  FailSummary: Match mode is invalid: the query reads lineitem, which the view does not

# The seed's filter finds no row in this data; l_partkey = 4 does.
query rowsort both
SELECT
    l_shipdate, l_suppkey,
    sum(o_totalprice) AS sum_total,
    max(o_totalprice) AS max_total,
    min(o_totalprice) AS min_total,
    count(*) AS count_all,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS bitmap_union_basic
FROM lineitem
LEFT OUTER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
WHERE o_orderdate = '2023-10-18' AND l_partkey = 4
GROUP BY
    l_shipdate,
    l_suppkey
----
2023-10-18|3|13.50|13.50|13.50|1|0

query rowsort both
SELECT
    l_shipdate,
    sum(o_totalprice) AS sum_total,
    count(*) AS count_all,
    count(distinct CASE WHEN o_shippriority > 1 AND o_orderkey IN (1, 3) THEN o_custkey ELSE null END) AS bitmap_union_basic
FROM lineitem
LEFT OUTER JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_shipdate
----
2023-10-17|9.50|1|0
2023-10-18|24.00|3|0
2023-10-19|12.50|1|0

# 2.2.9 An aggregate query from a non-aggregate MV: the join is read from the MV, grouped on top.
statement ok
CREATE MATERIALIZED VIEW mv10_0
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT l_shipdate, o_orderdate, l_partkey,
       l_suppkey, o_totalprice
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate

wait tasks

query rowsort both
SELECT l_shipdate, o_orderdate, l_partkey,
       l_suppkey, sum(o_totalprice) AS sum_total
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY
    l_shipdate,
    o_orderdate,
    l_partkey,
    l_suppkey
----
2023-10-17|2023-10-17|2|3|9.50
2023-10-18|2023-10-18|2|3|10.50
2023-10-18|2023-10-18|4|3|13.50
2023-10-18|NULL|3|3|NULL
2023-10-19|2023-10-19|2|4|12.50

materializations
SELECT l_shipdate, o_orderdate, l_partkey,
       l_suppkey, sum(o_totalprice) AS sum_total
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY
    l_shipdate,
    o_orderdate,
    l_partkey,
    l_suppkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv10_0
MaterializedViewRewriteSuccessButNotChose:
  Names: mv5
MaterializedViewRewriteFail:
  Name: mv4
  FailSummary: Match mode is invalid: the query reads lineitem, which the view does not

query rowsort both
SELECT l_partkey, avg(l_suppkey), count(distinct o_orderdate), sum(o_totalprice) / count(*)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
WHERE l_partkey > 2
GROUP BY l_partkey
----
3|3|0|NULL
4|3|1|13.5

materializations
SELECT l_partkey, avg(l_suppkey), count(distinct o_orderdate), sum(o_totalprice) / count(*)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
WHERE l_partkey > 2
GROUP BY l_partkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv10_0
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv4
  FailSummary: Match mode is invalid: the query reads lineitem, which the view does not
  Name: mv5
  FailSummary: The aggregate function of query can not roll up: avg(l_suppkey)

# 2.2.6 GROUPING SETS, ROLLUP and CUBE from an MV that groups by all their columns.
statement ok
CREATE MATERIALIZED VIEW mv5_1
BUILD IMMEDIATE REFRESH AUTO ON SCHEDULE EVERY 1 hour
DISTRIBUTED BY RANDOM BUCKETS 3
AS
SELECT o_orderstatus, o_orderdate, o_orderpriority,
       sum(o_totalprice) AS sum_total,
       max(o_totalprice) AS max_total,
       min(o_totalprice) AS min_total,
       count(*) AS count_all
FROM orders
GROUP BY
    o_orderstatus, o_orderdate, o_orderpriority

wait tasks

query rowsort both
SELECT o_orderstatus, o_orderdate, o_orderpriority,
       sum(o_totalprice),
       max(o_totalprice),
       min(o_totalprice),
       count(*)
FROM orders
GROUP BY
    GROUPING SETS ((o_orderstatus, o_orderdate), (o_orderpriority), (o_orderstatus), ())
----
NULL|NULL|NULL|57.50|13.50|9.50|5
NULL|NULL|a|44.00|12.50|9.50|4
NULL|NULL|c|13.50|13.50|13.50|1
f|2023-10-18|NULL|13.50|13.50|13.50|1
f|NULL|NULL|13.50|13.50|13.50|1
o|2023-10-17|NULL|9.50|9.50|9.50|1
o|2023-10-18|NULL|10.50|10.50|10.50|1
o|2023-10-19|NULL|24.00|12.50|11.50|2
o|NULL|NULL|44.00|12.50|9.50|4

materializations
SELECT o_orderstatus, o_orderdate, o_orderpriority,
       sum(o_totalprice),
       max(o_totalprice),
       min(o_totalprice),
       count(*)
FROM orders
GROUP BY
    GROUPING SETS ((o_orderstatus, o_orderdate), (o_orderpriority), (o_orderstatus), ())
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv5_1
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv4
  FailSummary: The columns used by query are not in view: group by o_orderstatus
  Name: mv10_0
  FailSummary: Match mode is invalid: the view joins lineitem, which the query does not, and its join may drop or add rows of the other tables
  Name: mv5
  FailSummary: Match mode is invalid: the view joins lineitem, which the query does not, and its join may drop or add rows of the other tables

query rowsort both
SELECT o_orderstatus, o_orderpriority, count(*), grouping(o_orderstatus), grouping_id(o_orderstatus, o_orderpriority)
FROM orders
WHERE o_orderdate >= '2023-10-18'
GROUP BY ROLLUP (o_orderstatus, o_orderpriority)
----
NULL|NULL|4|1|3
f|NULL|1|0|1
f|c|1|0|0
o|NULL|3|0|1
o|a|3|0|0

query rowsort both
SELECT o_orderstatus, o_orderpriority, sum(o_totalprice)
FROM orders
GROUP BY CUBE (o_orderstatus, o_orderpriority)
----
NULL|NULL|57.50
NULL|a|44.00
NULL|c|13.50
f|NULL|13.50
f|c|13.50
o|NULL|44.00
o|a|44.00

materializations
SELECT o_orderstatus, o_orderpriority, sum(o_totalprice)
FROM orders
GROUP BY CUBE (o_orderstatus, o_orderpriority)
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv5_1
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv4
  FailSummary: The columns used by query are not in view: group by o_orderstatus
  Name: mv10_0
  FailSummary: Match mode is invalid: the view joins lineitem, which the query does not, and its join may drop or add rows of the other tables
  Name: mv5
  FailSummary: Match mode is invalid: the view joins lineitem, which the query does not, and its join may drop or add rows of the other tables
