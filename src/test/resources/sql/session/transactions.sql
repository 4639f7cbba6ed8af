# Explicit transactions: BEGIN (or START TRANSACTION) .. COMMIT | ROLLBACK, and autocommit = 0. The
# statements of a transaction commit or roll back together, across tables; a write that fails rolls
# the whole transaction back, a read that fails leaves it open (as in MySQL); DDL is refused inside one.

statement ok
CREATE DATABASE tx

statement ok
USE tx

statement ok
CREATE TABLE a (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE b (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
BEGIN

statement ok
INSERT INTO a VALUES (1, 1)

statement ok
INSERT INTO b VALUES (1, 1)

# Inside, the transaction sees its own writes.
query
SELECT count(*) FROM a
----
1

statement ok
ROLLBACK

query
SELECT (SELECT count(*) FROM a), (SELECT count(*) FROM b)
----
0|0

statement ok
START TRANSACTION

statement ok
INSERT INTO a VALUES (1, 10), (2, 20)

statement ok
UPDATE a SET v = v + 1 WHERE k = 1

statement ok
DELETE FROM a WHERE k = 2

statement ok
INSERT INTO b SELECT k, v FROM a

statement ok
COMMIT

query
SELECT k, v FROM a UNION ALL SELECT k, v FROM b ORDER BY 1, 2
----
1|11
1|11

# DDL is refused inside a transaction, and leaves it open.
statement ok
BEGIN

statement ok
INSERT INTO b VALUES (5, 5)

statement error This is in a transaction, only insert, update, delete, select, set, show, commit, rollback is acceptable.
CREATE TABLE c (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
COMMIT

query
SELECT count(*) FROM b WHERE k = 5
----
1

# A failed read leaves the transaction and its writes as they were.
statement ok
BEGIN

statement ok
INSERT INTO b VALUES (-60, 60)

statement error Unknown column 'nosuch'
SELECT nosuch FROM b

statement error Table [nosuch] does not exist in database
SELECT * FROM nosuch

query
SELECT count(*) FROM b WHERE k = -60
----
1

statement ok
COMMIT

query
SELECT count(*) FROM b WHERE k = -60
----
1

# A failed write rolls back the whole transaction.
statement ok
BEGIN

statement ok
INSERT INTO b VALUES (6, 6)

statement error Column count doesn't match value count
INSERT INTO b VALUES (7)

statement ok
COMMIT

query
SELECT count(*) FROM b WHERE k IN (6, 7)
----
0

# autocommit = 0: statements wait for COMMIT or ROLLBACK; SET autocommit = 1 commits.
statement ok
SET autocommit = 0

statement ok
INSERT INTO b VALUES (8, 8)

statement ok
ROLLBACK

statement ok
INSERT INTO b VALUES (9, 9)

statement ok
COMMIT

statement ok
INSERT INTO b VALUES (10, 10)

statement ok
SET autocommit = 1

query
SELECT k FROM b WHERE k >= 8 ORDER BY k
----
9
10

# COMMIT and ROLLBACK outside a transaction do nothing.
statement ok
COMMIT

statement ok
ROLLBACK
