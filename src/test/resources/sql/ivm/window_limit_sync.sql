# A partition whose changes an ivm_partition_window_limit skipped does not hold its base's rows: it is
# not in sync (SHOW PARTITIONS, mv_infos) until it is rebuilt, later refreshes that find nothing to
# apply leave it so, and transparent rewrite reads that partition from the base.

statement ok
CREATE DATABASE ivm_window_sync

statement ok
USE ivm_window_sync

statement ok
CREATE TABLE orders (d DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(d, id)
PARTITION BY RANGE(d) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO orders VALUES ('2024-01-01', 1, 1), ('2024-01-02', 2, 10), ('2024-01-03', 3, 100)

statement ok
CREATE MATERIALIZED VIEW daily BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (d)
PROPERTIES ("ivm_partition_window_limit" = "orders:2") AS SELECT d, sum(v) AS s, count(*) AS c FROM orders GROUP BY d

wait tasks

statement ok
UPDATE orders SET v = v + 1

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d
----
2024-01-01|1|1
2024-01-02|11|1
2024-01-03|101|1

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM daily
----
p_20240101_20240102|false
p_20240102_20240103|true
p_20240103_20240104|true

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM daily
----
p_20240101_20240102|false
p_20240102_20240103|true
p_20240103_20240104|true

query
SELECT SyncWithBaseTables FROM mv_infos("database" = "ivm_window_sync") WHERE Name = "daily"
----
0

query rowsort both
SELECT d, sum(v) FROM orders GROUP BY d
----
2024-01-01|2
2024-01-02|11
2024-01-03|101

# A change inside the window keeps the skipped partition marked.
statement ok
INSERT INTO orders VALUES ('2024-01-03', 4, 1000)

statement ok
REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM daily
----
p_20240101_20240102|false
p_20240102_20240103|true
p_20240103_20240104|true

# Rebuilding the partition brings it back.
statement ok
REFRESH MATERIALIZED VIEW daily PARTITIONS WITH SYNC MODE

query
SELECT * FROM daily ORDER BY d
----
2024-01-01|2|1
2024-01-02|11|1
2024-01-03|1101|2

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM daily
----
p_20240101_20240102|true
p_20240102_20240103|true
p_20240103_20240104|true

query
SELECT SyncWithBaseTables FROM mv_infos("database" = "ivm_window_sync") WHERE Name = "daily"
----
1
