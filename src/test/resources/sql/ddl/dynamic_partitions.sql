# Dynamic partitions: the partitions of the window around today exist from CREATE on, are named as
# Doris names them, and are managed by dynamic partitioning alone while it is enabled. Expected rows
# never hold today's date: partitions are found by names and ranges computed from curdate().

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.enable" = "true", "dynamic_partition.time_unit" = "DAY", "dynamic_partition.start" = "-7",
  "dynamic_partition.end" = "3", "dynamic_partition.prefix" = "p", "dynamic_partition.buckets" = "1")

# Today and the next 3 days; no history without create_history_partition.
query columns=State
SHOW PARTITIONS FROM t
----
NORMAL
NORMAL
NORMAL
NORMAL

query columns=VisibleVersion
SHOW PARTITIONS FROM t WHERE PartitionName = concat('p', date_format(curdate(), '%Y%m%d'))
  AND Range = concat('[types: [DATEV2]; keys: [', curdate(), ']; ..types: [DATEV2]; keys: [', date_add(curdate(), 1), ']; )')
----
1

query columns=VisibleVersion
SHOW PARTITIONS FROM t WHERE PartitionName = concat('p', date_format(date_add(curdate(), 3), '%Y%m%d'))
----
1

statement ok
INSERT INTO t VALUES (curdate(), 1), (date_add(curdate(), 3), 2), (date_add(curdate(), 3), 3)

statement error no partition for this tuple
INSERT INTO t VALUES (date_sub(curdate(), 1), 4)

statement error no partition for this tuple
INSERT INTO t VALUES (date_add(curdate(), 4), 5)

query columns=RowCount
SHOW PARTITIONS FROM t WHERE PartitionName = concat('p', date_format(date_add(curdate(), 3), '%Y%m%d'))
----
2

query columns=TableName,Enable,TimeUnit,Start,End,Prefix,Buckets,ReplicationNum,StartOf,LastUpdateTime,State,LastCreatePartitionMsg,ReservedHistoryPeriods
SHOW DYNAMIC PARTITION TABLES
----
t|true|DAY|-7|3|p|1|-1|NULL|N/A|NORMAL|N/A|NULL

# While dynamic partitioning is on, partitions are its alone.
statement error Cannot add/drop partition on a Dynamic Partition Table
ALTER TABLE t ADD PARTITION p_old VALUES [("2000-01-01"), ("2000-01-02"))

statement error Cannot add/drop partition on a Dynamic Partition Table
ALTER TABLE t DROP PARTITION p_nothing

statement ok
ALTER TABLE t SET ("dynamic_partition.enable" = "false")

statement ok
ALTER TABLE t ADD PARTITION p_old VALUES [("2000-01-01"), ("2000-01-02"))

statement ok
INSERT INTO t VALUES ('2000-01-01', 6)

query columns=Enable
SHOW DYNAMIC PARTITION TABLES FROM db
----
false

# Switching it back on with a later start drops what lies before the start, rows and all, at once.
statement ok
ALTER TABLE t SET ("dynamic_partition.enable" = "true", "dynamic_partition.start" = "-2")

query columns=State
SHOW PARTITIONS FROM t
----
NORMAL
NORMAL
NORMAL
NORMAL

query
SELECT v FROM t ORDER BY v
----
1
2
3

# create_history_partition creates the history from start (or history_partition_num) on.
statement ok
CREATE TABLE h (dt DATETIME, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.start" = "-3", "dynamic_partition.end" = "2",
  "dynamic_partition.create_history_partition" = "true")

query columns=State
SHOW PARTITIONS FROM h
----
NORMAL
NORMAL
NORMAL
NORMAL
NORMAL
NORMAL

query columns=State
SHOW PARTITIONS FROM h WHERE PartitionName = concat('p', date_format(date_sub(curdate(), 3), '%Y%m%d'))
  AND Range = concat('[types: [DATETIMEV2]; keys: [', date_sub(curdate(), 3), ' 00:00:00]; ..types: [DATETIMEV2]; keys: [',
    date_sub(curdate(), 2), ' 00:00:00]; )')
----
NORMAL

statement ok
INSERT INTO h VALUES (date_sub(now(), INTERVAL 3 DAY), 1)

statement ok
CREATE TABLE h2 (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.start" = "-30", "dynamic_partition.end" = "1",
  "dynamic_partition.create_history_partition" = "true", "dynamic_partition.history_partition_num" = "2")

query columns=State
SHOW PARTITIONS FROM h2
----
NORMAL
NORMAL
NORMAL
NORMAL

# MONTH, YEAR and HOUR units and their names.
statement ok
CREATE TABLE m (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "MONTH", "dynamic_partition.end" = "2", "dynamic_partition.prefix" = "m_")

query columns=State
SHOW PARTITIONS FROM m WHERE PartitionName = concat('m_', date_format(curdate(), '%Y%m'))
  AND Range = concat('[types: [DATEV2]; keys: [', date_format(curdate(), '%Y-%m-01'), ']; ..types: [DATEV2]; keys: [',
    date_format(date_add(curdate(), INTERVAL 1 MONTH), '%Y-%m-01'), ']; )')
----
NORMAL

query columns=State
SHOW PARTITIONS FROM m
----
NORMAL
NORMAL
NORMAL

statement ok
CREATE TABLE y (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "year", "dynamic_partition.end" = "1")

query columns=State
SHOW PARTITIONS FROM y WHERE PartitionName = concat('p', year(curdate())) OR PartitionName = concat('p', year(curdate()) + 1)
----
NORMAL
NORMAL

