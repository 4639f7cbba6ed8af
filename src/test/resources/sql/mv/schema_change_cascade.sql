# A schema change below an MV reaches every MV above it, as in Doris: dropping the base table puts
# the MV over it and the MVs over that MV in SCHEMA_CHANGE.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 10), (2, 20)

statement ok
CREATE MATERIALIZED VIEW mv1 BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, sum(v) AS s FROM t GROUP BY k

statement ok
CREATE MATERIALIZED VIEW mv2 BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT sum(s) AS total FROM mv1

statement ok
CREATE MATERIALIZED VIEW mv3 BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT total * 2 AS doubled FROM mv2

wait tasks

query rowsort
SELECT Name, State FROM mv_infos('database' = 'db')
----
mv1|NORMAL
mv2|NORMAL
mv3|NORMAL

statement ok
DROP TABLE t

query rowsort
SELECT Name, State, SchemaChangeDetail FROM mv_infos('database' = 'db')
----
mv1|SCHEMA_CHANGE|base table t was dropped
mv2|SCHEMA_CHANGE|base materialized view mv1 is in SCHEMA_CHANGE
mv3|SCHEMA_CHANGE|base materialized view mv2 is in SCHEMA_CHANGE

# The same table created again and refreshed from the bottom up brings the chain back.
statement ok
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
REFRESH MATERIALIZED VIEW mv1 COMPLETE WITH SYNC MODE

query rowsort
SELECT Name, State FROM mv_infos('database' = 'db')
----
mv1|NORMAL
mv2|NORMAL
mv3|NORMAL

# A base table whose database was dropped: the MV is in SCHEMA_CHANGE and a refresh says the table
# does not exist.
statement ok
CREATE DATABASE d1

statement ok
CREATE TABLE d1.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE MATERIALIZED VIEW mv_other BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, v FROM d1.t

wait tasks

statement ok
DROP DATABASE d1

statement error Table [t] does not exist in database [d1].
REFRESH MATERIALIZED VIEW mv_other COMPLETE WITH SYNC MODE

query
SELECT State, SchemaChangeDetail FROM mv_infos('database' = 'db') WHERE Name = 'mv_other'
----
SCHEMA_CHANGE|base table t was dropped

# A used column with a blank in its name counts as used too.
statement ok
CREATE TABLE q (k INT, `order date` DATE, other INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE MATERIALIZED VIEW mv_q BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, `order date` AS d FROM q

wait tasks

statement ok
ALTER TABLE q DROP COLUMN other

query
SELECT State FROM mv_infos('database' = 'db') WHERE Name = 'mv_q'
----
NORMAL

statement ok
ALTER TABLE q DROP COLUMN `order date`

query
SELECT State, SchemaChangeDetail FROM mv_infos('database' = 'db') WHERE Name = 'mv_q'
----
SCHEMA_CHANGE|column order date of q was dropped or renamed
