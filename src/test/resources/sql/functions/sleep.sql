# sleep(n): Doris's BOOLEAN true after n seconds, one sleep per row, NULL for NULL; a time limit (or a
# KILL, see SleepTest) stops it.

statement ok
CREATE DATABASE sleep_db

statement ok
USE sleep_db

query types
SELECT sleep(0), sleep(NULL), sleep(-1)
----
BOOLEAN|BOOLEAN|BOOLEAN
1|NULL|1

statement ok
CREATE TABLE t (k INT NOT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1), (2), (3)

query rowsort
SELECT k, sleep(0) FROM t WHERE sleep(0)
----
1|1
2|1
3|1

statement error Incorrect parameter count in the call to function 'sleep'
SELECT sleep()

statement error Incorrect parameter count in the call to function 'sleep'
SELECT sleep(1, 2)

statement ok
SET query_timeout = 1

statement error query is timeout, killed by timeout checker
SELECT sleep(30)

statement ok
SET query_timeout = 300

query
SELECT sleep(1)
----
1
