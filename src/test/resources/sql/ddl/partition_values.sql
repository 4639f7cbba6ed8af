# Partition bounds are read as Doris reads them: month, day and time fields may have one digit.

statement ok
CREATE DATABASE pv

statement ok
USE pv

statement ok
CREATE TABLE t (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (PARTITION p1 VALUES LESS THAN ('2023-12-9'), PARTITION p2 VALUES LESS THAN ('2024-1-15'))
DISTRIBUTED BY HASH(v) BUCKETS 1

statement ok
INSERT INTO t VALUES ('2023-12-08', 1), ('2023-12-09', 2), ('2024-01-14', 3)

query columns=PartitionName,Range
SHOW PARTITIONS FROM t WHERE PartitionName = 'p2'
----
p2|[types: [DATEV2]; keys: [2023-12-09]; ..types: [DATEV2]; keys: [2024-01-15]; )

query
SELECT v FROM t PARTITION (p2) ORDER BY v
----
2
3

statement ok
CREATE TABLE d (ts DATETIME NOT NULL, v INT) DUPLICATE KEY(ts)
PARTITION BY RANGE(ts) (PARTITION p1 VALUES [('2024-1-1 0:00:00'), ('2024-1-2 8:30:00')))
DISTRIBUTED BY HASH(v) BUCKETS 1

statement ok
INSERT INTO d VALUES ('2024-01-02 08:29:59', 1)

statement error Insert has filtered data in strict mode
INSERT INTO d VALUES ('2024-01-02 08:30:00', 2)

statement error Invalid partition value '2024-13-01' for type DATE
CREATE TABLE bad (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (PARTITION p1 VALUES LESS THAN ('2024-13-01')) DISTRIBUTED BY HASH(v) BUCKETS 1
