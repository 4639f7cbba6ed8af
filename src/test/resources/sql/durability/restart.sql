# Committed data and metadata survive a restart; a failed statement leaves nothing behind.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE u (k INT NOT NULL, v VARCHAR(20)) UNIQUE KEY(k)
PARTITION BY RANGE(k) (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN (20))
DISTRIBUTED BY HASH(k) BUCKETS 4 PROPERTIES ("replication_num" = "1", "storage_medium" = "SSD")

statement ok
INSERT INTO u VALUES (1, 'one'), (11, 'eleven')

statement ok
CREATE VIEW uv AS SELECT k, upper(v) AS up FROM u WHERE k < 10

statement error
INSERT INTO u VALUES (2, 'two'), (25, 'out of range')

restart

statement ok
USE db

query
SELECT k, v FROM u ORDER BY k
----
1|one
11|eleven

query
SELECT * FROM uv
----
1|ONE

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM u
----
p0|2|1
p1|2|1

statement ok
INSERT INTO u VALUES (1, 'uno')

restart

query
SELECT v FROM db.u WHERE k = 1
----
uno

query columns=PartitionName,VisibleVersion
SHOW PARTITIONS FROM db.u
----
p0|3
p1|2
