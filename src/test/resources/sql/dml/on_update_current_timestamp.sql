# ON UPDATE CURRENT_TIMESTAMP (Doris, UNIQUE KEY merge-on-write tables): an UPDATE that does not
# assign the column sets it to the statement's time; one that assigns it keeps the value given; an
# INSERT fills it from its DEFAULT CURRENT_TIMESTAMP. The definition is checked as Doris checks it,
# shown by SHOW CREATE TABLE, kept across a restart and by ALTER TABLE.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (
  id INT NOT NULL,
  score INT,
  update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  update_time2 DATETIME(6) DEFAULT CURRENT_TIMESTAMP(5) ON UPDATE CURRENT_TIMESTAMP(5)
) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("enable_unique_key_merge_on_write" = "true")

query columns=Create_Table
SHOW CREATE TABLE t
----
CREATE TABLE `t` (
  `id` int NOT NULL COMMENT "",
  `score` int NULL COMMENT "",
  `update_time` datetime NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP COMMENT "",
  `update_time2` datetime(6) NULL DEFAULT CURRENT_TIMESTAMP(5) ON UPDATE CURRENT_TIMESTAMP(5) COMMENT ""
) ENGINE=OLAP
UNIQUE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1
PROPERTIES (
"enable_unique_key_merge_on_write" = "true"
);

query columns=Field,Default,Extra
SHOW COLUMNS FROM t
----
id|NULL|(empty)
score|NULL|(empty)
update_time|CURRENT_TIMESTAMP|on update CURRENT_TIMESTAMP
update_time2|CURRENT_TIMESTAMP(5)|on update CURRENT_TIMESTAMP(5)

query
SELECT column_name, extra FROM information_schema.columns WHERE table_schema = 'db' AND table_name = 't' ORDER BY ordinal_position
----
id|(empty)
score|(empty)
update_time|on update CURRENT_TIMESTAMP
update_time2|on update CURRENT_TIMESTAMP(5)

statement ok
INSERT INTO t VALUES (1, 10, '2000-01-01 00:00:00', '2000-01-01 00:00:00'), (2, 20, '2000-01-02 00:00:00', '2000-01-02 00:00:00'),
  (3, 30, '2000-01-03 00:00:00', '2000-01-03 00:00:00')

# Not assigned: both columns take the time of the UPDATE, the same for every row it writes.
statement ok
UPDATE t SET score = score * 2 WHERE id < 3

query
SELECT id, score, update_time > '2020-01-01', update_time2 > '2020-01-01' FROM t ORDER BY id
----
1|20|1|1
2|40|1|1
3|30|0|0

query
SELECT count(DISTINCT update_time), count(DISTINCT update_time2) FROM t WHERE id < 3
----
1|1

# Assigned: the value given wins; the other ON UPDATE column still moves.
statement ok
UPDATE t SET update_time = '2010-05-05 00:00:00' WHERE id = 3

query
SELECT id, score, update_time, update_time2 > '2020-01-01' FROM t WHERE id = 3
----
3|30|2010-05-05 00:00:00|1

# An INSERT that leaves the columns out takes their DEFAULT CURRENT_TIMESTAMP, new row or upsert.
statement ok
INSERT INTO t (id, score) VALUES (1, 11), (4, 40)

query
SELECT id, score, update_time > '2020-01-01', update_time2 > '2020-01-01' FROM t ORDER BY id
----
1|11|1|1
2|40|1|1
3|30|0|1
4|40|1|1

# An UPDATE matching nothing writes nothing.
statement ok
UPDATE t SET score = 0 WHERE id = 99

query
SELECT count(*) FROM t WHERE score = 0
----
0

restart

statement ok
USE db

statement ok
UPDATE t SET score = 31 WHERE id = 3

query
SELECT score, update_time > '2020-01-01' FROM t WHERE id = 3
----
31|1

