# excluded_trigger_tables on an IVM MV: an excluded table has no internal stream, its changes are not
# read (it is read as it is when other tables change); taking it out of the list creates its stream
# and, as its earlier changes were never read, the next refresh rebuilds the MV in full. The ivm_*
# properties: ivm_use_full_keys is checked and kept (rows are matched by value, never by a hash),
# ivm_partition_window_limit is refused.

statement ok
CREATE DATABASE ivm_excluded

statement ok
USE ivm_excluded

statement ok
CREATE TABLE items (id INT, kind INT, qty INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
CREATE TABLE kinds (kind INT, label VARCHAR(8)) UNIQUE KEY(kind) DISTRIBUTED BY HASH(kind) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO items VALUES (1, 1, 5), (2, 2, 7)

statement ok
INSERT INTO kinds VALUES (1, 'one'), (2, 'two')

statement ok
CREATE MATERIALIZED VIEW by_label BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL
PROPERTIES ("excluded_trigger_tables" = "kinds", "ivm_use_full_keys" = "true") AS
SELECT k.label, sum(i.qty) AS total FROM items i JOIN kinds k ON i.kind = k.kind GROUP BY k.label

wait tasks

query
SELECT BASE_TABLE_NAME FROM information_schema.table_streams
----
items

# A change of the excluded table alone is not read.
statement ok
INSERT INTO kinds VALUES (2, 'deux')

statement ok
REFRESH MATERIALIZED VIEW by_label INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_label ORDER BY label
----
one|5
two|7

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH

# No longer excluded: a stream is created, the baseline no longer covers what the MV maintains
# (SCHEMA_CHANGE until it is built again) and the next refresh rebuilds.
statement ok
ALTER MATERIALIZED VIEW by_label SET ("excluded_trigger_tables" = "")

query rowsort
SELECT BASE_TABLE_NAME FROM information_schema.table_streams
----
items
kinds

query
SELECT State, SchemaChangeDetail FROM mv_infos("database" = "ivm_excluded") WHERE Name = "by_label"
----
SCHEMA_CHANGE|the IVM baseline was invalidated: excluded_trigger_tables no longer excludes ivm_excluded.kinds

statement ok
REFRESH MATERIALIZED VIEW by_label INCREMENTAL WITH SYNC MODE

query
SELECT State, SchemaChangeDetail FROM mv_infos("database" = "ivm_excluded") WHERE Name = "by_label"
----
NORMAL|(empty)

query
SELECT * FROM by_label ORDER BY label
----
deux|7
one|5

query
SELECT RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|NULL

# From now on changes of both tables are applied incrementally.
statement ok
INSERT INTO kinds VALUES (1, 'un')

statement ok
INSERT INTO items VALUES (3, 1, 1)

statement ok
REFRESH MATERIALIZED VIEW by_label INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_label ORDER BY label
----
deux|7
un|6

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL

# Excluded again: its stream goes, the baseline stays.
statement ok
ALTER MATERIALIZED VIEW by_label SET ("excluded_trigger_tables" = "kinds")

query
SELECT BASE_TABLE_NAME FROM information_schema.table_streams
----
items

statement ok
INSERT INTO items VALUES (4, 2, 3)

statement ok
REFRESH MATERIALIZED VIEW by_label INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_label ORDER BY label
----
deux|10
un|6

statement error ivm_use_full_keys must be true or false, not yes
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL PROPERTIES ("ivm_use_full_keys" = "yes") AS SELECT id FROM items

statement error illegal key:ivm_use_full_keys
ALTER MATERIALIZED VIEW by_label SET ("ivm_use_full_keys" = "false")

statement error ivm_partition_window_limit names items, which is not partitioned
CREATE MATERIALIZED VIEW bad REFRESH INCREMENTAL ON MANUAL PROPERTIES ("ivm_partition_window_limit" = "items:7") AS SELECT id FROM items
