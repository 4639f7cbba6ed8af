# LIST partitions may hold NULL: VALUES IN (NULL) takes the rows whose partition column is NULL.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (city VARCHAR(16), v INT)
DUPLICATE KEY(city)
PARTITION BY LIST(city) (
  PARTITION p_bj VALUES IN ("beijing"),
  PARTITION p_null VALUES IN (NULL),
  PARTITION p_other VALUES IN ("shanghai", "hangzhou")
)
DISTRIBUTED BY HASH(v) BUCKETS 1

statement ok
INSERT INTO t VALUES ('beijing', 1), (NULL, 2), ('hangzhou', 3), (NULL, 4)

query columns=PartitionName,Range,RowCount
SHOW PARTITIONS FROM t
----
p_bj|([types: [VARCHAR(16)]; keys: [beijing]; ])|1
p_null|([types: [VARCHAR(16)]; keys: [NULL]; ])|2
p_other|([types: [VARCHAR(16)]; keys: [shanghai]; ],[types: [VARCHAR(16)]; keys: [hangzhou]; ])|1

query
SELECT v FROM t PARTITION (p_null) ORDER BY v
----
2
4

statement ok
TRUNCATE TABLE t PARTITION (p_null)

query
SELECT count(*) FROM t
----
2

statement error is already in partition p_null
ALTER TABLE t ADD PARTITION p_null2 VALUES IN (NULL)

statement ok
CREATE TABLE pairs (a INT, b INT, v INT)
DUPLICATE KEY(a, b)
PARTITION BY LIST(a, b) (
  PARTITION p1 VALUES IN ((1, NULL), (1, 1)),
  PARTITION p2 VALUES IN ((NULL, NULL))
)
DISTRIBUTED BY HASH(v) BUCKETS 1

statement ok
INSERT INTO pairs VALUES (1, NULL, 1), (1, 1, 2), (NULL, NULL, 3)

statement error no partition for this tuple
INSERT INTO pairs VALUES (NULL, 1, 4)

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM pairs
----
p1|2
p2|1

statement error Can not use NULL as a RANGE partition value
CREATE TABLE r (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) (PARTITION p VALUES LESS THAN (NULL)) DISTRIBUTED BY HASH(v) BUCKETS 1

# Without a NULL partition, NULL has nowhere to go.
statement ok
CREATE TABLE n (city VARCHAR(16), v INT) DUPLICATE KEY(city) PARTITION BY LIST(city) (PARTITION p VALUES IN ("a")) DISTRIBUTED BY HASH(v) BUCKETS 1

statement error no partition for this tuple
INSERT INTO n VALUES (NULL, 1)

query
SHOW CREATE TABLE t
----
t|CREATE TABLE `t` (
  `city` varchar(16) NULL COMMENT "",
  `v` int NULL COMMENT ""
) ENGINE=OLAP
DUPLICATE KEY(`city`)
PARTITION BY LIST(`city`)
(PARTITION p_bj VALUES IN (("beijing")),
PARTITION p_null VALUES IN ((NULL)),
PARTITION p_other VALUES IN (("shanghai"),("hangzhou")))
DISTRIBUTED BY HASH(`v`) BUCKETS 1;

restart

statement ok
USE db

query
SELECT count(*) FROM t PARTITION (p_null)
----
0

statement ok
INSERT INTO t VALUES (NULL, 5)

query
SELECT v FROM t PARTITION (p_null)
----
5
