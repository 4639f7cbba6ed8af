# MV maintenance: refresh policy spellings, ON COMMIT, ALTER (properties, rename, refresh policy,
# replace, active), job pause/resume, schema changes of base tables, a refresh that fails, restart.

statement ok
CREATE DATABASE ldb

statement ok
USE ldb

statement ok
CREATE TABLE sales (id INT NOT NULL, dt DATE NOT NULL, amount VARCHAR(20), region VARCHAR(10)) DUPLICATE KEY(id)
DISTRIBUTED BY HASH(id) BUCKETS 2

statement ok
INSERT INTO sales VALUES (1, '2024-01-01', '10', 'cn'), (2, '2024-01-02', '20', 'us')

statement ok
CREATE TABLE regions (region VARCHAR(10), name VARCHAR(20)) DUPLICATE KEY(region) DISTRIBUTED BY HASH(region) BUCKETS 1

statement ok
INSERT INTO regions VALUES ('cn', 'China'), ('us', 'United States')

# Errors at creation, with the texts of the dialects.
statement error Invalid refresh_mode: FULL. Only INCREMENTAL, PCT are supported.
CREATE MATERIALIZED VIEW bad REFRESH ASYNC PROPERTIES ("refresh_mode" = "FULL") AS SELECT id FROM sales

statement error refresh_mode = incremental contradicts REFRESH AUTO: give one of them
CREATE MATERIALIZED VIEW bad BUILD DEFERRED REFRESH AUTO ON MANUAL PROPERTIES ("refresh_mode" = "incremental") AS SELECT id FROM sales

statement error START can only be used with EVERY
CREATE MATERIALIZED VIEW bad REFRESH IMMEDIATE ASYNC START ('2030-01-01 00:00:00') AS SELECT id FROM sales

statement error SCHEDULE needs EVERY
CREATE MATERIALIZED VIEW bad REFRESH DEFERRED SCHEDULE AS SELECT id FROM sales

# StarRocks' SCHEDULE spelling is ASYNC with EVERY.
statement ok
CREATE MATERIALIZED VIEW mv_sched REFRESH DEFERRED SCHEDULE EVERY (INTERVAL 2 HOUR) AS SELECT id FROM sales

query
SELECT RefreshInfo FROM mv_infos('database' = 'ldb') WHERE Name = 'mv_sched'
----
BUILD DEFERRED REFRESH AUTO ON SCHEDULE EVERY 2 HOUR

statement ok
DROP MATERIALIZED VIEW mv_sched

statement error interval time unit can not be second
CREATE MATERIALIZED VIEW bad REFRESH COMPLETE ON SCHEDULE EVERY 10 SECOND AS SELECT id FROM sales

statement error starts time must be greater than current time
CREATE MATERIALIZED VIEW bad REFRESH COMPLETE ON SCHEDULE EVERY 1 DAY STARTS '2020-01-01 00:00:00' AS SELECT id FROM sales

statement error can not contain nonDeterministic expression, the expression is now()
CREATE MATERIALIZED VIEW bad BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT id, now() AS t FROM sales

# unix_timestamp() without an argument reads the clock too; with one it is a conversion.
statement error can not contain nonDeterministic expression, the expression is unix_timestamp()
CREATE MATERIALIZED VIEW bad BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT id, unix_timestamp() AS t FROM sales

statement ok
CREATE MATERIALIZED VIEW fixed_ts BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT id, unix_timestamp('2024-01-01 00:00:00') AS t FROM sales

statement ok
DROP MATERIALIZED VIEW fixed_ts

statement error Table [nope] does not exist in database [ldb].
CREATE MATERIALIZED VIEW bad BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT id FROM nope

query
SELECT count(*) FROM mv_infos('database' = 'ldb')
----
0

# StarRocks spelling: REFRESH ASYNC without EVERY refreshes after each commit; PCT = AUTO.
statement ok
CREATE MATERIALIZED VIEW mv_sum DISTRIBUTED BY HASH(region) BUCKETS 2 REFRESH ASYNC
PROPERTIES ("refresh_mode" = "PCT")
AS SELECT s.region, r.name, sum(CAST(s.amount AS INT)) AS total FROM sales s JOIN regions r ON s.region = r.region
GROUP BY s.region, r.name

wait tasks

query rowsort
SELECT * FROM mv_sum
----
cn|China|10
us|United States|20

query
SELECT RefreshInfo, MvProperties FROM mv_infos('database' = 'ldb')
----
BUILD IMMEDIATE REFRESH AUTO ON COMMIT|{refresh_mode=PCT}

