# REFRESH MATERIALIZED VIEW mv PARTITION START (a) END (b) rebuilds every partition whose range
# overlaps [a, b), as Doris and StarRocks do, also those only partly inside it.

statement ok
CREATE DATABASE rr

statement ok
USE rr

statement ok
CREATE TABLE t (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-04-01') INTERVAL 1 MONTH) DISTRIBUTED BY HASH(v) BUCKETS 1

statement ok
INSERT INTO t VALUES ('2024-01-10', 1), ('2024-02-10', 2), ('2024-03-10', 3)

statement ok
CREATE MATERIALIZED VIEW m BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY RANDOM BUCKETS 1 AS SELECT dt, sum(v) AS s FROM t GROUP BY dt

wait tasks

statement ok
REFRESH MATERIALIZED VIEW m PARTITION START ('2024-01-15') END ('2024-02-10') WITH SYNC MODE

query
SELECT NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'm' ORDER BY TaskId DESC LIMIT 1
----
["p_20240101_20240201","p_20240201_20240301"]

# A range wholly inside one partition rebuilds that partition.
statement ok
REFRESH MATERIALIZED VIEW m PARTITION START ('2024-03-02') END ('2024-03-03') WITH SYNC MODE

query
SELECT NeedRefreshPartitions FROM tasks('type' = 'mv') WHERE MvName = 'm' ORDER BY TaskId DESC LIMIT 1
----
["p_20240301_20240401"]
