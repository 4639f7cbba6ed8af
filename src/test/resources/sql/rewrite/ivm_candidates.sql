# Incrementally maintained MVs answer queries too while fresh (StarRocks never uses them): their
# hidden state columns are not MV columns, and a refresh that applies the changes makes them fresh.

statement ok
CREATE DATABASE ivmrw

statement ok
USE ivmrw

statement ok
CREATE TABLE sales (id INT NOT NULL, region VARCHAR(8) NOT NULL, amount INT NULL)
UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO sales VALUES (1, 'east', 10), (2, 'east', 20), (3, 'west', NULL)

statement ok
CREATE MATERIALIZED VIEW agg BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL
AS SELECT region, sum(amount) AS s, count(*) AS n, count(amount) AS c, avg(amount) AS a FROM sales GROUP BY region

wait tasks

query rowsort both
SELECT region, sum(amount), avg(amount) FROM sales GROUP BY region
----
east|30|15
west|NULL|NULL

materializations
SELECT region, sum(amount), avg(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: agg
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# Rolled up over all regions: the sum of sums, the sum of counts, AVG from them.
query both
SELECT sum(amount), count(*), avg(amount) FROM sales
----
30|3|15

materializations
SELECT sum(amount), count(*), avg(amount) FROM sales
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: agg
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

statement ok
UPDATE sales SET amount = 40 WHERE id = 3

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: agg
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) agg

statement ok
REFRESH MATERIALIZED VIEW agg INCREMENTAL

wait tasks

query rowsort both
SELECT region, sum(amount), avg(amount) FROM sales GROUP BY region
----
east|30|15
west|40|40

materializations
SELECT region, sum(amount), avg(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: agg
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# An MV with HAVING is not of the shape rewrite matches.
statement ok
CREATE MATERIALIZED VIEW big BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL
AS SELECT region, sum(amount) AS s, count(*) AS n FROM sales GROUP BY region HAVING sum(amount) > 25

wait tasks

materializations
SELECT region, count(*) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: agg
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: big
  FailSummary: View struct info is invalid: the definition is not a select-project-join-group query
