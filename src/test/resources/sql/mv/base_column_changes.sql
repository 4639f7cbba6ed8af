# A column of a base table dropped, modified or renamed changes every row without a new partition
# version: the MVs over it go to SCHEMA_CHANGE and stay there, also when a column of the same name
# comes back with other values, until a refresh builds them again; rewrite does not use them meanwhile.
# An incrementally maintained MV's baseline is invalidated by any such change (seed 003).

statement ok
CREATE DATABASE col_changes

statement ok
USE col_changes

statement ok
CREATE TABLE o (id INT NOT NULL, st VARCHAR(10), amt INT, note VARCHAR(10)) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO o VALUES (1, 'a', 1, 'x'), (2, 'b', 2, 'y'), (3, 'a', 5, 'z')

statement ok
CREATE MATERIALIZED VIEW pct BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT st, sum(amt) AS s FROM o GROUP BY st

statement ok
CREATE MATERIALIZED VIEW ivm BUILD IMMEDIATE REFRESH INCREMENTAL FALLBACK ON MANUAL
AS SELECT st, count(*) AS c, sum(amt) AS s FROM o GROUP BY st

wait tasks

# A column neither MV reads: the incremental one's baseline is gone all the same.
statement ok
ALTER TABLE o DROP COLUMN note

query
SELECT Name, State, SchemaChangeDetail FROM mv_infos("database" = "col_changes") ORDER BY Name
----
ivm|SCHEMA_CHANGE|the IVM baseline was invalidated: column note of o was dropped
pct|NORMAL|(empty)

statement error The refresh baseline of MV ivm was invalidated
REFRESH MATERIALIZED VIEW ivm PARTITIONS WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW ivm INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") WHERE MvName = 'ivm' ORDER BY TaskId DESC LIMIT 1
----
COMPLETE

# A column both read, dropped and added again: its values are new (NULL), so neither MV holds the rows.
statement ok
ALTER TABLE o DROP COLUMN amt

statement ok
ALTER TABLE o ADD COLUMN amt INT

query
SELECT Name, State, SyncWithBaseTables FROM mv_infos("database" = "col_changes") ORDER BY Name
----
ivm|SCHEMA_CHANGE|0
pct|SCHEMA_CHANGE|0

query rowsort both
SELECT st, sum(amt) FROM o GROUP BY st
----
a|NULL
b|NULL

statement ok
REFRESH MATERIALIZED VIEW pct AUTO WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW ivm AUTO WITH SYNC MODE

query rowsort
SELECT * FROM pct
----
a|NULL
b|NULL

query rowsort
SELECT * FROM ivm
----
a|2|NULL
b|1|NULL

query
SELECT Name, State, SyncWithBaseTables FROM mv_infos("database" = "col_changes") ORDER BY Name
----
ivm|NORMAL|1
pct|NORMAL|1

# Incremental again from there.
statement ok
INSERT INTO o VALUES (4, 'b', 7)

statement ok
REFRESH MATERIALIZED VIEW ivm INCREMENTAL WITH SYNC MODE

query rowsort
SELECT * FROM ivm
----
a|2|NULL
b|2|7