# ALTER TABLE: MODIFY COLUMN adds or removes it, ADD COLUMN may carry it.
statement ok
CREATE TABLE u (id INT NOT NULL, v INT, changed DATETIME DEFAULT CURRENT_TIMESTAMP) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO u VALUES (1, 1, '2000-01-01 00:00:00')

statement ok
UPDATE u SET v = 2

query
SELECT v, changed FROM u
----
2|2000-01-01 00:00:00

statement ok
ALTER TABLE u MODIFY COLUMN changed DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP

statement ok
ALTER TABLE u ADD COLUMN touched DATETIME(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)

statement ok
UPDATE u SET touched = '2001-01-01 00:00:00'

query
SELECT v, changed > '2020-01-01', touched FROM u
----
2|1|2001-01-01 00:00:00.000

statement ok
ALTER TABLE u MODIFY COLUMN changed DATETIME DEFAULT CURRENT_TIMESTAMP

statement ok
UPDATE u SET changed = '2000-01-01 00:00:00'

statement ok
UPDATE u SET v = 3

query
SELECT v, changed, touched > '2020-01-01' FROM u
----
3|2000-01-01 00:00:00|1

# Doris's checks.
statement error You must set the default value of the column[update_time] to CURRENT_TIMESTAMP when using 'ON UPDATE CURRENT_TIMESTAMP'.
CREATE TABLE bad (id INT NOT NULL, update_time DATETIME DEFAULT "2020-01-01 00:00:00" ON UPDATE CURRENT_TIMESTAMP)
UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error You must set the default value of the column[update_time] to CURRENT_TIMESTAMP when using 'ON UPDATE CURRENT_TIMESTAMP'.
CREATE TABLE bad (id INT NOT NULL, update_time DATETIME ON UPDATE CURRENT_TIMESTAMP) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error You must set the default value of the column[update_time] to CURRENT_TIMESTAMP when using 'ON UPDATE CURRENT_TIMESTAMP'.
CREATE TABLE bad (id INT NOT NULL, update_time DATETIME(3) DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP(3))
UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error The precision of the default value of column[update_time] should be the same with the precision in 'ON UPDATE CURRENT_TIMESTAMP'.
CREATE TABLE bad (id INT NOT NULL, update_time DATETIME(6) DEFAULT CURRENT_TIMESTAMP(4) ON UPDATE CURRENT_TIMESTAMP(3))
UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error 'ON UPDATE CURRENT_TIMESTAMP' is only supportted in unique table with merge-on-write enabled.
CREATE TABLE bad (id INT NOT NULL, update_time DATETIME(6) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3))
UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("enable_unique_key_merge_on_write" = "false")

statement error 'ON UPDATE CURRENT_TIMESTAMP' is only supportted in unique table with merge-on-write enabled.
CREATE TABLE bad (id INT NOT NULL, update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP)
DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error 'ON UPDATE CURRENT_TIMESTAMP' is only supportted in unique table with merge-on-write enabled.
CREATE TABLE bad (id INT NOT NULL, update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP)
PRIMARY KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error meet error when validating the on update value of column[n], reason: Types other than DATETIME and DATETIMEV2 cannot use current_timestamp as the default value
CREATE TABLE bad (id INT NOT NULL, n BIGINT DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error Key column update_time can not set ON UPDATE CURRENT_TIMESTAMP: an UPDATE never changes a key
CREATE TABLE bad (update_time DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, v INT)
UNIQUE KEY(update_time) DISTRIBUTED BY HASH(update_time) BUCKETS 1

statement ok
CREATE TABLE dup (id INT NOT NULL, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error 'ON UPDATE CURRENT_TIMESTAMP' is only supportted in unique table with merge-on-write enabled.
ALTER TABLE dup ADD COLUMN update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP

query
SHOW TABLES
----
dup
t
u

query
DESC dup
----
id|INT|No|true|NULL|(empty)
v|INT|Yes|false|NULL|(empty)
