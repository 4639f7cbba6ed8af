# Transparent rewrite, seed 002 part 2: nested MVs (2.2.8). The query joins three tables; an MV
# over two of them answers that join, and an MV over that MV and the third table answers the whole
# query once nested rewrite is switched on (enable_materialized_view_nest_rewrite).

include tpch_tables.inc

include tpch_partsupp.inc

include seed_nested_mvs.inc

# Nested rewrite is off by default: the inner MV answers the join of lineitem and orders.
query rowsort both
SELECT lineitem.l_linenumber
FROM lineitem
INNER JOIN orders ON l_orderkey = o_orderkey
INNER JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey
WHERE o_orderstatus = 'o'
----
2
2
2
2
4
4
4
4
4
4

materializations
SELECT lineitem.l_linenumber
FROM lineitem
INNER JOIN orders ON l_orderkey = o_orderkey
INNER JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey
WHERE o_orderstatus = 'o'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv8_0_inner_mv
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv8_0
  FailSummary: Match mode is invalid: the query reads lineitem, orders, which the view does not

statement ok
SET enable_materialized_view_nest_rewrite = true

query rowsort both
SELECT lineitem.l_linenumber
FROM lineitem
INNER JOIN orders ON l_orderkey = o_orderkey
INNER JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey
WHERE o_orderstatus = 'o'
----
2
2
2
2
4
4
4
4
4
4

materializations
SELECT lineitem.l_linenumber
FROM lineitem
INNER JOIN orders ON l_orderkey = o_orderkey
INNER JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey
WHERE o_orderstatus = 'o'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv8_0
MaterializedViewRewriteSuccessButNotChose:
  Names: mv8_0_inner_mv
MaterializedViewRewriteFail:
(empty)

query
EXPLAIN SHAPE PLAN SELECT lineitem.l_linenumber
FROM lineitem
INNER JOIN orders ON l_orderkey = o_orderkey
INNER JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey
WHERE o_orderstatus = 'o'
----
Project
  Filter
    Scan tpch.mv8_0

# A stale inner MV leaves the outer one (built from its old rows) unused too.
statement ok
INSERT INTO orders VALUES (4, 3, 'o', 1.5, '2023-10-18', 'a', 'b', 1, 'yy')

materializations
SELECT lineitem.l_linenumber
FROM lineitem
INNER JOIN orders ON l_orderkey = o_orderkey
INNER JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey
WHERE o_orderstatus = 'o'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv8_0_inner_mv
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) mv8_0_inner_mv
  Name: mv8_0
  FailSummary: Match mode is invalid: the query reads lineitem, orders, which the view does not
