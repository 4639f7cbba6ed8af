# Each key model's write semantics: DUPLICATE keeps every row, UNIQUE/PRIMARY upsert (last row wins,
# also within one statement), AGGREGATE merges value columns by their aggregation type.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE dup (k INT, v VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2

statement ok
INSERT INTO dup VALUES (1, 'a'), (1, 'a'), (2, 'b')

query rowsort
SELECT k, v FROM dup
----
1|a
1|a
2|b

statement ok
CREATE TABLE uniq (k INT NOT NULL, v VARCHAR(10), n INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2 PROPERTIES ("enable_unique_key_merge_on_write" = "true")

statement ok
INSERT INTO uniq VALUES (1, 'a', 1), (2, 'b', 2), (1, 'c', 3)

query
SELECT k, v, n FROM uniq ORDER BY k
----
1|c|3
2|b|2

statement ok
INSERT INTO uniq VALUES (2, 'z', 20), (3, 'x', 30)

query
SELECT k, v, n FROM uniq ORDER BY k
----
1|c|3
2|z|20
3|x|30

statement ok
CREATE TABLE pk (k BIGINT, v STRING) PRIMARY KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO pk VALUES (5, 'first'), (5, 'second')

query
SELECT * FROM pk
----
5|second

statement ok
CREATE TABLE agg (k INT, s BIGINT SUM, mx INT MAX, mn INT MIN, r VARCHAR(10) REPLACE, rn VARCHAR(10) REPLACE_IF_NOT_NULL) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO agg VALUES (1, 10, 5, 5, 'a', 'a'), (1, 5, 7, 3, 'b', NULL), (2, 1, 1, 1, 'x', 'x')

query
SELECT * FROM agg ORDER BY k
----
1|15|7|3|b|a
2|1|1|1|x|x

statement ok
INSERT INTO agg VALUES (1, 100, 1, 1, NULL, 'z')

query
SELECT * FROM agg ORDER BY k
----
1|115|7|1|NULL|z
2|1|1|1|x|x

# UPDATE only on UNIQUE / PRIMARY KEY tables
statement error Only unique table could be updated.
UPDATE dup SET v = 'q' WHERE k = 1

statement error Only unique table could be updated.
UPDATE agg SET s = 0 WHERE k = 1

statement ok
UPDATE uniq SET v = 'updated', n = n + 100 WHERE k >= 2

query
SELECT k, v, n FROM uniq ORDER BY k
----
1|c|3
2|updated|120
3|updated|130

statement error Only value columns of unique table could be updated
UPDATE uniq SET k = 9 WHERE k = 1

statement ok
DELETE FROM uniq WHERE k = 3

statement ok
DELETE FROM dup WHERE v = 'a'

query
SELECT count(*) FROM dup
----
1

query
SELECT k, v FROM uniq ORDER BY k
----
1|c
2|updated

# a failed statement changes nothing
statement error
INSERT INTO uniq VALUES (7, 'ok', 1), (NULL, 'bad', 2)

query
SELECT count(*) FROM uniq
----
2
