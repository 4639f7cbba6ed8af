# A write that changes rows of an unpartitioned base makes its MVs stale; one that changes no row
# (a DELETE or UPDATE matching nothing) leaves them fresh. Keyed bases find their rows by key, the
# others by row id; a logged base records the changes too.

statement ok
CREATE DATABASE sdb

statement ok
USE sdb

statement ok
CREATE TABLE u (id INT NOT NULL, v INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
CREATE TABLE d (id INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO u VALUES (1, 10), (2, 20), (3, 30)

statement ok
INSERT INTO d VALUES (1, 10), (2, 20), (3, 30)

statement ok
CREATE MATERIALIZED VIEW mv_u BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT count(*) AS n, sum(v) AS total FROM u

statement ok
CREATE MATERIALIZED VIEW mv_d BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT count(*) AS n, sum(v) AS total FROM d

wait tasks

query
SELECT Name, SyncWithBaseTables FROM mv_infos('database' = 'sdb') ORDER BY Name
----
mv_d|1
mv_u|1

statement ok
DELETE FROM u WHERE id = 9

statement ok
DELETE FROM d WHERE id > 5

statement ok
UPDATE u SET v = 0 WHERE id = 9

query
SELECT Name, SyncWithBaseTables FROM mv_infos('database' = 'sdb') ORDER BY Name
----
mv_d|1
mv_u|1

statement ok
DELETE FROM u WHERE id = 2

statement ok
DELETE FROM d WHERE v = 20

query
SELECT Name, SyncWithBaseTables FROM mv_infos('database' = 'sdb') ORDER BY Name
----
mv_d|0
mv_u|0

statement ok
REFRESH MATERIALIZED VIEW mv_u COMPLETE WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW mv_d COMPLETE WITH SYNC MODE

query
SELECT n, total FROM mv_u
----
2|40

query
SELECT n, total FROM mv_d
----
2|40

statement ok
UPDATE u SET v = v + 1 WHERE id = 3

query
SELECT Name, SyncWithBaseTables FROM mv_infos('database' = 'sdb') ORDER BY Name
----
mv_d|1
mv_u|0

