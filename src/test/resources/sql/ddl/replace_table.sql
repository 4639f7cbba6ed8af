# ALTER TABLE t1 REPLACE WITH TABLE t2 [PROPERTIES ('swap' = ..)]: swap (the default) exchanges the
# two tables' names; 'swap' = 'false' drops t1 and renames t2 to t1. Doris does not compare the
# schemas. MVs over either table go to SCHEMA_CHANGE, as Doris marks them.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t1 (k INT NOT NULL, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE t2 (k INT NOT NULL, name VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t1 VALUES (1, 10), (2, 20)

statement ok
INSERT INTO t2 VALUES (7, 'seven')

statement ok
CREATE MATERIALIZED VIEW mv1 BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT k, v FROM t1

wait tasks

statement error Unknown properties: [bogus]
ALTER TABLE t1 REPLACE WITH TABLE t2 PROPERTIES ('bogus' = 'true')

statement error Can not replace table t1 with itself
ALTER TABLE t1 REPLACE WITH TABLE t1

statement error Table [t9] does not exist in database [db].
ALTER TABLE t1 REPLACE WITH TABLE t9

statement ok
ALTER TABLE t1 REPLACE WITH TABLE t2

query
SELECT * FROM t1
----
7|seven

query
SELECT * FROM t2 ORDER BY k
----
1|10
2|20

query
SELECT State FROM mv_infos('database' = 'db') WHERE Name = 'mv1'
----
SCHEMA_CHANGE

statement ok
ALTER TABLE t1 REPLACE WITH TABLE t2 PROPERTIES ('swap' = 'true')

query
SELECT * FROM t1 ORDER BY k
----
1|10
2|20

# Without swap the replaced table is gone.
statement ok
ALTER TABLE t1 REPLACE WITH TABLE t2 PROPERTIES ('swap' = 'false')

query
SELECT * FROM t1
----
7|seven

statement error Table [t2] does not exist
SELECT * FROM t2

query
SHOW TABLES
----
mv1
t1

restart

statement ok
USE db

query
SELECT * FROM t1
----
7|seven

statement ok
CREATE TABLE t2 (k INT NOT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t2 VALUES (3)
