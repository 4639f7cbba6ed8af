# AUTO PARTITION: writes create the RANGE (date_trunc) or LIST partitions they need, in their own
# transaction, with Doris's partition names.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE trades (dt DATE NOT NULL, id INT NOT NULL, amount INT)
DUPLICATE KEY(dt, id)
AUTO PARTITION BY RANGE (date_trunc(dt, 'year')) ()
DISTRIBUTED BY HASH(dt) BUCKETS 1

query
SELECT count(*) FROM trades
----
0

query columns=PartitionName
SHOW PARTITIONS FROM trades
----

statement ok
INSERT INTO trades VALUES ('2012-12-13', 1, 10), ('2008-02-03', 2, 20), ('2014-11-11', 3, 30), ('2012-01-01', 4, 40)

query columns=PartitionName,VisibleVersion,Range,RowCount
SHOW PARTITIONS FROM trades
----
p20080101000000|2|[types: [DATEV2]; keys: [2008-01-01]; ..types: [DATEV2]; keys: [2009-01-01]; )|1
p20120101000000|2|[types: [DATEV2]; keys: [2012-01-01]; ..types: [DATEV2]; keys: [2013-01-01]; )|2
p20140101000000|2|[types: [DATEV2]; keys: [2014-01-01]; ..types: [DATEV2]; keys: [2015-01-01]; )|1

query
SELECT id FROM trades PARTITION (p20120101000000) ORDER BY id
----
1
4

# A second write reuses the partitions that exist and adds only what is new.
statement ok
INSERT INTO trades VALUES ('2012-06-01', 5, 50), ('2020-02-29', 6, 60)

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM trades
----
p20080101000000|2|1
p20120101000000|3|3
p20140101000000|2|1
p20200101000000|2|1

# A rolled back transaction leaves no new partition behind.
statement ok
BEGIN

statement ok
INSERT INTO trades VALUES ('2031-05-05', 8, 80)

statement ok
INSERT INTO trades VALUES ('2032-05-05', 9, 90)

query
SELECT count(*) FROM trades WHERE dt >= '2031-01-01'
----
2

statement ok
ROLLBACK

query columns=PartitionName
SHOW PARTITIONS FROM trades
----
p20080101000000
p20120101000000
p20140101000000
p20200101000000

query
SELECT count(*) FROM trades
----
6

# Statements of one transaction see each other's partitions, and commit them together.
statement ok
BEGIN

statement ok
INSERT INTO trades VALUES ('2031-05-05', 8, 80)

statement ok
INSERT INTO trades VALUES ('2032-05-05', 9, 90), ('2031-06-06', 10, 100)

statement ok
COMMIT

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM trades WHERE PartitionName > 'p2030'
----
p20310101000000|2
p20320101000000|1

query
SHOW CREATE TABLE trades
----
trades|CREATE TABLE `trades` (
  `dt` date NOT NULL COMMENT "",
  `id` int NOT NULL COMMENT "",
  `amount` int NULL COMMENT ""
) ENGINE=OLAP
DUPLICATE KEY(`dt`, `id`)
AUTO PARTITION BY RANGE(date_trunc(`dt`, 'year'))
(PARTITION p20080101000000 VALUES [("2008-01-01"), ("2009-01-01")),
PARTITION p20120101000000 VALUES [("2012-01-01"), ("2013-01-01")),
PARTITION p20140101000000 VALUES [("2014-01-01"), ("2015-01-01")),
PARTITION p20200101000000 VALUES [("2020-01-01"), ("2021-01-01")),
PARTITION p20310101000000 VALUES [("2031-01-01"), ("2032-01-01")),
PARTITION p20320101000000 VALUES [("2032-01-01"), ("2033-01-01")))
DISTRIBUTED BY HASH(`dt`) BUCKETS 1;

# DATETIME columns by smaller units; AUTO may be left out before date_trunc, as in Doris.
statement ok
CREATE TABLE events (ts DATETIME NOT NULL, v INT)
DUPLICATE KEY(ts)
PARTITION BY RANGE (date_trunc(ts, 'hour')) ()
DISTRIBUTED BY HASH(ts) BUCKETS 1

statement ok
INSERT INTO events VALUES ('2024-03-01 10:15:00', 1), ('2024-03-01 10:59:59', 2), ('2024-03-01 23:00:00', 3)

query columns=PartitionName,Range,RowCount
SHOW PARTITIONS FROM events
----
p20240301100000|[types: [DATETIMEV2]; keys: [2024-03-01 10:00:00]; ..types: [DATETIMEV2]; keys: [2024-03-01 11:00:00]; )|2
p20240301230000|[types: [DATETIMEV2]; keys: [2024-03-01 23:00:00]; ..types: [DATETIMEV2]; keys: [2024-03-02 00:00:00]; )|1

statement ok
CREATE TABLE monthly (dt DATE NOT NULL, v INT)
DUPLICATE KEY(dt)
AUTO PARTITION BY RANGE (date_trunc(dt, 'month')) (
  PARTITION p_old VALUES [("2000-01-15"), ("2024-01-01"))
)
DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO monthly VALUES ('1999-12-31', 0), ('2010-05-05', 1), ('2024-02-29', 2)

