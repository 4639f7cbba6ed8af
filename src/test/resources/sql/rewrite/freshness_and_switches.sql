# Which MVs rewrite may use: only those in sync with their base tables (or within grace_period),
# never one in SCHEMA_CHANGE, inactive, switched off by enable_query_rewrite, or over a table the
# transaction itself changed; and the session switches that turn rewrite off or bound it.

statement ok
CREATE DATABASE fresh

statement ok
USE fresh

statement ok
CREATE TABLE sales (id INT NOT NULL, region VARCHAR(8) NOT NULL, amount INT NOT NULL)
DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO sales VALUES (1, 'east', 10), (2, 'east', 20), (3, 'west', 5)

statement ok
CREATE MATERIALIZED VIEW by_region BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT region, sum(amount) AS total, count(*) AS n FROM sales GROUP BY region

wait tasks

query rowsort both
SELECT region, sum(amount) FROM sales GROUP BY region
----
east|30
west|5

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_region
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# A write makes the MV stale: the query reads the base table, and EXPLAIN says why.
statement ok
INSERT INTO sales VALUES (4, 'west', 7)

query rowsort both
SELECT region, sum(amount) FROM sales GROUP BY region
----
east|30
west|12

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_region
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) by_region

statement ok
REFRESH MATERIALIZED VIEW by_region COMPLETE

wait tasks

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_region
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# Inside a transaction that changed the base table the MV does not have those rows.
statement ok
BEGIN

statement ok
INSERT INTO sales VALUES (5, 'east', 100)

query rowsort
SELECT region, sum(amount) FROM sales GROUP BY region
----
east|130
west|12

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_region
  FailSummary: The transaction has uncommitted changes to base table sales

statement ok
ROLLBACK

# A transaction's snapshot is taken by its first statement: an MV refreshed after that has, in the
# snapshot, its rows from before the refresh, which may lack what the snapshot's base rows have. Such
# an MV does not answer the transaction's queries.
connection writer

statement ok
USE fresh

statement ok
INSERT INTO sales VALUES (20, 'east', 1000)

connection default

statement ok
BEGIN

query
SELECT count(*) FROM by_region
----
2

connection writer

statement ok
REFRESH MATERIALIZED VIEW by_region COMPLETE

wait tasks

connection default

query rowsort
SELECT region, sum(amount) FROM sales GROUP BY region
----
east|1030
west|12

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_region
  FailSummary: The MV or its base tables changed since this transaction's snapshot was taken

statement ok
COMMIT

query rowsort both
SELECT region, sum(amount) FROM sales GROUP BY region
----
east|1030
west|12

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_region
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

statement ok
DELETE FROM sales WHERE id = 20

statement ok
REFRESH MATERIALIZED VIEW by_region COMPLETE

wait tasks

# Nothing changed since the snapshot: the MV answers inside the transaction too.
statement ok
BEGIN

query
SELECT count(*) FROM sales
----
4

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_region
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

statement ok
COMMIT

# The session switch and the SET_VAR hint (also under EXPLAIN) turn rewrite off.
query
EXPLAIN SHAPE PLAN SELECT region, sum(amount) FROM sales GROUP BY region
----
Project
  Scan fresh.by_region

query
EXPLAIN SHAPE PLAN SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ region, sum(amount) FROM sales GROUP BY region
----
Project
  Aggregate
    Scan fresh.sales

statement ok
SET enable_materialized_view_rewrite = false

query
EXPLAIN SHAPE PLAN SELECT region, sum(amount) FROM sales GROUP BY region
----
Project
  Aggregate
    Scan fresh.sales

statement ok
SET enable_materialized_view_rewrite = true

statement error Variable 'enable_materialized_view_rewrite' can't be set to the value of 'maybe'
SET enable_materialized_view_rewrite = 'maybe'

# The MV's property enable_query_rewrite keeps it out of rewrite.
statement ok
ALTER MATERIALIZED VIEW by_region SET ("enable_query_rewrite" = "false")

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_region
  FailSummary: The MV's property enable_query_rewrite is false

statement ok
ALTER MATERIALIZED VIEW by_region SET ("enable_query_rewrite" = "true")

# grace_period: a stale MV is used while its last refresh is at most that many seconds old.
statement ok
ALTER MATERIALIZED VIEW by_region SET ("grace_period" = "3600")

statement ok
INSERT INTO sales VALUES (6, 'north', 1)

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_region
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

query rowsort
SELECT region, sum(amount) FROM sales GROUP BY region
----
east|30
west|12

statement ok
ALTER MATERIALIZED VIEW by_region SET ("grace_period" = "0")

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_region
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) by_region

statement ok
REFRESH MATERIALIZED VIEW by_region COMPLETE

wait tasks

# materialized_view_rewrite_success_candidate_num bounds how many MVs that answer are kept; the
# MVs with the fewest rows are tried first.
statement ok
CREATE MATERIALIZED VIEW by_row BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT id, region, amount FROM sales

wait tasks

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_region
MaterializedViewRewriteSuccessButNotChose:
  Names: by_row
MaterializedViewRewriteFail:
(empty)

statement ok
SET materialized_view_rewrite_success_candidate_num = 1

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_region
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_row
  FailSummary: Not tried: materialized_view_rewrite_success_candidate_num (1) MVs with fewer rows already answer the query

statement ok
SET materialized_view_rewrite_success_candidate_num = 3

# A base column changing type puts the MV in SCHEMA_CHANGE: not used until rebuilt.
statement ok
ALTER TABLE sales MODIFY COLUMN amount BIGINT NOT NULL

materializations
SELECT region, sum(amount) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_region
  FailSummary: The MV is in SCHEMA_CHANGE: column amount of sales changed type from INT to BIGINT
  Name: by_row
  FailSummary: The MV is in SCHEMA_CHANGE: column amount of sales changed type from INT to BIGINT

# INSERT .. SELECT and CREATE TABLE .. AS SELECT read their sources through rewrite too
# (enable_dml_materialized_view_rewrite): within a grace period they copy the MV's older rows.
statement ok
REFRESH MATERIALIZED VIEW by_region COMPLETE

wait tasks

statement ok
ALTER MATERIALIZED VIEW by_region SET ("grace_period" = "3600")

statement ok
INSERT INTO sales VALUES (7, 'south', 2)

statement ok
CREATE TABLE totals AS SELECT region, sum(amount) AS total FROM sales GROUP BY region

query rowsort
SELECT * FROM totals
----
east|30
north|1
west|12

statement ok
SET enable_dml_materialized_view_rewrite = false

statement ok
INSERT INTO totals SELECT region, sum(amount) FROM sales GROUP BY region

query rowsort
SELECT * FROM totals
----
east|30
east|30
north|1
north|1
south|2
west|12
west|12
