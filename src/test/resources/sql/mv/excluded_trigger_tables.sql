# excluded_trigger_tables, as in Doris: commits to a listed table neither trigger a refresh nor make
# the MV stale (an AUTO refresh after them alone changes nothing); names may be t, db.t or internal.db.t.

statement ok
CREATE DATABASE ex

statement ok
USE ex

statement ok
CREATE TABLE facts (dt DATE NOT NULL, region VARCHAR(8), amount INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-03') INTERVAL 1 DAY) DISTRIBUTED BY HASH(region) BUCKETS 1

statement ok
CREATE TABLE dims (region VARCHAR(8) NOT NULL, name VARCHAR(20)) UNIQUE KEY(region) DISTRIBUTED BY HASH(region) BUCKETS 1

statement ok
INSERT INTO facts VALUES ('2024-01-01', 'cn', 10), ('2024-01-02', 'us', 20)

statement ok
INSERT INTO dims VALUES ('cn', 'China'), ('us', 'USA')

statement ok
CREATE MATERIALIZED VIEW by_day BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY RANDOM BUCKETS 1 PROPERTIES ("excluded_trigger_tables" = "internal.ex.dims")
AS SELECT f.dt, d.name, sum(f.amount) AS total FROM facts f JOIN dims d ON f.region = d.region GROUP BY f.dt, d.name

statement ok
CREATE MATERIALIZED VIEW whole BUILD IMMEDIATE REFRESH AUTO ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1 PROPERTIES ("excluded_trigger_tables" = "dims")
AS SELECT d.name, sum(f.amount) AS total FROM facts f JOIN dims d ON f.region = d.region GROUP BY d.name

wait tasks

statement ok
INSERT INTO dims VALUES ('cn', 'PRC')

# The change to dims alone leaves both MVs in sync.
query rowsort
SELECT Name, SyncWithBaseTables FROM mv_infos('database' = 'ex')
----
by_day|1
whole|1

query columns=PartitionName,SyncWithBaseTables,UnsyncTables
SHOW PARTITIONS FROM by_day ORDER BY PartitionName
----
p_20240101_20240102|true|[]
p_20240102_20240103|true|[]

statement ok
REFRESH MATERIALIZED VIEW by_day AUTO WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW whole AUTO WITH SYNC MODE

query
SELECT MvName, RefreshMode FROM tasks('type' = 'mv') WHERE MvDatabaseName = 'ex' ORDER BY TaskId DESC LIMIT 2
----
whole|NOT_REFRESH
by_day|NOT_REFRESH

query rowsort
SELECT name, total FROM whole
----
China|10
USA|20

# A change to facts makes its partition stale; the refresh then reads dims as it is now.
statement ok
INSERT INTO facts VALUES ('2024-01-01', 'cn', 5)

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM by_day ORDER BY PartitionName
----
p_20240101_20240102|false
p_20240102_20240103|true

statement ok
REFRESH MATERIALIZED VIEW by_day AUTO WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW whole AUTO WITH SYNC MODE

query rowsort
SELECT dt, name, total FROM by_day
----
2024-01-01|PRC|15
2024-01-02|USA|20

query rowsort
SELECT name, total FROM whole
----
PRC|15
USA|20

# Exclusion is judged when a refresh runs (Doris): a change made before the table was excluded
# makes nothing stale afterwards either, so AUTO refreshes nothing.
statement ok
CREATE TABLE f2 (k INT NOT NULL, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE d2 (k INT NOT NULL, name VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO f2 VALUES (1, 10)

statement ok
INSERT INTO d2 VALUES (1, 'a')

statement ok
CREATE MATERIALIZED VIEW late BUILD IMMEDIATE REFRESH AUTO ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT f2.k, v, name FROM f2 JOIN d2 ON f2.k = d2.k

wait tasks

statement ok
INSERT INTO d2 VALUES (1, 'b')

statement ok
ALTER MATERIALIZED VIEW late SET ("excluded_trigger_tables" = "d2")

query
SELECT SyncWithBaseTables FROM mv_infos("database" = "ex") WHERE Name = 'late'
----
1

statement ok
REFRESH MATERIALIZED VIEW late AUTO WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") WHERE MvName = 'late' ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH

query
SELECT * FROM late
----
1|10|a

statement ok
REFRESH MATERIALIZED VIEW late COMPLETE WITH SYNC MODE

query rowsort
SELECT * FROM late
----
1|10|a
1|10|b
