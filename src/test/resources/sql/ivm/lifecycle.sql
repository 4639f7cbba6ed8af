# The life of IVM MVs: AUTO chooses IVM when it can, the StarRocks spelling is strict, triggers run
# incremental refreshes, a TRUNCATE of a base rebuilds the MV (also under strict INCREMENTAL), a
# missing internal stream fails a strict refresh and makes a FALLBACK refresh rebuild in full, and the
# MV, its streams and their offsets survive a restart.

statement ok
CREATE DATABASE ivm_life

statement ok
USE ivm_life

statement ok
CREATE TABLE items (id INT, grp VARCHAR(8), qty INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("enable_unique_key_merge_on_write" = "true", "binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
CREATE TABLE plain (id INT, grp VARCHAR(8)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO items VALUES (1, 'a', 5), (2, 'a', 7), (3, 'b', 1)

statement ok
INSERT INTO plain VALUES (1, 'a')

# REFRESH AUTO: incremental over tables with changes, an ordinary MV otherwise.
statement ok
CREATE MATERIALIZED VIEW by_grp BUILD IMMEDIATE REFRESH AUTO ON MANUAL AS
SELECT grp, count(*) AS n, sum(qty) AS total FROM items GROUP BY grp

statement ok
CREATE MATERIALIZED VIEW plain_copy BUILD IMMEDIATE REFRESH AUTO ON MANUAL AS SELECT id, grp FROM plain

# The StarRocks spelling: refresh_mode = INCREMENTAL, strict; ASYNC refreshes after base commits.
statement ok
CREATE MATERIALIZED VIEW big_items REFRESH DEFERRED ASYNC PROPERTIES ("refresh_mode" = "INCREMENTAL") AS
SELECT id, qty FROM items WHERE qty > 4

wait tasks

query rowsort
SELECT Name, RefreshInfo, IvmBaseTableStreams IS NOT NULL FROM mv_infos("database" = "ivm_life")
----
big_items|BUILD DEFERRED REFRESH INCREMENTAL ON COMMIT|1
by_grp|BUILD IMMEDIATE REFRESH AUTO ON MANUAL|1
plain_copy|BUILD IMMEDIATE REFRESH AUTO ON MANUAL|0

query
SELECT * FROM by_grp ORDER BY grp
----
a|2|12
b|1|1

query
SELECT * FROM big_items ORDER BY id
----

statement ok
INSERT INTO items VALUES (4, 'b', 9), (2, 'a', 8)

wait tasks

# big_items refreshed by itself after the commit; by_grp waits for a refresh (ON MANUAL).
query
SELECT * FROM big_items ORDER BY id
----
1|5
2|8
4|9

statement ok
REFRESH MATERIALIZED VIEW by_grp AUTO WITH SYNC MODE

query
SELECT * FROM by_grp ORDER BY grp
----
a|2|13
b|2|10

query
SELECT MvName, RefreshMode, IvmFallbackReason, IvmRebuiltPartitions FROM tasks("type" = "mv") WHERE MvName = "by_grp" ORDER BY TaskId
----
by_grp|COMPLETE|NULL|0
by_grp|PARTIAL|NULL|0

# An IVM MV is refreshed whole, and never forced: StarRocks's texts.
statement error Partition refresh is not supported for materialized views with refresh_mode=INCREMENTAL. Please refresh the whole materialized view instead.
REFRESH MATERIALIZED VIEW by_grp PARTITIONS (by_grp)

statement error FORCE refresh is not supported for materialized views with refresh_mode=INCREMENTAL. Please drop and re-create the materialized view instead.
REFRESH MATERIALIZED VIEW by_grp COMPLETE FORCE

# ALTER may state the mode it has; a switch to PCT is refused (seed 001).
statement ok
ALTER MATERIALIZED VIEW big_items SET ("refresh_mode" = "INCREMENTAL")

statement error Altering refresh_mode from INCREMENTAL to PCT is not supported
ALTER MATERIALIZED VIEW big_items SET ("refresh_mode" = "PCT")

# Only the trigger can change.
statement error The refresh method of incrementally maintained materialized view by_grp can not be changed: ALTER MATERIALIZED VIEW .. REFRESH ON .. changes only its trigger
ALTER MATERIALIZED VIEW by_grp REFRESH COMPLETE ON MANUAL

statement ok
ALTER MATERIALIZED VIEW by_grp REFRESH ON COMMIT

statement ok
INSERT INTO items VALUES (5, 'c', 2)

wait tasks

query
SELECT * FROM by_grp ORDER BY grp
----
a|2|13
b|2|10
c|1|2

statement ok
ALTER MATERIALIZED VIEW by_grp REFRESH ON MANUAL

# A TRUNCATE leaves no changes to read: the next refresh rebuilds the MV, under strict INCREMENTAL too.
statement ok
TRUNCATE TABLE items

statement ok
INSERT INTO items VALUES (6, 'd', 3)

statement ok
REFRESH MATERIALIZED VIEW by_grp INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_grp ORDER BY grp
----
d|1|3

query
SELECT RefreshMode, IvmFallbackReason, IvmRebuiltPartitions FROM tasks("type" = "mv") WHERE MvName = "by_grp" ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|NULL|1

# Internal streams are the MV's own: no INSERT consumes them, DROP STREAM needs FORCE.
query
SELECT STREAM_NAME, BASE_TABLE_NAME FROM information_schema.table_streams ORDER BY STREAM_NAME
----
__doris_ivm_stream_10006_10003|items
__doris_ivm_stream_10013_10003|items

statement error Stream __doris_ivm_stream_10006_10003 is an internal stream of an incrementally maintained materialized view: only its refreshes consume it
INSERT INTO plain SELECT id, grp FROM __doris_ivm_stream_10006_10003

statement error Stream __doris_ivm_stream_10006_10003 is an internal stream of an incrementally maintained materialized view and is dropped with it; DROP STREAM .. FORCE drops it anyway (the MV then needs a COMPLETE refresh)
DROP STREAM __doris_ivm_stream_10006_10003

statement ok
DROP STREAM __doris_ivm_stream_10006_10003 FORCE

statement ok
INSERT INTO items VALUES (7, 'd', 4)

# Without its stream, a strict refresh fails and changes nothing ...
statement error refresh of materialized view by_grp failed: Incremental refresh of materialized view by_grp is not possible (STREAM_UNSUPPORTED): an internal stream is missing or its changes are no longer all kept; refresh it with COMPLETE or AUTO, or with INCREMENTAL FALLBACK
REFRESH MATERIALIZED VIEW by_grp INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_grp ORDER BY grp
----
d|1|3

# ... and a FALLBACK refresh rebuilds in full, creating the stream again.
statement ok
REFRESH MATERIALIZED VIEW by_grp INCREMENTAL FALLBACK WITH SYNC MODE

query
SELECT * FROM by_grp ORDER BY grp
----
d|2|7

query
SELECT Status, RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = "by_grp" ORDER BY TaskId DESC LIMIT 2
----
SUCCESS|COMPLETE|STREAM_UNSUPPORTED
FAILED|NULL|NULL

query
SELECT count(*) FROM information_schema.table_streams WHERE STREAM_NAME = '__doris_ivm_stream_10006_10003'
----
1

# The MVs, their streams and offsets survive a restart: the next refresh reads only what is new.
restart

statement ok
USE ivm_life

statement ok
INSERT INTO items VALUES (8, 'e', 1)

statement ok
REFRESH MATERIALIZED VIEW by_grp INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_grp ORDER BY grp
----
d|2|7
e|1|1

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = "by_grp" ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|NULL

# Dropping the MVs drops their streams and offsets.
statement ok
DROP MATERIALIZED VIEW by_grp

statement ok
DROP MATERIALIZED VIEW big_items

query
SELECT count(*) FROM information_schema.table_streams
----
0
