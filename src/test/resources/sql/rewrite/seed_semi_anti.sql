# Transparent rewrite, seed 002 part 2 (2.2.2): semi and anti joins. An MV with a LEFT/RIGHT SEMI or
# ANTI join answers a query with the same join and condition; filters on the kept side are compensated.

include tpch_tables.inc

statement ok
CREATE MATERIALIZED VIEW semi_mv BUILD IMMEDIATE REFRESH AUTO ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT l_orderkey, l_linenumber, l_shipdate FROM lineitem LEFT SEMI JOIN orders ON l_orderkey = o_orderkey

statement ok
CREATE MATERIALIZED VIEW anti_mv BUILD IMMEDIATE REFRESH AUTO ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT o_orderkey, o_custkey, o_totalprice FROM lineitem RIGHT ANTI JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate

wait tasks

query rowsort both
SELECT l_orderkey, l_linenumber FROM lineitem LEFT SEMI JOIN orders ON l_orderkey = o_orderkey WHERE l_linenumber > 2
----
1|4
2|4
3|4

materializations
SELECT l_orderkey, l_linenumber FROM lineitem LEFT SEMI JOIN orders ON l_orderkey = o_orderkey WHERE l_linenumber > 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: semi_mv
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: anti_mv
  FailSummary: Match mode is invalid: the query and the view join their tables differently

query rowsort both
SELECT o_orderkey, sum(o_totalprice) FROM lineitem RIGHT ANTI JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
GROUP BY o_orderkey
----
2|11.50

materializations
SELECT o_orderkey, sum(o_totalprice) FROM lineitem RIGHT ANTI JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
GROUP BY o_orderkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: anti_mv
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: semi_mv
  FailSummary: Match mode is invalid: the query and the view join their tables differently

# An anti join is not a semi join, nor another condition the same join.
materializations
SELECT l_orderkey, l_linenumber FROM lineitem LEFT ANTI JOIN orders ON l_orderkey = o_orderkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: anti_mv
  FailSummary: Match mode is invalid: the query and the view join their tables differently
  Name: semi_mv
  FailSummary: Match mode is invalid: the query's LEFT ANTI join is not the view's LEFT SEMI join

materializations
SELECT l_orderkey, l_linenumber FROM lineitem LEFT SEMI JOIN orders ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: anti_mv
  FailSummary: Match mode is invalid: the query and the view join their tables differently
  Name: semi_mv
  FailSummary: Match mode is invalid: the conditions of the LEFT SEMI join differ

# A filter on the probed side is part of the join, not of the result: not compensated.
materializations
SELECT l_orderkey, l_linenumber FROM lineitem LEFT SEMI JOIN (SELECT * FROM orders WHERE o_custkey = 1) o ON l_orderkey = o_orderkey
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: anti_mv
  FailSummary: Match mode is invalid: the view joins lineitem, which the query does not, and its join may drop or add rows of the other tables
  Name: semi_mv
  FailSummary: Match mode is invalid: the view joins lineitem, which the query does not, and its join may drop or add rows of the other tables
