# Transparent rewrite, seed 002 part 2: partition compensation (2.2.7). A partitioned MV whose base
# changed in some partitions still answers: its partitions in sync, UNION ALL the query over the base
# partitions it does not hold (enable_materialized_view_union_rewrite, on by default).

include tpch_tables.inc

statement ok
CREATE MATERIALIZED VIEW mv7
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (l_shipdate)
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT l_shipdate, o_orderdate, l_partkey,
       l_suppkey, sum(o_totalprice) AS sum_total
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY
    l_shipdate,
    o_orderdate,
    l_partkey,
    l_suppkey

wait tasks

materializations
SELECT l_shipdate, o_orderdate, l_partkey, l_suppkey, sum(o_totalprice) AS sum_total
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
  Names: mv7
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# New rows in partition 2023-10-21 (and more in 2023-10-18); the MV is not refreshed.
statement ok
INSERT INTO lineitem VALUES
(1, 2, 3, 4, 5.5, 6.5, 7.5, 8.5, 'o', 'k', '2023-10-21', '2023-10-21', '2023-10-21', 'a', 'b', 'yyyyyyyyy'),
(2, 4, 3, 5, 5.5, 6.5, 7.5, 8.5, 'o', 'k', '2023-10-18', '2023-10-18', '2023-10-18', 'a', 'b', 'yyyyyyyyy')

query rowsort both
SELECT l_shipdate, o_orderdate, l_partkey, l_suppkey, sum(o_totalprice) AS sum_total
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
2023-10-18|2023-10-18|4|3|27.00
2023-10-18|NULL|3|3|NULL
2023-10-19|2023-10-19|2|4|12.50
2023-10-21|NULL|2|3|NULL

materializations
SELECT l_shipdate, o_orderdate, l_partkey, l_suppkey, sum(o_totalprice) AS sum_total
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
  Names: mv7
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# A roll-up across partitions is computed over the MV's fresh rows and the base's stale ones together.
query rowsort both
SELECT l_suppkey, sum(o_totalprice), count(*)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_suppkey
----
3|47.00|6
4|12.50|1

materializations
SELECT l_suppkey, sum(o_totalprice)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_suppkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv7
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

query
EXPLAIN SHAPE PLAN SELECT l_suppkey, sum(o_totalprice)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_suppkey
----
Project
  Aggregate
    SetOperation UNION ALL
      Scan tpch.mv7
      Project
        Aggregate
          Join LEFT
            Scan tpch.lineitem
            Scan tpch.orders

# Switched off, the stale MV is not used.
statement ok
SET enable_materialized_view_union_rewrite = false

materializations
SELECT l_suppkey, sum(o_totalprice)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_suppkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv7
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) p_20231018_20231019, p_20231021_20231022; enable_materialized_view_union_rewrite is off

statement ok
SET enable_materialized_view_union_rewrite = true

# A change to orders, which the MV's partitions do not follow, makes every partition stale: no union.
statement ok
INSERT INTO orders VALUES (9, 9, 'o', 1.5, '2023-10-20', 'a', 'b', 1, 'yy')

materializations
SELECT l_suppkey, sum(o_totalprice)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_suppkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv7
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) p_20231017_20231018, p_20231018_20231019, p_20231019_20231020, p_20231020_20231021, p_20231021_20231022 .. (15 in all)

statement ok
REFRESH MATERIALIZED VIEW mv7 AUTO

wait tasks

query rowsort both
SELECT l_suppkey, sum(o_totalprice), count(*)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_suppkey
----
3|47.00|6
4|12.50|1

materializations
SELECT l_suppkey, sum(o_totalprice)
FROM lineitem
LEFT JOIN orders ON lineitem.l_orderkey = orders.o_orderkey AND l_shipdate = o_orderdate
GROUP BY l_suppkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv7
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)
