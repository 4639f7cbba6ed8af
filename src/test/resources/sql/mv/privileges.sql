# The privileges of materialized views (seed 002, 1.1 and 3.1): creating one needs CREATE on its
# database and SELECT on every base table its definition reads; dropping DROP, altering ALTER;
# pausing, resuming, cancelling and refreshing CREATE on the MV. Refreshes run with the rights of
# the account that created the MV; rewrite answers from an MV only users who may read its bases.

statement ok
CREATE DATABASE mdb

statement ok
USE mdb

statement ok
CREATE TABLE sales (id INT, region VARCHAR(10), amount INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE secret (region VARCHAR(10), boss VARCHAR(10)) DUPLICATE KEY(region) DISTRIBUTED BY HASH(region) BUCKETS 1

statement ok
INSERT INTO sales VALUES (1, 'east', 10), (2, 'west', 20), (3, 'east', 5)

statement ok
INSERT INTO secret VALUES ('east', 'ann')

statement ok
CREATE USER maker

statement ok
CREATE USER reader

statement ok
GRANT CREATE_PRIV ON mdb.* TO maker

connection m as maker

statement ok
USE mdb

# CREATE on the database is not enough: the definition reads sales.
statement error SELECT command denied to user 'maker'@'test' for table 'mdb.sales'
CREATE MATERIALIZED VIEW by_region BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT region, sum(amount) AS total FROM sales GROUP BY region

connection default

statement ok
GRANT SELECT_PRIV ON mdb.sales TO maker

statement ok
GRANT SELECT_PRIV ON mdb.secret TO maker

connection m

statement ok
CREATE MATERIALIZED VIEW by_region BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT region, sum(amount) AS total FROM sales GROUP BY region

statement ok
CREATE MATERIALIZED VIEW with_boss BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT s.region, s.amount, x.boss FROM sales s JOIN secret x ON s.region = x.region

wait tasks

# CREATE on the MV: refresh, pause, resume and cancel.
statement ok
REFRESH MATERIALIZED VIEW with_boss COMPLETE

wait tasks

statement ok
PAUSE MATERIALIZED VIEW JOB ON with_boss

statement ok
RESUME MATERIALIZED VIEW JOB ON with_boss

# Without ALTER or DROP on it.
statement error ALTER command denied to user 'maker'@'test' for table 'mdb.with_boss'
ALTER MATERIALIZED VIEW with_boss RENAME boss_view

statement error DROP command denied to user 'maker'@'test' for table 'mdb.with_boss'
DROP MATERIALIZED VIEW with_boss

# ---------------------------------------------------------------- a user without CREATE on the MV

connection default

statement ok
GRANT SELECT_PRIV ON mdb.sales TO reader

connection r as reader

statement ok
USE mdb

statement error CREATE command denied to user 'reader'@'test' for table 'mdb.by_region'
REFRESH MATERIALIZED VIEW by_region COMPLETE

statement error CREATE command denied to user 'reader'@'test' for table 'mdb.by_region'
PAUSE MATERIALIZED VIEW JOB ON by_region

statement error CREATE command denied to user 'reader'@'test' for table 'mdb.by_region'
RESUME MATERIALIZED VIEW JOB ON by_region

statement error CREATE command denied to user 'reader'@'test' for table 'mdb.by_region'
CANCEL MATERIALIZED VIEW TASK 1 ON by_region

statement error SELECT command denied to user 'reader'@'test' for table 'mdb.by_region'
SELECT * FROM by_region

# The MVs and their tasks are listed only to those who may see them.
query
SELECT count(*) FROM mv_infos('database' = 'mdb')
----
0

query
SELECT count(*) FROM tasks('type' = 'mv')
----
0

query
SELECT count(*) FROM jobs('type' = 'mv')
----
0

query
SELECT TABLE_NAME FROM information_schema.tables WHERE TABLE_SCHEMA = 'mdb'
----
sales

query
SELECT count(*) FROM information_schema.materialized_views
----
0

# Rewrite answers from by_region: the reader may read its only base table.
query rowsort
SELECT region, sum(amount) FROM sales GROUP BY region
----
east|15
west|20

# ---------------------------------------------------------------- who sees what

connection default

statement ok
GRANT SELECT_PRIV ON mdb.by_region TO reader

statement ok
GRANT ALTER_PRIV, DROP_PRIV ON mdb.with_boss TO maker

connection r

query rowsort
SELECT * FROM by_region
----
east|15
west|20

query
SELECT Name FROM mv_infos('database' = 'mdb')
----
by_region

query
SELECT DISTINCT MvName FROM tasks('type' = 'mv')
----
by_region

# ---------------------------------------------------------------- refresh with the creator's rights

connection default

statement ok
REVOKE SELECT_PRIV ON mdb.secret FROM maker

# root asks, the refresh reads as maker, who may no longer read secret.
statement ok
REFRESH MATERIALIZED VIEW with_boss COMPLETE

wait tasks

query
SELECT Status, ErrorMsg FROM tasks('type' = 'mv') WHERE MvName = 'with_boss' ORDER BY TaskId DESC LIMIT 1
----
FAILED|SELECT command denied to user 'maker'@'localhost' for table 'mdb.secret'

statement ok
GRANT SELECT_PRIV ON mdb.secret TO maker

statement ok
REFRESH MATERIALIZED VIEW with_boss COMPLETE

wait tasks

query
SELECT Status FROM tasks('type' = 'mv') WHERE MvName = 'with_boss' ORDER BY TaskId DESC LIMIT 1
----
SUCCESS

# The creator altered and dropped it once granted ALTER and DROP.
connection m

statement ok
ALTER MATERIALIZED VIEW with_boss SET ("grace_period" = "10")

statement ok
DROP MATERIALIZED VIEW with_boss

# ---------------------------------------------------------------- synchronous MVs are ALTERs of their table

connection r

statement error ALTER command denied to user 'reader'@'test' for table 'mdb.sales'
CREATE MATERIALIZED VIEW sales_by_region AS SELECT region AS rg, sum(amount) AS total FROM sales GROUP BY region

connection default

statement ok
CREATE MATERIALIZED VIEW sales_by_region AS SELECT region AS rg, sum(amount) AS total FROM sales GROUP BY region

connection r

statement error ALTER command denied to user 'reader'@'test' for table 'mdb.sales'
DROP MATERIALIZED VIEW sales_by_region ON sales

# Its build job is listed to those who may see the table.
query columns=TableName,State
SHOW ALTER TABLE MATERIALIZED VIEW FROM mdb
----
sales|FINISHED

connection default

statement ok
CREATE USER peeker

statement ok
GRANT SELECT_PRIV ON mdb.secret TO peeker

connection p as peeker

query
SHOW ALTER TABLE MATERIALIZED VIEW FROM mdb
----
