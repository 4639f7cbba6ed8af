# Doris temporary partitions: ADD / DROP TEMPORARY PARTITION, loads and reads that name them,
# SHOW TEMPORARY PARTITIONS. Their ranges may overlap formal partitions'; their rows are seen only
# by statements that name them.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (dt DATE NOT NULL, k INT NOT NULL, v INT) DUPLICATE KEY(dt, k)
PARTITION BY RANGE(dt) (
  PARTITION p1 VALUES [("2024-01-01"), ("2024-02-01")),
  PARTITION p2 VALUES [("2024-02-01"), ("2024-03-01")),
  PARTITION p3 VALUES [("2024-03-01"), ("2024-04-01")))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES ('2024-01-05', 1, 10), ('2024-02-05', 2, 20), ('2024-03-05', 3, 30)

statement ok
ALTER TABLE t ADD TEMPORARY PARTITION tp1 VALUES [("2024-01-01"), ("2024-02-01"))

# A LESS THAN temporary partition starts where the temporary partitions below it end.
statement ok
ALTER TABLE t ADD TEMPORARY PARTITION tp2 VALUES LESS THAN ("2024-03-01")

statement error Duplicate partition name p1
ALTER TABLE t ADD TEMPORARY PARTITION p1 VALUES [("2024-05-01"), ("2024-06-01"))

statement error Duplicate partition name tp1
ALTER TABLE t ADD TEMPORARY PARTITION tp1 VALUES [("2024-05-01"), ("2024-06-01"))

statement error is intersected with range
ALTER TABLE t ADD TEMPORARY PARTITION tp9 VALUES [("2024-01-15"), ("2024-06-01"))

statement error Only support adding temp partition to partitioned table
CREATE TABLE plain (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1;
ALTER TABLE plain ADD TEMPORARY PARTITION tp1 VALUES LESS THAN ("10")

query columns=PartitionName,VisibleVersion,Range,RowCount
SHOW TEMPORARY PARTITIONS FROM t
----
tp1|1|[types: [DATEV2]; keys: [2024-01-01]; ..types: [DATEV2]; keys: [2024-02-01]; )|0
tp2|1|[types: [DATEV2]; keys: [2024-02-01]; ..types: [DATEV2]; keys: [2024-03-01]; )|0

statement ok
INSERT INTO t TEMPORARY PARTITION (tp1) VALUES ('2024-01-07', 1, 100), ('2024-01-08', 4, 400)

statement ok
INSERT INTO t TEMPORARY PARTITION (tp1, tp2) SELECT dt + INTERVAL 1 DAY, k, v * 10 FROM t PARTITION (p2)

# A row outside the named temporary partitions is filtered data, as for formal partitions.
statement error no partition for this tuple
INSERT INTO t TEMPORARY PARTITION (tp1) VALUES ('2024-02-07', 5, 500)

statement error Partition: tp7 does not exist in table t
INSERT INTO t TEMPORARY PARTITION (tp7) VALUES ('2024-02-07', 5, 500)

statement error INSERT OVERWRITE does not support temporary partitions
INSERT OVERWRITE TABLE t TEMPORARY PARTITION (tp1) VALUES ('2024-01-07', 1, 100)

# Normal reads see the formal rows only.
query
SELECT dt, k, v FROM t ORDER BY dt
----
2024-01-05|1|10
2024-02-05|2|20
2024-03-05|3|30

query
SELECT dt, k, v FROM t TEMPORARY PARTITION (tp1, tp2) ORDER BY dt
----
2024-01-07|1|100
2024-01-08|4|400
2024-02-06|2|200

query
SELECT count(*) FROM t TEMPORARY PARTITION tp2 AS x JOIN t AS y ON x.k = y.k
----
1

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM t
----
p1|2|1
p2|2|1
p3|2|1

query columns=PartitionName,VisibleVersion,RowCount
SHOW TEMPORARY PARTITIONS FROM t
----
tp1|2|2
tp2|2|1

# Columns do not change while temporary partitions exist.
statement error Can not alter table when there are temp partitions in table
ALTER TABLE t ADD COLUMN w INT

statement ok
ALTER TABLE t DROP TEMPORARY PARTITION tp2

statement ok
ALTER TABLE t DROP TEMPORARY PARTITION IF EXISTS tp2

statement error Partition: tp2 does not exist in table t
ALTER TABLE t DROP TEMPORARY PARTITION tp2

query columns=PartitionName,RowCount
SHOW TEMPORARY PARTITIONS FROM t
----
tp1|2

# They survive a restart.
restart

statement ok
USE db

query
SELECT k, v FROM t TEMPORARY PARTITION (tp1) ORDER BY k
----
1|100
4|400

statement ok
ALTER TABLE t DROP TEMPORARY PARTITION tp1

query columns=PartitionName
SHOW TEMPORARY PARTITIONS FROM t
----

statement ok
ALTER TABLE t ADD COLUMN w INT

# LIST temporary partitions; keyed tables upsert within them.
statement ok
CREATE TABLE cities (city VARCHAR(20) NOT NULL, id INT NOT NULL, n INT) UNIQUE KEY(city, id)
PARTITION BY LIST(city) (PARTITION p_cn VALUES IN ("Beijing", "Shanghai"), PARTITION p_us VALUES IN ("NYC"))
DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
ALTER TABLE cities ADD TEMPORARY PARTITION tp_cn VALUES IN ("Beijing", "Shanghai")

statement error The partition key
ALTER TABLE cities ADD TEMPORARY PARTITION tp_x VALUES IN ("Beijing")

statement ok
INSERT INTO cities TEMPORARY PARTITION (tp_cn) VALUES ('Beijing', 1, 1), ('Beijing', 1, 2), ('Shanghai', 2, 3)

query
SELECT * FROM cities TEMPORARY PARTITION (tp_cn) ORDER BY id
----
Beijing|1|2
Shanghai|2|3

query
SELECT count(*) FROM cities
----
0

# Dropping the table drops its temporary partitions.
statement ok
DROP TABLE cities

statement ok
CREATE TABLE cities (city VARCHAR(20) NOT NULL, id INT NOT NULL) UNIQUE KEY(city, id)
PARTITION BY LIST(city) (PARTITION p_cn VALUES IN ("Beijing"))
DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
ALTER TABLE cities ADD TEMPORARY PARTITION tp_cn VALUES IN ("Beijing")

statement ok
INSERT INTO cities TEMPORARY PARTITION (tp_cn) VALUES ('Beijing', 7)

# TRUNCATE of a partition leaves the temporary partitions; TRUNCATE of the table drops them.
statement ok
TRUNCATE TABLE cities PARTITION (p_cn)

query
SELECT * FROM cities TEMPORARY PARTITION (tp_cn)
----
Beijing|7

statement ok
TRUNCATE TABLE cities

query columns=PartitionName
SHOW TEMPORARY PARTITIONS FROM cities
----

statement error
SELECT * FROM cities TEMPORARY PARTITION (tp_cn)

restart

statement ok
ALTER TABLE db.cities ADD TEMPORARY PARTITION tp_cn VALUES IN ("Beijing")

query
SELECT count(*) FROM db.cities TEMPORARY PARTITION (tp_cn)
----
0
