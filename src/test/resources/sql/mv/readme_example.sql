# The README's "Materialized views in two minutes", statement by statement.

statement ok
CREATE DATABASE demo

statement ok
USE demo

statement ok
CREATE TABLE sales (dt DATE NOT NULL, region VARCHAR(10), amount DECIMAL(10, 2)) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-02-01') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(region) BUCKETS 4

statement ok
INSERT INTO sales VALUES ('2024-01-01', 'cn', 10.00), ('2024-01-02', 'us', 20.00)

statement ok
CREATE MATERIALIZED VIEW daily_sales
BUILD IMMEDIATE REFRESH AUTO ON COMMIT
PARTITION BY (dt) DISTRIBUTED BY RANDOM BUCKETS 2
AS SELECT dt, region, sum(amount) AS total FROM sales GROUP BY dt, region

wait tasks

statement ok
INSERT INTO sales VALUES ('2024-01-02', 'us', 5.00)

wait tasks

query
SELECT RefreshMode, NeedRefreshPartitions FROM tasks("type" = "mv") ORDER BY CreateTime DESC, TaskId DESC LIMIT 1
----
PARTIAL|["p_20240102_20240103"]

query rowsort
SELECT * FROM daily_sales
----
2024-01-01|cn|10.00
2024-01-02|us|25.00

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM daily_sales WHERE PartitionName = 'p_20240102_20240103'
----
p_20240102_20240103|true

statement ok
REFRESH MATERIALIZED VIEW daily_sales COMPLETE WITH SYNC MODE

query
SELECT Name, State, RefreshState FROM mv_infos('database' = 'demo')
----
daily_sales|NORMAL|SUCCESS
