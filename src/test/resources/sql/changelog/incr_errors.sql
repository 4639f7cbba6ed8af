# @incr requirements and their errors, word for word.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE plain (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error INCR query requires changelog enabled on base table.
SELECT * FROM plain@incr()

statement ok
CREATE TABLE no_before (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.format" = "ROW")

statement error MIN_DELTA INCR query requires base table to enable changelog.need_historical_value=true
SELECT * FROM no_before@incr()

statement ok
INSERT INTO no_before VALUES (1, 1)

statement ok
INSERT INTO no_before VALUES (1, 2)

# Without before images an update is recorded as UPDATE_AFTER only.
query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM no_before@incr("incrementType" = "DETAIL") ORDER BY __DORIS_CHANGELOG_TSO__
----
1|1|0
1|2|3

statement ok
CREATE VIEW vw AS SELECT * FROM no_before

statement error INCR query requires changelog enabled on base table.
SELECT * FROM vw@incr("incrementType" = "DETAIL")

# Changelog only on DUPLICATE, UNIQUE merge-on-write and PRIMARY KEY tables.
statement error Changelog is only supported on DUPLICATE KEY and UNIQUE KEY merge-on-write tables
CREATE TABLE agg (k INT, v BIGINT SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("changelog.enable" = "true")

statement error binlog.format only supports ROW
CREATE TABLE bad_format (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("binlog.enable" = "true", "binlog.format" = "STATEMENT")

# Once on, it cannot be turned off; columns cannot be modified or renamed, but ADD COLUMN works.
statement error Changelog can not be disabled once it is enabled on table no_before
ALTER TABLE no_before SET ("binlog.enable" = "false")

statement error because changelog is enabled on it
ALTER TABLE no_before RENAME COLUMN v w

statement error because changelog is enabled on it
ALTER TABLE no_before MODIFY COLUMN v BIGINT

statement ok
ALTER TABLE no_before ADD COLUMN extra VARCHAR(10) DEFAULT "x"

statement ok
INSERT INTO no_before VALUES (2, 20, 'y')

query
SELECT k, extra, __DORIS_CHANGELOG_OP__ FROM no_before@incr("incrementType" = "APPEND_ONLY") ORDER BY k
----
1|NULL|0
2|y|0

# StarRocks spelling on a PRIMARY KEY table, also settable later.
statement ok
CREATE TABLE pk (id BIGINT NOT NULL, name STRING) PRIMARY KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO pk VALUES (1, 'before cdc')

statement ok
ALTER TABLE pk SET ("enable_change_data_capture" = "true")

statement ok
INSERT INTO pk VALUES (2, 'after cdc')

query
SELECT id, name, __DORIS_CHANGELOG_OP__ FROM pk@incr("incrementType" = "DETAIL")
----
2|after cdc|0

statement error enable_change_data_capture is only supported on PRIMARY KEY tables
CREATE TABLE dup_cdc (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("enable_change_data_capture" = "true")

# A DUPLICATE table records appends and deletes; its modes agree when there are only inserts.
statement ok
CREATE TABLE logs (ts DATETIME NOT NULL, msg VARCHAR(20)) DUPLICATE KEY(ts)
PARTITION BY RANGE(ts) (PARTITION p1 VALUES LESS THAN ("2024-02-01"), PARTITION p2 VALUES LESS THAN ("2024-03-01"))
DISTRIBUTED BY RANDOM BUCKETS 1 PROPERTIES ("changelog.enable" = "true")

statement ok
INSERT INTO logs VALUES ('2024-01-01 00:00:00', 'a'), ('2024-02-01 00:00:00', 'b')

query
SELECT msg, __DORIS_CHANGELOG_OP__ FROM logs@incr() PARTITION (p2)
----
b|0

query
SELECT msg FROM logs@incr("incrementType" = "APPEND_ONLY") l ORDER BY msg
----
a
b

statement ok
DELETE FROM logs WHERE msg = 'a'

query
SELECT msg, __DORIS_CHANGELOG_OP__ FROM logs@incr("incrementType" = "DETAIL") ORDER BY __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_LSN__
----
a|0
b|0
a|1