statement ok
CREATE TABLE hr (ts DATETIME, v INT) DUPLICATE KEY(ts) PARTITION BY RANGE(ts) () DISTRIBUTED BY HASH(ts) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "HOUR", "dynamic_partition.end" = "2", "dynamic_partition.time_zone" = "UTC")

query columns=State
SHOW PARTITIONS FROM hr WHERE length(PartitionName) = 11
----
NORMAL
NORMAL
NORMAL

statement ok
CREATE TABLE w (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "WEEK", "dynamic_partition.end" = "1", "dynamic_partition.start_day_of_week" = "3")

query columns=State
SHOW PARTITIONS FROM w WHERE PartitionName LIKE 'p____\___'
----
NORMAL
NORMAL

# Turning dynamic partitioning on with ALTER creates the window at once.
statement ok
CREATE TABLE later (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1

statement error no partition for this tuple
INSERT INTO later VALUES (curdate(), 1)

statement ok
ALTER TABLE later SET ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.end" = "1")

statement ok
INSERT INTO later VALUES (curdate(), 1)

# Values Doris refuses, with its messages.
statement error Dynamic partition start must less than 0
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.start" = "0", "dynamic_partition.end" = "3")

statement error Unsupported time unit SECOND. Expect HOUR/DAY/WEEK/MONTH/YEAR.
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "SECOND", "dynamic_partition.end" = "3")

statement error Must assign dynamic_partition.time_unit properties
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.end" = "3")

statement error Must assign dynamic_partition.end properties
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY")

statement error Dynamic partition end must greater than 0
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.end" = "0")

statement error Invalid dynamic partition start abc
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.start" = "abc", "dynamic_partition.end" = "3")

statement error Invalid dynamic partition prefix: 1p.
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.end" = "3", "dynamic_partition.prefix" = "1p")

statement error Invalid dynamic partition enable: yes. Expected true or false
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.enable" = "yes", "dynamic_partition.time_unit" = "DAY", "dynamic_partition.end" = "3")

statement error dynamic_partition.start_day_of_week should between 1 and 7
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "WEEK", "dynamic_partition.end" = "3", "dynamic_partition.start_day_of_week" = "8")

statement error dynamic_partition.start_day_of_month should between 1 and 28
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "MONTH", "dynamic_partition.end" = "3", "dynamic_partition.start_day_of_month" = "29")

statement error Date type partition does not support dynamic partitioning granularity of hour
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "HOUR", "dynamic_partition.end" = "3")

statement error Dynamic partition only support single-column range partition
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY LIST(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.end" = "3")

statement error It must be like "[yyyy-MM-dd,yyyy-MM-dd],[...,...]"
CREATE TABLE bad (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.end" = "3", "dynamic_partition.reserved_history_periods" = "2020-01-01")

statement error Dynamic partition start must less than 0
ALTER TABLE t SET ("dynamic_partition.start" = "1")

# Partition-tracking MVs follow the partitions as dynamic partitioning adds and drops them.
statement ok
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt) DISTRIBUTED BY HASH(dt) BUCKETS 1
AS SELECT dt, sum(v) AS s FROM t GROUP BY dt

wait tasks

query columns=SyncWithBaseTables
SHOW PARTITIONS FROM mv
----
true
true
true
true

statement ok
ALTER TABLE t SET ("dynamic_partition.enable" = "false")

statement ok
ALTER TABLE t ADD PARTITION p_old VALUES [("2000-01-01"), ("2000-01-02"))

statement ok
INSERT INTO t VALUES ('2000-01-01', 7)

statement ok
REFRESH MATERIALIZED VIEW mv AUTO

wait tasks

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM mv WHERE PartitionName LIKE 'p_2000%'
----
p_20000101_20000102|1

statement ok
ALTER TABLE t SET ("dynamic_partition.enable" = "true")

statement ok
REFRESH MATERIALIZED VIEW mv AUTO

wait tasks

query columns=SyncWithBaseTables
SHOW PARTITIONS FROM mv
----
true
true
true
true

query
SELECT s FROM mv WHERE dt = curdate()
----
1

# The properties survive a restart.
restart

statement ok
USE db

query columns=TableName,TimeUnit,Start,End,Prefix,StartOf
SHOW DYNAMIC PARTITION TABLES
----
h|DAY|-3|2|p|NULL
h2|DAY|-30|1|p|NULL
hr|HOUR|-2147483648|2|p|NULL
later|DAY|-2147483648|1|p|NULL
m|MONTH|-2147483648|2|m_|1st
t|DAY|-2|3|p|NULL
w|WEEK|-2147483648|1|p|WEDNESDAY
y|YEAR|-2147483648|1|p|NULL

# max_dynamic_partition_num bounds the partitions a dynamic window asks for, as in Doris.
statement error Too many dynamic partitions: 5001. Limit: 500
CREATE TABLE too_many (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) ()
DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.enable" = "true", "dynamic_partition.time_unit" = "DAY",
            "dynamic_partition.end" = "5000", "dynamic_partition.prefix" = "p")

# A misspelled dynamic_partition key is refused, not ignored (history_partiton_num would keep every
# history partition the table was meant to create).
statement error Unknown dynamic partition property dynamic_partition.history_partiton_num
CREATE TABLE misspelled (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) ()
DISTRIBUTED BY HASH(dt) BUCKETS 1
PROPERTIES ("dynamic_partition.time_unit" = "DAY", "dynamic_partition.end" = "3",
            "dynamic_partition.create_history_partition" = "true", "dynamic_partition.history_partiton_num" = "2")
