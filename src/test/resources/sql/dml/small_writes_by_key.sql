# Small writes to keyed tables look their rows up by key value (a constant list of the batch's keys):
# every key type must find exactly its rows, a string key with a quote included, with the changelog
# recording the same before and after images as for a large batch.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE s (k VARCHAR(10) NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO s VALUES ('a', 1), ('it''s', 2), ('', 3), ('x y', 4)

statement ok
INSERT INTO s VALUES ('it''s', 20), ('new', 5)

statement ok
UPDATE s SET v = v + 100 WHERE k IN ('', 'x y', 'absent')

statement ok
DELETE FROM s WHERE k = 'it''s' OR k = 'a'

query
SELECT k, v FROM s ORDER BY k
----
(empty)|103
new|5
x y|104

query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM s@incr("incrementType" = "DETAIL") ORDER BY __DORIS_CHANGELOG_TSO__, k, __DORIS_CHANGELOG_OP__
----
(empty)|3|0
a|1|0
it's|2|0
x y|4|0
it's|2|2
it's|20|3
new|5|0
(empty)|3|2
(empty)|103|3
x y|4|2
x y|104|3
a|1|1
it's|20|1

statement ok
CREATE TABLE d (t DATETIME NOT NULL, v INT) UNIQUE KEY(t) DISTRIBUTED BY HASH(t) BUCKETS 1

statement ok
INSERT INTO d VALUES ('2024-01-01 00:00:00', 1), ('2024-01-01 00:00:01', 2), ('2024-02-29 23:59:59', 3)

statement ok
INSERT INTO d VALUES ('2024-01-01 00:00:01', 20)

statement ok
UPDATE d SET v = 30 WHERE t = '2024-02-29 23:59:59'

statement ok
DELETE FROM d WHERE t < '2024-01-01 00:00:01'

query
SELECT t, v FROM d ORDER BY t
----
2024-01-01 00:00:01|20
2024-02-29 23:59:59|30

statement ok
CREATE TABLE n (k LARGEINT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO n VALUES (170141183460469231731687303715884105727, 1), (-170141183460469231731687303715884105727, 2), (0, 3)

statement ok
UPDATE n SET v = v * 10 WHERE k > 0

statement ok
DELETE FROM n WHERE k < 0

query
SELECT k, v FROM n ORDER BY k
----
0|3
170141183460469231731687303715884105727|10

statement ok
CREATE TABLE m (k DECIMAL(10, 3) NOT NULL, d DATE NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO m VALUES (1.5, '2024-01-01', 1), (-0.001, '2024-01-02', 2), (1234567.125, '2024-01-03', 3)

statement ok
UPDATE m SET v = 0 WHERE k IN (1.500, 1234567.125)

statement ok
DELETE FROM m WHERE k = -0.001

query
SELECT k, d, v FROM m ORDER BY k
----
1.500|2024-01-01|0
1234567.125|2024-01-03|0

statement ok
CREATE TABLE dk (d DATE NOT NULL, v INT) UNIQUE KEY(d) DISTRIBUTED BY HASH(d) BUCKETS 1

statement ok
INSERT INTO dk VALUES ('2024-01-01', 1), ('2024-01-02', 2)

statement ok
DELETE FROM dk WHERE d = '2024-01-02'

statement ok
INSERT INTO dk VALUES ('2024-01-01', 10), ('2024-01-02', 20)

query
SELECT d, v FROM dk ORDER BY d
----
2024-01-01|10
2024-01-02|20

# Keys named by integer constants (key IN (..), key = ..) are used as they are, without reading the
# table first: absent, repeated and negative keys, a qualified key, a constant outside the key's type
# (which takes the general path), and an UPDATE whose condition names the keys in one of its AND terms.
statement ok
CREATE TABLE ik (id INT NOT NULL, v INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO ik VALUES (-2147483648, 1), (-1, 2), (0, 3), (1, 4), (2, 5), (2147483647, 6)

statement ok
UPDATE ik SET v = v + 10 WHERE id IN (-1, 1, 1, 99, -2147483648)

statement ok
UPDATE ik SET v = v + 100 WHERE id IN (0, 1, 2) AND v > 4

statement ok
UPDATE ik SET v = v + 1000 WHERE ik.id = 2147483647

statement ok
DELETE FROM ik WHERE id IN (2, 2, 12345, -2147483648)

statement ok
DELETE FROM ik WHERE id IN (0, 9999999999)

query
SELECT id, v FROM ik ORDER BY id
----
-1|12
1|114
2147483647|1006

query
SELECT id, v, __DORIS_CHANGELOG_OP__ FROM ik@incr("incrementType" = "DETAIL") WHERE __DORIS_CHANGELOG_OP__ <> 0 ORDER BY __DORIS_CHANGELOG_TSO__, id, __DORIS_CHANGELOG_OP__
----
-2147483648|1|2
-2147483648|11|3
-1|2|2
-1|12|3
1|4|2
1|14|3
1|14|2
1|114|3
2|5|2
2|105|3
2147483647|6|2
2147483647|1006|3
-2147483648|11|1
2|105|1
0|3|1

statement ok
DELETE FROM ik WHERE id IN (1, 'x')

query
SELECT id, v FROM ik ORDER BY id
----
-1|12
2147483647|1006

# An UPDATE writes only the columns it assigns: the others keep their values, and the changelog's
# images carry them all.
statement ok
CREATE TABLE wide (id BIGINT NOT NULL, a VARCHAR(8), b INT, c DOUBLE) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO wide VALUES (1, 'x', 1, 1.5), (2, NULL, 2, NULL), (3, 'z', NULL, 3.5)

statement ok
UPDATE wide SET b = coalesce(b, 0) * 10 WHERE id IN (2, 3)

statement ok
UPDATE wide SET c = 9.25, a = 'n' WHERE id = 1

query
SELECT id, a, b, c FROM wide ORDER BY id
----
1|n|1|9.25
2|NULL|20|NULL
3|z|0|3.5

query
SELECT id, a, b, c, __DORIS_CHANGELOG_OP__ FROM wide@incr("incrementType" = "DETAIL") WHERE __DORIS_CHANGELOG_OP__ = 3 ORDER BY __DORIS_CHANGELOG_TSO__, id
----
2|NULL|20|NULL|3
3|z|0|3.5|3
1|n|1|9.25|3

# An INSERT whose rows have one row per key writes them as they are; repeated keys, composite too,
# are consolidated first (the last row of a key wins).
statement ok
CREATE TABLE ck (a INT NOT NULL, b VARCHAR(4) NOT NULL, v INT) UNIQUE KEY(a, b) DISTRIBUTED BY HASH(a) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO ck VALUES (1, 'x', 1), (1, 'y', 2), (2, 'x', 3)

statement ok
INSERT INTO ck VALUES (1, 'x', 10), (1, 'x', 11), (3, 'z', 4), (1, 'y', 20)

query
SELECT a, b, v FROM ck ORDER BY a, b
----
1|x|11
1|y|20
2|x|3
3|z|4
