# Key columns declared NULL: NULL is a key value, as in Doris, in DUPLICATE, UNIQUE and AGGREGATE
# KEY tables. Keys of keyed models stay NOT NULL unless declared NULL.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE u (k1 INT NULL, k2 VARCHAR(5) NULL, v INT) UNIQUE KEY(k1, k2) DISTRIBUTED BY HASH(k1) BUCKETS 1

statement ok
INSERT INTO u VALUES (1, 'a', 1), (NULL, 'a', 2), (NULL, NULL, 3), (1, NULL, 4)

# Later rows of a NULL key replace earlier ones, within a statement and across statements.
statement ok
INSERT INTO u VALUES (NULL, 'a', 20), (NULL, NULL, 30), (NULL, NULL, 31)

query
SELECT k1, k2, v FROM u ORDER BY k1 NULLS FIRST, k2 NULLS FIRST
----
NULL|NULL|31
NULL|a|20
1|NULL|4
1|a|1

statement ok
UPDATE u SET v = v + 100 WHERE k1 IS NULL

statement ok
DELETE FROM u WHERE k2 IS NULL AND k1 = 1

query
SELECT k1, k2, v FROM u ORDER BY k1 NULLS FIRST, k2 NULLS FIRST
----
NULL|NULL|131
NULL|a|120
1|a|1

query columns=Field,Null,Key
DESC u
----
k1|Yes|true
k2|Yes|true
v|Yes|false

statement ok
CREATE TABLE a (k INT NULL, s BIGINT SUM, m INT MAX) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO a VALUES (NULL, 1, 5), (NULL, 2, 7), (1, 10, 1)

statement ok
INSERT INTO a VALUES (NULL, 4, 6), (2, 1, 1)

query
SELECT k, s, m FROM a ORDER BY k NULLS FIRST
----
NULL|7|7
1|10|1
2|1|1

statement ok
CREATE TABLE d (k INT NULL, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO d VALUES (NULL, 1), (NULL, 1)

query
SELECT count(*) FROM d WHERE k IS NULL
----
2

# A key not declared NULL is NOT NULL in a keyed model.
statement error Insert has filtered data in strict mode. Reason: column_name[k], null value for not null column
CREATE TABLE strict_keys (k INT, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1;
INSERT INTO strict_keys VALUES (NULL, 1)

# The row changelog needs NOT NULL keys.
statement error Changelog is not supported on table c because its key column can be NULL
CREATE TABLE c (k INT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("changelog.enable" = "true")

# Survives a restart: the table has no primary key to rebuild it by.
restart

statement ok
USE db

statement ok
INSERT INTO u VALUES (NULL, NULL, 7)

query
SELECT v FROM u WHERE k1 IS NULL AND k2 IS NULL
----
7