query
SELECT TABLE_NAME, REFRESH_MODE, REFRESH_TRIGGER, REFRESH_POLICY, IS_ACTIVE, LAST_REFRESH_STATE, TASK_NAME = concat('inner_mtmv_', MATERIALIZED_VIEW_ID)
FROM information_schema.materialized_views WHERE TABLE_SCHEMA = DATABASE()
----
mv_sum|PCT|ON_BASE_TABLE_CHANGE|ON_BASE_TABLE_CHANGE|true|SUCCESS|1

statement ok
INSERT INTO sales VALUES (3, '2024-01-03', '5', 'cn')

wait tasks

query rowsort
SELECT * FROM mv_sum
----
cn|China|15
us|United States|20

query
SELECT get_json_string(TaskContext, '$.triggerMode'), RefreshMode FROM tasks('type' = 'mv') ORDER BY TaskId DESC LIMIT 1
----
COMMIT|COMPLETE

query
SELECT DISTINCT get_json_string(EXTRA_MESSAGE, '$.refreshMode'), STATE FROM information_schema.task_runs
WHERE get_json_double(EXTRA_MESSAGE, '$.processStartTime') > 0 AND TASK_NAME = (SELECT TASK_NAME FROM information_schema.materialized_views WHERE TABLE_NAME = 'mv_sum')
----
PCT|SUCCESS

# excluded_trigger_tables: commits to regions no longer trigger a refresh.
statement ok
ALTER MATERIALIZED VIEW mv_sum SET ("excluded_trigger_tables" = "regions", "grace_period" = "10")

statement error grace_period must be a number
ALTER MATERIALIZED VIEW mv_sum SET ("grace_period" = "soon")

# refresh_mode is chosen at creation (StarRocks, seed 001: the same mode again is accepted, a switch
# between PCT and INCREMENTAL is refused).
statement error Altering refresh_mode from PCT to INCREMENTAL is not supported
ALTER MATERIALIZED VIEW mv_sum SET ("refresh_mode" = "INCREMENTAL")

statement ok
ALTER MATERIALIZED VIEW mv_sum SET ("refresh_mode" = "pct")

statement error Invalid refresh_mode: FULL. Only INCREMENTAL, PCT are supported.
ALTER MATERIALIZED VIEW mv_sum SET ("refresh_mode" = "FULL")

statement ok
INSERT INTO regions VALUES ('jp', 'Japan')

wait tasks

query
SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'mv_sum'
----
2

query
SELECT MvProperties FROM mv_infos('database' = 'ldb')
----
{refresh_mode=PCT, excluded_trigger_tables=regions, grace_period=10}

# PAUSE stops triggered refreshes; RESUME restarts them.
statement ok
PAUSE MATERIALIZED VIEW JOB ON mv_sum

query
SELECT Name = concat('inner_mtmv_', MvId), ExecuteType, RecurringStrategy, Status FROM jobs('type' = 'mv')
----
1|STREAMING|ON COMMIT|PAUSED

statement ok
INSERT INTO sales VALUES (4, '2024-01-04', '1', 'us')

wait tasks

query
SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'mv_sum'
----
2

statement ok
RESUME MATERIALIZED VIEW JOB ON mv_sum

statement ok
INSERT INTO sales VALUES (5, '2024-01-05', '1', 'us')

wait tasks

query rowsort
SELECT * FROM mv_sum
----
cn|China|15
us|United States|22

# ALTER ... REFRESH changes the policy; RENAME keeps data, job and history.
statement ok
ALTER MATERIALIZED VIEW mv_sum REFRESH COMPLETE ON MANUAL

statement ok
ALTER MATERIALIZED VIEW mv_sum RENAME mv_total

query
SELECT Name, RefreshInfo FROM mv_infos('database' = 'ldb')
----
mv_total|BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL

query rowsort
SELECT * FROM mv_total
----
cn|China|15
us|United States|22

statement error Table [mv_sum] does not exist in database [ldb].
SELECT * FROM mv_sum

