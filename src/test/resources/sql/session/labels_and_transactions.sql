# Load transactions as Doris numbers and names them. Every INSERT, UPDATE and DELETE that commits on
# its own is a transaction with an id and a label (WITH LABEL, or a generated one); the statements of
# an explicit transaction share one, named by BEGIN WITH LABEL. Ids increase across restarts. SHOW
# TRANSACTION finds a finished one by id or label, SHOW LAST INSERT reports the session's last INSERT.
# (The OK packet's info string is checked through the MySQL protocol in ServerJdbcTest.)

statement ok
CREATE DATABASE lt

statement ok
USE lt

statement ok
CREATE TABLE t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t WITH LABEL l1 VALUES (1, 1), (2, 2)

query columns=TransactionId,Label,Coordinator,TransactionStatus,LoadJobSourceType,PreCommitTime,Reason,ErrorReplicasCount,ListenerId,TimeoutMs,ErrMsg
SHOW TRANSACTION WHERE label = 'l1'
----
1|l1|FE: 127.0.0.1|VISIBLE|INSERT_STREAMING|NULL|(empty)|0|-1|14400000|(empty)

query columns=TransactionId,Label,TransactionStatus
SHOW TRANSACTION FROM lt WHERE id = 1
----
1|l1|VISIBLE

query columns=TransactionId,Label,Database,Table,TransactionStatus,LoadedRows,FilteredRows
SHOW LAST INSERT
----
1|l1|lt|t|VISIBLE|2|0

statement error Label [l1] has already been used
INSERT INTO t WITH LABEL l1 VALUES (3, 3)

# UPDATE and DELETE are transactions too (ids 2 and 3); an INSERT that loads no row is none, as in Doris.
statement ok
UPDATE t SET v = 10 WHERE k = 1

statement ok
DELETE FROM t WHERE k = 2

statement ok
INSERT INTO t SELECT * FROM t WHERE k < 0

statement ok
INSERT INTO t WITH LABEL l2 VALUES (2, 2)

query columns=TransactionId,Label,TransactionStatus
SHOW TRANSACTION WHERE label = 'l2'
----
4|l2|VISIBLE

query columns=TransactionStatus
SHOW TRANSACTION WHERE id = 2
----
VISIBLE

# An explicit transaction: one id (taken at its first write) and the label of BEGIN WITH LABEL.
statement ok
BEGIN WITH LABEL b1

statement ok
INSERT INTO t VALUES (3, 3)

statement ok
UPDATE t SET v = 30 WHERE k = 3

query columns=TransactionId,Label,Table,TransactionStatus,LoadedRows
SHOW LAST INSERT
----
5|b1|t|PREPARE|1

statement ok
COMMIT

query columns=TransactionId,Label,TransactionStatus,Reason
SHOW TRANSACTION WHERE label = 'b1'
----
5|b1|VISIBLE|(empty)

query
SELECT k, v FROM t ORDER BY k
----
1|10
2|2
3|30

# A label is used once per database, by an INSERT or by a transaction: a transaction reusing one
# fails at its first write, and so does an INSERT reusing a transaction's.
statement ok
BEGIN WITH LABEL b1

statement error Label [b1] has already been used
INSERT INTO t VALUES (4, 4)

statement error Label [b1] has already been used
INSERT INTO t WITH LABEL b1 VALUES (4, 4)

statement ok
BEGIN WITH LABEL l1

statement error Label [l1] has already been used
DELETE FROM t WHERE k = 1

# ROLLBACK records the transaction ABORTED after its changes are gone; its label may be used again.
statement ok
BEGIN WITH LABEL r1

statement ok
INSERT INTO t VALUES (5, 5)

statement ok
ROLLBACK

query columns=TransactionId,Label,TransactionStatus,Reason
SHOW TRANSACTION WHERE label = 'r1'
----
6|r1|ABORTED|user rollback

query columns=CommitTime
SHOW TRANSACTION WHERE id = 6
----
NULL

statement ok
INSERT INTO t WITH LABEL r1 VALUES (5, 5)

query columns=TransactionId,Label,TransactionStatus rowsort
SHOW TRANSACTION WHERE label = 'r1'
----
6|r1|ABORTED
7|r1|VISIBLE

# A failed statement rolls the transaction back: ABORTED, with the error as its reason.
statement ok
BEGIN WITH LABEL f1

statement ok
INSERT INTO t VALUES (6, 6)

statement error Unknown column
UPDATE t SET nope = 1

query columns=TransactionId,Label,TransactionStatus
SHOW TRANSACTION WHERE label = 'f1'
----
8|f1|ABORTED

query
SELECT count(*) FROM t WHERE k = 6
----
0

# A transaction that wrote nothing is no load transaction.
statement ok
BEGIN WITH LABEL empty

statement ok
COMMIT

statement error transaction with label empty does not exist
SHOW TRANSACTION WHERE label = 'empty'

# The history and the id allocator survive a restart; a new session has no last INSERT.
restart

statement ok
USE lt

query
SHOW LAST INSERT
----

statement ok
INSERT INTO t WITH LABEL after_restart VALUES (7, 7)

query columns=TransactionId,Label,TransactionStatus
SHOW TRANSACTION WHERE label = 'after_restart'
----
9|after_restart|VISIBLE

query columns=Label,TransactionStatus
SHOW TRANSACTION WHERE id = 5
----
b1|VISIBLE

statement error Label [b1] has already been used
INSERT INTO t WITH LABEL b1 VALUES (8, 8)

# Transactions are found in their database.
statement ok
CREATE DATABASE lt2

statement error transaction with id 1 does not exist
SHOW TRANSACTION FROM lt2 WHERE id = 1

statement error Where clause should looks like one of them: id = 123 or label = 'label'
SHOW TRANSACTION WHERE status = 'VISIBLE'

# A dropped database's transactions go with it.
statement ok
DROP DATABASE lt

statement ok
CREATE DATABASE lt

statement error transaction with id 1 does not exist
SHOW TRANSACTION FROM lt WHERE id = 1

# Ids never go back, also when the database holding the newest ones was dropped before a restart.
statement ok
CREATE TABLE lt.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO lt.t WITH LABEL before_drop VALUES (1, 1)

query columns=TransactionId
SHOW TRANSACTION FROM lt WHERE label = 'before_drop'
----
10

statement ok
DROP DATABASE lt

restart

statement ok
CREATE DATABASE lt

statement ok
CREATE TABLE lt.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO lt.t WITH LABEL after_restart VALUES (1, 1)

query columns=TransactionId
SHOW TRANSACTION FROM lt WHERE label = 'after_restart'
----
11
