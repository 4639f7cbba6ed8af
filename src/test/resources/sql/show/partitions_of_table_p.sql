# SHOW PARTITIONS works for a table whose name could clash with the names of its own row-count query.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE p (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (PARTITION p1 VALUES LESS THAN ("2024-02-01"), PARTITION p2 VALUES LESS THAN ("2024-03-01"))
DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO p VALUES ('2024-01-10', 1), ('2024-02-10', 2), ('2024-02-11', 3)

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM p
----
p1|2|1
p2|2|2