# A definition with * keeps the columns it had: ADD COLUMN on the base table changes neither the
# MV's columns nor its refresh. The stored definition spells the * out.
statement ok
CREATE TABLE items (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO items VALUES (1, 10)

statement ok
CREATE MATERIALIZED VIEW mv_star BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT * FROM items

statement ok
CREATE MATERIALIZED VIEW mv_star2 BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS
SELECT i.*, v + 1 AS w FROM items i UNION ALL SELECT *, 0 FROM items WHERE k > 1

wait tasks

statement ok
ALTER TABLE items ADD COLUMN note VARCHAR(10)

statement ok
INSERT INTO items VALUES (2, 20, 'new')

statement ok
REFRESH MATERIALIZED VIEW mv_star COMPLETE WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW mv_star2 COMPLETE WITH SYNC MODE

query rowsort
SELECT * FROM mv_star
----
1|10
2|20

query rowsort
SELECT * FROM mv_star2
----
1|10|11
2|20|0
2|20|21

query rowsort
SELECT Name, State, RefreshState, QuerySql FROM mv_infos('database' = 'ldb') WHERE Name LIKE 'mv_star%'
----
mv_star|NORMAL|SUCCESS|SELECT items.k, items.v FROM items
mv_star2|NORMAL|SUCCESS|SELECT i.k, i.v, v + 1 AS w FROM items AS i UNION ALL SELECT items.k, items.v, 0 FROM items WHERE k > 1

# Where DuckDB's * may differ from the catalog's columns (USING merges the join columns; a
# subquery names unaliased columns itself), the * is kept as written.
statement ok
CREATE TABLE tags (k INT, tag VARCHAR(5)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO tags VALUES (1, 'one')

statement ok
CREATE MATERIALIZED VIEW mv_using BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT * FROM items JOIN tags USING (k)

statement ok
CREATE MATERIALIZED VIEW mv_sub BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT * FROM (SELECT k, v * 2 FROM items) s

wait tasks

query rowsort
SELECT * FROM mv_using
----
1|10|NULL|one

query rowsort
SELECT * FROM mv_sub
----
1|20
2|40

query rowsort
SELECT Name, QuerySql FROM mv_infos('database' = 'ldb') WHERE Name IN ('mv_using', 'mv_sub')
----
mv_sub|SELECT * FROM (SELECT k, v * 2 FROM items) s
mv_using|SELECT * FROM items JOIN tags USING (k)

statement ok
DROP MATERIALIZED VIEW mv_star

statement ok
DROP MATERIALIZED VIEW mv_star2

statement ok
DROP MATERIALIZED VIEW mv_using

statement ok
DROP MATERIALIZED VIEW mv_sub

statement ok
DROP TABLE tags

statement ok
DROP TABLE items

# Schema changes of base tables: ADD COLUMN, and dropping a column the MV does not use, keep the
# MV NORMAL; dropping a used column does not.
statement ok
ALTER TABLE sales ADD COLUMN note VARCHAR(10)

query
SELECT State, SchemaChangeDetail FROM mv_infos('database' = 'ldb')
----
NORMAL|(empty)

statement ok
ALTER TABLE regions ADD COLUMN unused INT

statement ok
REFRESH MATERIALIZED VIEW mv_total COMPLETE WITH SYNC MODE

statement ok
ALTER TABLE regions DROP COLUMN unused

query
SELECT State, SchemaChangeDetail FROM mv_infos('database' = 'ldb')
----
NORMAL|(empty)

statement ok
ALTER TABLE regions DROP COLUMN name

query
SELECT State, SchemaChangeDetail FROM mv_infos('database' = 'ldb')
----
SCHEMA_CHANGE|column name of regions was dropped or renamed

# A refresh that fails leaves the MV as it was and records the failure.
statement ok
INSERT INTO sales VALUES (6, '2024-01-06', '100', 'us', NULL)

statement error refresh of materialized view mv_total failed
REFRESH MATERIALIZED VIEW mv_total COMPLETE WITH SYNC MODE

query
SELECT Status, ErrorMsg LIKE '%name%' FROM tasks('type' = 'mv') ORDER BY TaskId DESC LIMIT 1
----
FAILED|1

query
SELECT State, RefreshState FROM mv_infos('database' = 'ldb')
----
SCHEMA_CHANGE|FAIL

query rowsort
SELECT * FROM mv_total
----
cn|China|15
us|United States|22

statement ok
ALTER TABLE regions ADD COLUMN name VARCHAR(20)

statement ok
REFRESH MATERIALIZED VIEW mv_total COMPLETE WITH SYNC MODE

query
SELECT State FROM mv_infos('database' = 'ldb')
----
NORMAL

query rowsort
SELECT * FROM mv_total
----
cn|NULL|15
us|NULL|122

# INACTIVE / ACTIVE (StarRocks).
statement ok
ALTER MATERIALIZED VIEW mv_total INACTIVE

query
SELECT IS_ACTIVE, INACTIVE_REASON FROM information_schema.materialized_views
----
false|user use alter materialized view set status to inactive

statement ok
ALTER MATERIALIZED VIEW mv_total ACTIVE

query
SELECT IS_ACTIVE FROM information_schema.materialized_views
----
true

# SHOW CREATE MATERIALIZED VIEW and DESC.
statement ok
CREATE MATERIALIZED VIEW mv_ids (id COMMENT 'sale id', region) BUILD DEFERRED REFRESH AUTO ON SCHEDULE EVERY 2 HOUR
KEY(id) COMMENT 'ids by region' DISTRIBUTED BY HASH(id) BUCKETS 3
AS SELECT id, region FROM sales

query columns=Create_Materialized_View
SHOW CREATE MATERIALIZED VIEW mv_ids
----
CREATE MATERIALIZED VIEW `mv_ids` (
  `id` INT COMMENT 'sale id',
  `region` VARCHAR(10)
)
BUILD DEFERRED REFRESH AUTO ON SCHEDULE EVERY 2 HOUR
DUPLICATE KEY(`id`)
COMMENT 'ids by region'
DISTRIBUTED BY HASH(`id`) BUCKETS 3
AS SELECT id, region FROM sales

query columns=Field,Type,Key
DESC mv_ids
----
id|INT|true
region|VARCHAR(10)|false

query
SELECT ExecuteType, RecurringStrategy FROM jobs('type' = 'mv') WHERE MvName = 'mv_ids'
----
RECURRING|EVERY 2 HOUR

# REPLACE WITH ... swap: the two MVs exchange names.
statement ok
ALTER MATERIALIZED VIEW mv_total REPLACE WITH MATERIALIZED VIEW mv_ids

query rowsort
SELECT Name, RefreshInfo FROM mv_infos('database' = 'ldb')
----
mv_ids|BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL
mv_total|BUILD DEFERRED REFRESH AUTO ON SCHEDULE EVERY 2 HOUR

query
SELECT count(*) FROM mv_ids
----
2

# ... without swap: the replaced MV is dropped.
statement ok
ALTER MATERIALIZED VIEW mv_ids REPLACE WITH MATERIALIZED VIEW mv_total PROPERTIES ('swap' = 'false')

query
SELECT Name, RefreshInfo FROM mv_infos('database' = 'ldb')
----
mv_ids|BUILD DEFERRED REFRESH AUTO ON SCHEDULE EVERY 2 HOUR

statement error 'ldb.sales' is not MATERIALIZED VIEW
DROP MATERIALIZED VIEW sales

statement error no running or pending task 42 of materialized view mv_ids
CANCEL MATERIALIZED VIEW TASK 42 ON mv_ids

# MVs, jobs and task history survive a restart.
statement ok
CREATE MATERIALIZED VIEW mv_keep BUILD IMMEDIATE REFRESH AUTO ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT region, count(*) AS c FROM sales GROUP BY region

wait tasks

restart

statement ok
USE ldb

query rowsort
SELECT Name, State, RefreshState FROM mv_infos('database' = 'ldb')
----
mv_ids|INIT|INIT
mv_keep|NORMAL|SUCCESS

query
SELECT Status, RefreshMode FROM tasks('type' = 'mv') WHERE MvName = 'mv_keep'
----
SUCCESS|COMPLETE

query rowsort
SELECT * FROM mv_keep
----
cn|2
us|4

statement ok
INSERT INTO sales VALUES (9, '2024-01-09', '1', 'jp', NULL)

statement ok
REFRESH MATERIALIZED VIEW mv_keep AUTO WITH SYNC MODE

query rowsort
SELECT * FROM mv_keep
----
cn|2
jp|1
us|4

# Dropping a base table: StarRocks reports the MV inactive, Doris a schema change.
statement ok
DROP TABLE regions

query
SELECT IS_ACTIVE, INACTIVE_REASON FROM information_schema.materialized_views WHERE TABLE_NAME = 'mv_keep'
----
true|(empty)

statement ok
DROP TABLE sales

query rowsort
SELECT TABLE_NAME, IS_ACTIVE, INACTIVE_REASON FROM information_schema.materialized_views
----
mv_ids|false|base-table dropped: sales
mv_keep|false|base-table dropped: sales

query rowsort
SELECT Name, State, SchemaChangeDetail FROM mv_infos('database' = 'ldb')
----
mv_ids|SCHEMA_CHANGE|base table sales was dropped
mv_keep|SCHEMA_CHANGE|base table sales was dropped
