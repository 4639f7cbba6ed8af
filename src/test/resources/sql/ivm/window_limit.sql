# ivm_partition_window_limit: an incremental refresh reads only the changes of the last N partitions
# of the table named (in partition value order); older partitions' changes are consumed and lost, as
# the user chose. A full build reads everything. Widening or removing the limit invalidates the
# baseline: SCHEMA_CHANGE until a refresh builds the MV again; a plain PARTITIONS refresh refuses.

statement ok
CREATE DATABASE ivm_window

statement ok
USE ivm_window

statement ok
CREATE TABLE orders (d DATE, id INT, v INT) DUPLICATE KEY(d, id)
PARTITION BY RANGE(d) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO orders VALUES ('2024-01-01', 1, 1), ('2024-01-02', 2, 10), ('2024-01-03', 3, 100)

statement ok
CREATE MATERIALIZED VIEW daily BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (d)
PROPERTIES ("ivm_partition_window_limit" = "orders:2") AS SELECT d, sum(v) AS s FROM orders GROUP BY d

wait tasks

query
SELECT * FROM daily ORDER BY d
----
2024-01-01|1
2024-01-02|10
2024-01-03|100

# A change of the oldest partition is outside the window: consumed, never applied.
statement ok
INSERT INTO orders VALUES ('2024-01-01', 4, 1000), ('2024-01-03', 5, 1000)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d
----
2024-01-01|1
2024-01-02|10
2024-01-03|1100

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH

# A new partition moves the window: the last two are now 2024-01-03 and 2024-01-04.
statement ok
ALTER TABLE orders ADD PARTITION p_20240104 VALUES [('2024-01-04'), ('2024-01-05'))

statement ok
INSERT INTO orders VALUES ('2024-01-02', 6, 5), ('2024-01-04', 7, 7)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d
----
2024-01-01|1
2024-01-02|10
2024-01-03|1100
2024-01-04|7

# Narrowing keeps the baseline.
statement ok
ALTER MATERIALIZED VIEW daily SET ("ivm_partition_window_limit" = "orders:1")

query
SELECT State, SchemaChangeDetail FROM mv_infos("database" = "ivm_window") WHERE Name = "daily"
----
NORMAL|(empty)

# Widening does not: the changes skipped cannot be read again.
statement ok
ALTER MATERIALIZED VIEW daily SET ("ivm_partition_window_limit" = "orders:3")

query
SELECT State, SchemaChangeDetail FROM mv_infos("database" = "ivm_window") WHERE Name = "daily"
----
SCHEMA_CHANGE|the IVM baseline was invalidated: ivm_partition_window_limit of orders was widened from 1 to 3

statement error The refresh baseline of MV daily was invalidated; refresh it with COMPLETE, AUTO or PARTITIONS FALLBACK
REFRESH MATERIALIZED VIEW daily PARTITIONS WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW daily PARTITIONS FALLBACK WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d
----
2024-01-01|1001
2024-01-02|15
2024-01-03|1100
2024-01-04|7

query
SELECT State, SchemaChangeDetail FROM mv_infos("database" = "ivm_window") WHERE Name = "daily"
----
NORMAL|(empty)

# Removing the limit invalidates it too, and survives a restart.
statement ok
ALTER MATERIALIZED VIEW daily SET ("ivm_partition_window_limit" = "")

restart

statement ok
USE ivm_window

query
SELECT State, SchemaChangeDetail FROM mv_infos("database" = "ivm_window") WHERE Name = "daily"
----
SCHEMA_CHANGE|the IVM baseline was invalidated: ivm_partition_window_limit of orders was removed

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode, State FROM tasks("type" = "mv") t JOIN mv_infos("database" = "ivm_window") m ON t.MvName = m.Name ORDER BY TaskId DESC LIMIT 1
----
COMPLETE|NORMAL

statement error ivm_partition_window_limit must be <table_name>:<partition_count>[,...] with a partition count of at least 1, not 'orders'
ALTER MATERIALIZED VIEW daily SET ("ivm_partition_window_limit" = "orders")

statement error ivm_partition_window_limit must be <table_name>:<partition_count>[,...] with a partition count of at least 1, not 'orders:0'
ALTER MATERIALIZED VIEW daily SET ("ivm_partition_window_limit" = "orders:0")

statement error ivm_partition_window_limit names users, which is not a base table of the materialized view
ALTER MATERIALIZED VIEW daily SET ("ivm_partition_window_limit" = "users:1")

statement error ivm_partition_window_limit applies only to a materialized view maintained incrementally (REFRESH INCREMENTAL or AUTO)
CREATE MATERIALIZED VIEW plain BUILD DEFERRED REFRESH COMPLETE ON MANUAL PROPERTIES ("ivm_partition_window_limit" = "orders:1")
AS SELECT d, v FROM orders

statement ok
CREATE MATERIALIZED VIEW plain BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT d, v FROM orders

statement error ivm_partition_window_limit applies only to a materialized view maintained incrementally (REFRESH INCREMENTAL or AUTO)
ALTER MATERIALIZED VIEW plain SET ("ivm_partition_window_limit" = "orders:1")
