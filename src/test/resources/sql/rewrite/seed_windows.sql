# Transparent rewrite, seed 002 part 2: window functions (2.2.10). An MV answers a query whose window
# calls are the MV's, with other filters compensated; a filter below the windows is allowed on the
# columns every window partitions by, since it keeps or drops whole partitions.

include tpch_tables.inc

statement ok
CREATE MATERIALIZED VIEW mv11_0
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT *
FROM (
    SELECT
        o_orderkey,
        FIRST_VALUE(o_custkey) OVER (
            PARTITION BY o_orderdate
            ORDER BY o_totalprice NULLS LAST
            RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
        ) AS first_value,
        RANK() OVER (
            PARTITION BY o_orderdate, o_orderstatus
            ORDER BY o_totalprice NULLS LAST
            RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
        ) AS rank_value
    FROM orders
) t
WHERE o_orderkey > 1

statement ok
CREATE MATERIALIZED VIEW mv11_1
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT
    o_orderkey,
    o_orderdate,
    FIRST_VALUE(o_custkey) OVER (
        PARTITION BY o_orderdate
        ORDER BY o_totalprice NULLS LAST
        RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS first_value,
    RANK() OVER (
        PARTITION BY o_orderdate, o_orderstatus
        ORDER BY o_totalprice NULLS LAST
        RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS rank_value
FROM orders
WHERE o_orderdate > '2023-10-16'

wait tasks

# Example 1: o_orderkey > 2 where the MV keeps o_orderkey > 1, applied after the windows in both.
query rowsort both
SELECT *
FROM (
    SELECT
        o_orderkey,
        FIRST_VALUE(o_custkey) OVER (
            PARTITION BY o_orderdate
            ORDER BY o_totalprice NULLS LAST
            RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
        ) AS first_value,
        RANK() OVER (
            PARTITION BY o_orderdate, o_orderstatus
            ORDER BY o_totalprice NULLS LAST
            RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
        ) AS rank_value
    FROM orders
) t
WHERE o_orderkey > 2
----
3|1|2

materializations
SELECT *
FROM (
    SELECT
        o_orderkey,
        FIRST_VALUE(o_custkey) OVER (
            PARTITION BY o_orderdate
            ORDER BY o_totalprice NULLS LAST
            RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
        ) AS first_value,
        RANK() OVER (
            PARTITION BY o_orderdate, o_orderstatus
            ORDER BY o_totalprice NULLS LAST
            RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
        ) AS rank_value
    FROM orders
) t
WHERE o_orderkey > 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv11_0
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_1
  FailSummary: Predicate compensate fail: the query's condition on o_orderdate is not within the view's

# Example 2: o_orderdate is what both windows partition by, so the narrower filter before them
# drops whole partitions and can be applied to the MV's rows.
query rowsort both
SELECT
    o_orderdate,
    FIRST_VALUE(o_custkey) OVER (
        PARTITION BY o_orderdate
        ORDER BY o_totalprice NULLS LAST
        RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS first_value,
    RANK() OVER (
        PARTITION BY o_orderdate, o_orderstatus
        ORDER BY o_totalprice NULLS LAST
        RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS rank_value
FROM orders
WHERE o_orderdate > '2023-10-17'
----
2023-10-18|1|1
2023-10-18|1|1
2023-10-19|1|1
2023-10-19|1|2

materializations
SELECT
    o_orderdate,
    FIRST_VALUE(o_custkey) OVER (
        PARTITION BY o_orderdate
        ORDER BY o_totalprice NULLS LAST
        RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS first_value,
    RANK() OVER (
        PARTITION BY o_orderdate, o_orderstatus
        ORDER BY o_totalprice NULLS LAST
        RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS rank_value
FROM orders
WHERE o_orderdate > '2023-10-17'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv11_1
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_0
  FailSummary: Predicate compensate fail: the query's condition on o_orderkey is not within the view's

# A filter before the windows on another column changes what they compute: not answerable.
materializations
SELECT o_orderkey,
    RANK() OVER (PARTITION BY o_orderdate, o_orderstatus ORDER BY o_totalprice NULLS LAST
                 RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS rank_value
FROM orders
WHERE o_orderkey > 1
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_0
  FailSummary: The columns used by query are not in view: rank() OVER (PARTITION BY o_orderdate, o_orderstatus ORDER BY o_totalprice ASC NULLS LAST RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) OVER ROWS WHERE 1
  Name: mv11_1
  FailSummary: Predicate compensate fail: the query's condition on o_orderdate is not within the view's

# A different window (another ORDER BY) is not the MV's.
materializations
SELECT * FROM (SELECT o_orderkey,
    RANK() OVER (PARTITION BY o_orderdate, o_orderstatus ORDER BY o_custkey NULLS LAST
                 RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS rank_value
FROM orders) t WHERE o_orderkey > 1
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_0
  FailSummary: The columns used by query are not in view: rank() OVER (PARTITION BY o_orderdate, o_orderstatus ORDER BY o_custkey ASC NULLS LAST RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  Name: mv11_1
  FailSummary: Predicate compensate fail: the query's condition on o_orderdate is not within the view's

# Windows over a join (the seed's tip): the MV answers when its window is computed over the same join.
statement ok
CREATE MATERIALIZED VIEW mv_join_rank
BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 2
AS
SELECT o_orderkey, o_orderdate, l_linenumber,
    RANK() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber, o_orderkey) AS r
FROM orders JOIN lineitem ON l_orderkey = o_orderkey

wait tasks

query rowsort both
SELECT * FROM (
    SELECT o_orderkey, l_linenumber, RANK() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber, o_orderkey) AS r
    FROM orders JOIN lineitem ON l_orderkey = o_orderkey
) t WHERE r <= 2 AND o_orderkey > 1
----
2|4|1
3|4|2

materializations
SELECT * FROM (
    SELECT o_orderkey, l_linenumber, RANK() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber, o_orderkey) AS r
    FROM orders JOIN lineitem ON l_orderkey = o_orderkey
) t WHERE r <= 2 AND o_orderkey > 1
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv_join_rank
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_0
  FailSummary: Match mode is invalid: the query reads lineitem, which the view does not
  Name: mv11_1
  FailSummary: Match mode is invalid: the query reads lineitem, which the view does not

# Over another join the window sees other rows: not the MV's.
materializations
SELECT o_orderkey, l_linenumber, RANK() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber, o_orderkey) AS r
FROM orders JOIN lineitem ON l_orderkey = o_orderkey AND l_shipdate = o_orderdate
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_0
  FailSummary: Predicate compensate fail: the query's condition on o_orderkey is not within the view's
  Name: mv11_1
  FailSummary: Predicate compensate fail: the query's condition on o_orderdate is not within the view's
  Name: mv_join_rank
  FailSummary: The columns used by query are not in view: l_shipdate

# A filter before the window on a column it does not partition by changes it too.
materializations
SELECT o_orderkey, l_linenumber, RANK() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber, o_orderkey) AS r
FROM orders JOIN lineitem ON l_orderkey = o_orderkey
WHERE l_linenumber > 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_0
  FailSummary: Predicate compensate fail: the query's condition on o_orderkey is not within the view's
  Name: mv11_1
  FailSummary: Predicate compensate fail: the query's condition on o_orderdate is not within the view's
  Name: mv_join_rank
  FailSummary: The columns used by query are not in view: rank() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber ASC NULLS FIRST, o_orderkey ASC NULLS FIRST) OVER ROWS WHERE 2

# One on the partition column does not.
query rowsort both
SELECT o_orderkey, l_linenumber, RANK() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber, o_orderkey) AS r
FROM orders JOIN lineitem ON l_orderkey = o_orderkey
WHERE o_orderdate >= '2023-10-18'
----
1|2|1
1|4|2
2|4|1
2|4|3
3|4|2

materializations
SELECT o_orderkey, l_linenumber, RANK() OVER (PARTITION BY o_orderdate ORDER BY l_linenumber, o_orderkey) AS r
FROM orders JOIN lineitem ON l_orderkey = o_orderkey
WHERE o_orderdate >= '2023-10-18'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: mv_join_rank
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: mv11_0
  FailSummary: Match mode is invalid: the query reads lineitem, which the view does not
  Name: mv11_1
  FailSummary: Match mode is invalid: the query reads lineitem, which the view does not
