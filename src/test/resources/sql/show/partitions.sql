# SHOW PARTITIONS: names, ranges, versions bumped by each write that touches a partition, row counts.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (dt DATE NOT NULL, v INT NOT NULL)
UNIQUE KEY(dt, v)
PARTITION BY RANGE(dt) (FROM ("2024-01-01") TO ("2024-01-04") INTERVAL 1 DAY)
DISTRIBUTED BY HASH(dt) BUCKETS 2

query columns=PartitionName,VisibleVersion,State,Range,RowCount
SHOW PARTITIONS FROM t
----
p_20240101|1|NORMAL|[types: [DATEV2]; keys: [2024-01-01]; ..types: [DATEV2]; keys: [2024-01-02]; )|0
p_20240102|1|NORMAL|[types: [DATEV2]; keys: [2024-01-02]; ..types: [DATEV2]; keys: [2024-01-03]; )|0
p_20240103|1|NORMAL|[types: [DATEV2]; keys: [2024-01-03]; ..types: [DATEV2]; keys: [2024-01-04]; )|0

statement ok
INSERT INTO t VALUES ('2024-01-01', 1), ('2024-01-01', 2), ('2024-01-03', 3)

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM t
----
p_20240101|2|2
p_20240102|1|0
p_20240103|2|1

statement ok
DELETE FROM t WHERE v = 3

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM t
----
p_20240101|2|2
p_20240102|1|0
p_20240103|3|0

# a delete that matches nothing touches no partition
statement ok
DELETE FROM t WHERE v = 99

query columns=PartitionName,VisibleVersion
SHOW PARTITIONS FROM t WHERE PartitionName = 'p_20240103'
----
p_20240103|3

statement ok
TRUNCATE TABLE t PARTITION (p_20240102)

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM t ORDER BY PartitionName DESC LIMIT 2
----
p_20240103|3|0
p_20240102|2|0

# an unpartitioned table has one partition named after the table
statement ok
CREATE TABLE plain (k INT, v INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO plain VALUES (1, 1)

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM plain
----
plain|2|1
