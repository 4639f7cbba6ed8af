# Transparent rewrite, seed 002 part 2 (2.2.2): semi and anti joins. An MV with a LEFT/RIGHT SEMI or
# ANTI join answers a query with the same join and condition; filters on the kept side are compensated.

statement ok
CREATE DATABASE tpch

statement ok
USE tpch

statement ok
CREATE TABLE IF NOT EXISTS lineitem (
    l_orderkey    integer not null,
    l_partkey     integer not null,
    l_suppkey     integer not null,
    l_linenumber  integer not null,
    l_quantity    decimalv3(15,2) not null,
    l_extendedprice  decimalv3(15,2) not null,
    l_discount    decimalv3(15,2) not null,
    l_tax         decimalv3(15,2) not null,
    l_returnflag  char(1) not null,
    l_linestatus  char(1) not null,
    l_shipdate    date not null,
    l_commitdate  date not null,
    l_receiptdate date not null,
    l_shipinstruct char(25) not null,
    l_shipmode     char(10) not null,
    l_comment      varchar(44) not null
)
DUPLICATE KEY(l_orderkey, l_partkey, l_suppkey, l_linenumber)
PARTITION BY RANGE(l_shipdate)
(FROM ('2023-10-17') TO ('2023-11-01') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(l_orderkey) BUCKETS 3

statement ok
INSERT INTO lineitem VALUES
(1, 2, 3, 4, 5.5, 6.5, 7.5, 8.5, 'o', 'k', '2023-10-17', '2023-10-17', '2023-10-17', 'a', 'b', 'yyyyyyyyy'),
(2, 4, 3, 4, 5.5, 6.5, 7.5, 8.5, 'o', 'k', '2023-10-18', '2023-10-18', '2023-10-18', 'a', 'b', 'yyyyyyyyy'),
(3, 2, 4, 4, 5.5, 6.5, 7.5, 8.5, 'o', 'k', '2023-10-19', '2023-10-19', '2023-10-19', 'a', 'b', 'yyyyyyyyy'),
(1, 2, 3, 2, 5.5, 6.5, 7.5, 8.5, 'o', 'k', '2023-10-18', '2023-10-18', '2023-10-18', 'a', 'b', 'yyyyyyyyy'),
(4, 3, 3, 3, 5.5, 6.5, 7.5, 8.5, 'o', 'k', '2023-10-18', '2023-10-18', '2023-10-18', 'a', 'b', 'yyyyyyyyy')

statement ok
CREATE TABLE IF NOT EXISTS orders (
    o_orderkey       integer not null,
    o_custkey        integer not null,
    o_orderstatus    char(1) not null,
    o_totalprice     decimalv3(15,2) not null,
    o_orderdate      date not null,
    o_orderpriority  char(15) not null,
    o_clerk          char(15) not null,
    o_shippriority   integer not null,
    o_comment        varchar(79) not null
)
DUPLICATE KEY(o_orderkey, o_custkey)
PARTITION BY RANGE(o_orderdate)(
FROM ('2023-10-17') TO ('2023-11-01') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(o_orderkey) BUCKETS 3

statement ok
INSERT INTO orders VALUES
(1, 1, 'o', 9.5, '2023-10-17', 'a', 'b', 1, 'yy'),
(1, 1, 'o', 10.5, '2023-10-18', 'a', 'b', 1, 'yy'),
(2, 1, 'o', 11.5, '2023-10-19', 'a', 'b', 1, 'yy'),
(3, 1, 'o', 12.5, '2023-10-19', 'a', 'b', 1, 'yy'),
(2, 2, 'f', 13.5, '2023-10-18', 'c', 'd', 2, 'zz')

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