# The month of 2000-01-05 overlaps p_old: the write fails and its other new partition goes with it.
statement error is intersected with range
INSERT INTO monthly VALUES ('2031-01-01', 3), ('2000-01-05', 4)

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM monthly
----
p19991201000000|1
p_old|1
p20240201000000|1

# AUTO LIST: one partition per new value, NULL in partition pX.
statement ok
CREATE TABLE cities (city VARCHAR(32), id INT)
DUPLICATE KEY(city)
AUTO PARTITION BY LIST (city) ()
DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO cities VALUES ('Beijing', 1), ('Shanghai', 2), ('Beijing', 3), (NULL, 4), ('2024-12', 5), ('你好', 6)

query rowsort columns=PartitionName,RowCount
SHOW PARTITIONS FROM cities
----
p20242d127|1
p4f60597d2|1
pBeijing7|2
pShanghai8|1
pX|1

query
SELECT id FROM cities PARTITION (pX)
----
4

statement ok
CREATE TABLE pairs (a INT NOT NULL, b VARCHAR(8) NOT NULL, v INT)
DUPLICATE KEY(a, b)
AUTO PARTITION BY LIST (a, b) ()
DISTRIBUTED BY HASH(a) BUCKETS 1

statement ok
INSERT INTO pairs VALUES (1, 'x', 1), (1, 'y', 2), (1, 'x', 3)

query rowsort columns=PartitionName,RowCount
SHOW PARTITIONS FROM pairs
----
p11x1|2
p11y1|1

# Definitions Doris refuses.
statement error AUTO RANGE PARTITION doesn't support NULL column
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) AUTO PARTITION BY RANGE (date_trunc(dt, 'day')) () DISTRIBUTED BY HASH(dt) BUCKETS 1

statement error AUTO RANGE PARTITION needs a partition expression
CREATE TABLE bad (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt) AUTO PARTITION BY RANGE (dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1

statement error date_trunc unit of AUTO RANGE PARTITION must be one of
CREATE TABLE bad (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt) AUTO PARTITION BY RANGE (date_trunc(dt, 'decade')) () DISTRIBUTED BY HASH(dt) BUCKETS 1

statement error is finer than a day
CREATE TABLE bad (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt) AUTO PARTITION BY RANGE (date_trunc(dt, 'hour')) () DISTRIBUTED BY HASH(dt) BUCKETS 1

statement error only allowed as
CREATE TABLE bad (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt) AUTO PARTITION BY LIST (date_trunc(dt, 'day')) () DISTRIBUTED BY HASH(dt) BUCKETS 1

# Without AUTO, a write outside the partitions still fails, even when there are none at all.
statement ok
CREATE TABLE plain (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1

statement error no partition for this tuple
INSERT INTO plain VALUES ('2024-01-01', 1)

query columns=PartitionName
SHOW PARTITIONS FROM plain
----

# The partitions survive a restart.
restart

statement ok
USE db

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM trades WHERE PartitionName > 'p2030'
----
p20310101000000|2
p20320101000000|1

statement ok
INSERT INTO trades VALUES ('2033-01-01', 11, 110)

query
SELECT count(*) FROM trades
----
10

# A later write of the same transaction starts from the partitions an earlier one created
# (an UPDATE used to save the published metadata over them).
statement ok
CREATE TABLE a_txn (k DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(k, id)
AUTO PARTITION BY RANGE (date_trunc(k, 'day')) () DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO a_txn VALUES ('2024-01-01', 1, 1)

statement ok
BEGIN

statement ok
INSERT INTO a_txn VALUES ('2024-05-01', 2, 2)

statement ok
UPDATE a_txn SET v = 10 WHERE id = 1

statement ok
INSERT INTO a_txn VALUES ('2024-06-01', 3, 3)

statement ok
DELETE FROM a_txn WHERE id = 3

statement ok
COMMIT

query columns=PartitionName
SHOW PARTITIONS FROM a_txn
----
p20240101000000
p20240501000000
p20240601000000

query rowsort
SELECT k, id, v FROM a_txn PARTITION (p20240501000000)
----
2024-05-01|2|2

# A non-strict INSERT makes partitions only for the rows it keeps.
statement ok
CREATE TABLE a_loose (k DATE NOT NULL, id INT NOT NULL) DUPLICATE KEY(k)
AUTO PARTITION BY RANGE (date_trunc(k, 'month')) () DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
SET enable_insert_strict = false

statement ok
INSERT INTO a_loose VALUES ('2024-03-05', NULL), ('2024-01-05', 2)

statement ok
SET enable_insert_strict = true

query columns=PartitionName
SHOW PARTITIONS FROM a_loose
----
p20240101000000

# max_auto_partition_num bounds the partitions of an AUTO PARTITION table, as in Doris.
statement ok
ADMIN SET FRONTEND CONFIG ("max_auto_partition_num" = "2")

statement error create partition failed. partition numbers will exceed limit variable max_auto_partition_num
INSERT INTO a_loose VALUES ('2024-04-05', 1), ('2024-05-05', 1)

statement ok
INSERT INTO a_loose VALUES ('2024-04-05', 1)

statement ok
ADMIN SET FRONTEND CONFIG ("max_auto_partition_num" = "2000")
