# Transparent rewrite answers a user's query from an MV only when the user may read every base table
# of that MV: its rows must not reveal what the user could not read. EXPLAIN says so for an MV the
# user may see, and does not name one it may not. The MVs are seed_nested.sql's.

include tpch_tables.inc

include tpch_partsupp.inc

include seed_nested_mvs.inc

statement ok
CREATE USER analyst

statement ok
GRANT SELECT_PRIV ON lineitem TO analyst

statement ok
GRANT SELECT_PRIV ON orders TO analyst

statement ok
GRANT SELECT_PRIV ON partsupp TO analyst

statement ok
GRANT SELECT_PRIV ON mv8_0 TO analyst

connection a as analyst

statement ok
USE tpch

statement ok
SET enable_materialized_view_nest_rewrite = true

# mv8_0 reads mv8_0_inner_mv, which the analyst may not read: only the inner MV answers.
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
  FailSummary: The user has no SELECT_PRIV on every base table of the MV

connection default

statement ok
REVOKE SELECT_PRIV ON mv8_0 FROM analyst

# An MV the analyst may not see is not named.
connection a

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
(empty)

connection default

statement ok
GRANT SELECT_PRIV ON mv8_0_inner_mv TO analyst

connection a

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
