# Transparent rewrite, seed 002 part 2: LIMIT and TopN (2.2.11). An MV whose definition ends in a
# LIMIT keeps only those rows: it answers a query with the same definition, the same ORDER BY and a
# LIMIT M OFFSET O within its LIMIT N OFFSET L (O >= L and M + O <= N + L). Without ORDER BY any rows
# are right, so the seed's first examples are checked by EXPLAIN; ordered ones by their rows too.

include tpch_tables.inc

include tpch_partsupp.inc

statement ok
CREATE MATERIALIZED VIEW mv11_0
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT
    o_orderdate,
    count(o_shippriority),
    count(o_comment),
    l_orderkey,
    count(l_partkey)
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
GROUP BY o_orderdate, l_orderkey
LIMIT 8 OFFSET 1

statement ok
CREATE MATERIALIZED VIEW mv11_1
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT
    o_orderdate,
    o_shippriority,
    o_comment,
    l_orderkey,
    l_partkey
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
WHERE o_orderdate > '2023-10-17'
ORDER BY o_orderkey
LIMIT 4 OFFSET 2

wait tasks

materializations
SELECT
    o_orderdate,
    count(o_shippriority),
    count(o_comment),
    l_orderkey,
    count(l_partkey)
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
GROUP BY o_orderdate, l_orderkey
LIMIT 4 OFFSET 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv11_0
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again

query
SELECT count(*) FROM (SELECT
    o_orderdate,
    count(o_shippriority),
    count(o_comment),
    l_orderkey,
    count(l_partkey)
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
GROUP BY o_orderdate, l_orderkey
LIMIT 4 OFFSET 2) t
----
3

# An extra condition the MV does not have: the MV's LIMIT rows cannot be filtered into the query's.
materializations
SELECT
    o_orderdate,
    count(o_shippriority),
    count(o_comment),
    l_orderkey,
    count(l_partkey)
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
WHERE o_orderdate > '2023-12-08'
GROUP BY o_orderdate, l_orderkey
LIMIT 4 OFFSET 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again
  Name: mv11_0
  FailSummary: Predicate compensate fail: the view keeps only some rows of its definition, so the query's conditions must be the view's

# Rows beyond the MV's: OFFSET 0 is before its first row.
materializations
SELECT
    o_orderdate,
    count(o_shippriority),
    count(o_comment),
    l_orderkey,
    count(l_partkey)
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
GROUP BY o_orderdate, l_orderkey
LIMIT 4
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again
  Name: mv11_0
  FailSummary: Match mode is invalid: the query's LIMIT 4 OFFSET 0 reads rows beyond the view's LIMIT 8 OFFSET 1

materializations
SELECT
    o_orderdate,
    o_shippriority,
    o_comment,
    l_orderkey,
    l_partkey
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
WHERE o_orderdate > '2023-10-17'
ORDER BY o_orderkey
LIMIT 2 OFFSET 3
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again
  Name: mv11_0
  FailSummary: Match mode is invalid: the view aggregates and the query does not

# The seed's mv11_1 orders by o_orderkey, which it does not keep: its rows cannot be put in that
# order again, so it answers nothing (EXPLAIN says so above). Keeping the key, it answers.
statement ok
CREATE MATERIALIZED VIEW mv11_2
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT
    o_orderdate,
    o_shippriority,
    o_comment,
    l_orderkey,
    l_partkey,
    o_orderkey
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
WHERE o_orderdate > '2023-10-17'
ORDER BY o_orderkey
LIMIT 4 OFFSET 2

wait tasks

materializations
SELECT
    o_orderdate,
    o_shippriority,
    o_comment,
    l_orderkey,
    l_partkey,
    o_orderkey
FROM orders
LEFT JOIN lineitem ON l_orderkey = o_orderkey
LEFT JOIN partsupp ON ps_partkey = l_partkey AND l_suppkey = ps_suppkey
WHERE o_orderdate > '2023-10-17'
ORDER BY o_orderkey
LIMIT 2 OFFSET 3
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv11_2
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again
  Name: mv11_0
  FailSummary: Match mode is invalid: the view aggregates and the query does not

# Ordered by a key that decides every row's place, the rows are checked too.
statement ok
CREATE MATERIALIZED VIEW top_orders
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT o_orderkey, o_custkey, o_orderdate, o_totalprice FROM orders
ORDER BY o_totalprice DESC, o_orderkey
LIMIT 4 OFFSET 1

wait tasks

query both
SELECT o_orderkey, o_custkey, o_orderdate, o_totalprice FROM orders
ORDER BY o_totalprice DESC, o_orderkey
LIMIT 2 OFFSET 2
----
2|1|2023-10-19|11.50
1|1|2023-10-18|10.50

materializations
SELECT o_orderkey, o_custkey, o_orderdate, o_totalprice FROM orders
ORDER BY o_totalprice DESC, o_orderkey
LIMIT 2 OFFSET 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: top_orders
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again
  Name: mv11_0
  FailSummary: Match mode is invalid: the view reads lineitem, partsupp, which the query does not
  Name: mv11_2
  FailSummary: Match mode is invalid: the view reads lineitem, partsupp, which the query does not

query both
SELECT o_orderkey, o_totalprice FROM orders
ORDER BY o_totalprice DESC, o_orderkey
LIMIT 3 OFFSET 1
----
3|12.50
2|11.50
1|10.50

# Another order is not the MV's.
materializations
SELECT o_orderkey, o_custkey, o_orderdate, o_totalprice FROM orders
ORDER BY o_totalprice, o_orderkey
LIMIT 2 OFFSET 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again
  Name: mv11_0
  FailSummary: Match mode is invalid: the view reads lineitem, partsupp, which the query does not
  Name: mv11_2
  FailSummary: Match mode is invalid: the view reads lineitem, partsupp, which the query does not
  Name: top_orders
  FailSummary: Match mode is invalid: the query's ORDER BY is not the view's

# Without LIMIT the query needs every row.
materializations
SELECT o_orderkey, o_totalprice FROM orders WHERE o_totalprice > 10
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: View struct info is invalid: the view's ORDER BY is not on its columns, so its rows cannot be put in that order again
  Name: mv11_0
  FailSummary: Match mode is invalid: the view keeps only the rows of its LIMIT, which answer only a LIMIT of the same query
  Name: mv11_2
  FailSummary: Match mode is invalid: the view keeps only the rows of its LIMIT, which answer only a LIMIT of the same query
  Name: top_orders
  FailSummary: Match mode is invalid: the view keeps only the rows of its LIMIT, which answer only a LIMIT of the same query
