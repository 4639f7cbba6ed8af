# AUTO_INCREMENT(n): numbering starts at n (Doris); the start is shown by SHOW CREATE TABLE, copied by
# CREATE TABLE LIKE and kept across a restart. Doris's checks on auto-increment columns.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (id BIGINT NOT NULL AUTO_INCREMENT(10000), v INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO t (v) VALUES (1), (2), (3)

query
SELECT min(id), max(id), count(DISTINCT id) FROM t
----
10000|10002|3

query columns=Create_Table
SHOW CREATE TABLE t
----
CREATE TABLE `t` (
  `id` bigint NOT NULL AUTO_INCREMENT(10000) COMMENT "",
  `v` int NOT NULL COMMENT ""
) ENGINE=OLAP
DUPLICATE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1;

# A value column may be the auto-increment one; 0 is a valid start.
statement ok
CREATE TABLE z (k INT NOT NULL, n BIGINT NOT NULL AUTO_INCREMENT(0)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO z (k) VALUES (7)

query
SELECT k, n FROM z
----
7|0

statement ok
CREATE TABLE t2 LIKE t

statement ok
INSERT INTO t2 (v) VALUES (1)

query
SELECT id FROM t2
----
10000

restart

statement ok
USE db

statement ok
INSERT INTO t (v) VALUES (4)

query
SELECT min(id) >= 10000, count(DISTINCT id) FROM t
----
1|4

statement error AUTO_INCREMENT start value can not be negative.
CREATE TABLE bad (id BIGINT NOT NULL AUTO_INCREMENT(-1), v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error AUTO_INCREMENT start value is out of range of BIGINT
CREATE TABLE bad (id BIGINT NOT NULL AUTO_INCREMENT(9223372036854775808), v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error there can be at most one auto increment column in OlapTable.
CREATE TABLE bad (id BIGINT NOT NULL AUTO_INCREMENT(10000), v BIGINT NOT NULL AUTO_INCREMENT(10000)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error the auto increment column should be NOT NULL.
CREATE TABLE bad (id BIGINT NULL AUTO_INCREMENT(10000), v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error the auto increment column can't have default value.
CREATE TABLE bad (id BIGINT NOT NULL AUTO_INCREMENT DEFAULT "0", v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement error the auto increment must be BIGINT type.
CREATE TABLE bad (id VARCHAR(10) NOT NULL AUTO_INCREMENT(10000), v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

query
SHOW TABLES
----
t
t2
z

query
SELECT column_name, extra FROM information_schema.columns WHERE table_schema = 'db' AND table_name = 't' ORDER BY ordinal_position
----
id|auto_increment
v|(empty)
