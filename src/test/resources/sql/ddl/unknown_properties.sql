# A property CREATE TABLE, CREATE MATERIALIZED VIEW or ALTER .. SET does not know is refused by name,
# as Doris refuses it, and nothing is created: a misspelling would otherwise be kept without effect.

statement ok
CREATE DATABASE unknown_props

statement ok
USE unknown_props

statement error Unknown properties: {replicaton_num=1, foo=bar}
CREATE TABLE t (k INT NOT NULL, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("replicaton_num" = "1", "foo" = "bar")

statement error Table [t] does not exist
DESC t

# Doris's storage and replica properties are recorded, as buckets are.
statement ok
CREATE TABLE t (k INT NOT NULL, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("replication_allocation" = "tag.location.default: 1", "storage_medium" = "SSD", "light_schema_change" = "true",
"compression" = "ZSTD", "bloom_filter_columns" = "v")

statement error Unknown properties: {grace_periode=10}
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("grace_periode" = "10") AS SELECT k, sum(v) AS s FROM t GROUP BY k

statement error Table [mv] does not exist
DESC mv

statement error workload_group is not supported
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("workload_group" = "normal") AS SELECT k, sum(v) AS s FROM t GROUP BY k

# StarRocks's partition refresh properties have no effect on an incremental MV (seed 001); elsewhere
# refresh_partition_num is the one that acts.
statement error partition_refresh_number is not supported: refresh_partition_num
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("partition_refresh_number" = "2") AS SELECT k, sum(v) AS s FROM t GROUP BY k

statement ok
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES ("grace_period" = "10", "replication_num" = "1") AS SELECT k, sum(v) AS s FROM t GROUP BY k

statement error illegal key:grace_periode
ALTER MATERIALIZED VIEW mv SET ("grace_periode" = "10")
