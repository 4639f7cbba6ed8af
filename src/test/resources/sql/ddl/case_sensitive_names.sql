# Database and table names are case-sensitive, as in Doris (lower_case_table_names = 0); column names
# are not. DuckDB, which holds the rows, compares names without case, so a table (or database) whose
# name differs from another's only in case is stored under a DuckDB name of its own. Every statement
# reaches the right table, and so does a restart.

statement ok
CREATE DATABASE db

statement ok
CREATE DATABASE DB

statement error Can't create database 'DB'; database exists
CREATE DATABASE DB

query
SHOW DATABASES
----
DB
db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v INT) UNIQUE KEY(k)
PARTITION BY RANGE(k) (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN (100))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE T (k INT NOT NULL, s VARCHAR(10)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
CREATE TABLE DB.t (id BIGINT NOT NULL AUTO_INCREMENT, s VARCHAR(10)) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE DB.T (id BIGINT NOT NULL AUTO_INCREMENT, s VARCHAR(10)) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 10), (20, 200)

statement ok
INSERT INTO T VALUES (1, 'one'), (2, 'two')

statement ok
INSERT INTO DB.t (s) VALUES ('x'), ('y')

statement ok
INSERT INTO DB.T (s) VALUES ('z')

statement ok
CREATE STREAM st ON TABLE T

statement ok
UPDATE t SET v = v + 1 WHERE k = 1

statement ok
UPDATE T SET s = 'uno' WHERE k = 1

statement ok
DELETE FROM T WHERE k = 2

# column names stay case-insensitive
query rowsort
SELECT T.K, T.S FROM T
----
1|uno

query rowsort
SELECT k, V FROM t
----
1|11
20|200

query
SELECT a.k, a.v, b.s FROM t AS a JOIN T AS b ON a.k = b.k
----
1|11|uno

query
SELECT s, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM st ORDER BY __DORIS_STREAM_SEQUENCE_COL__
----
one|UPDATE_BEFORE
uno|UPDATE_AFTER
two|DELETE

query rowsort
SELECT s FROM DB.t
----
x
y

query
SELECT s FROM DB.T
----
z

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM t
----
p0|1
p1|1

query
SHOW TABLES
----
T
t

query
SHOW TABLES FROM DB
----
T
t

# moving a column rebuilds the DuckDB table, under the same name
statement ok
ALTER TABLE t ADD COLUMN w INT DEFAULT "5"

statement ok
ALTER TABLE t MODIFY COLUMN w BIGINT AFTER k

query rowsort
SELECT * FROM t
----
1|5|11
20|5|200

statement ok
ALTER TABLE t DROP COLUMN w

# a renamed table keeps its DuckDB table: t becomes u, T becomes t, and new tables U and T do not
# collide with what the old names still hold
statement ok
ALTER TABLE t RENAME u

statement ok
ALTER TABLE T RENAME t

statement ok
CREATE TABLE U (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE T (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO T VALUES (8)

statement ok
INSERT INTO U VALUES (7)

query rowsort
SELECT k, v FROM u
----
1|11
20|200

query
SELECT k, s FROM t
----
1|uno

query
SELECT k FROM U
----
7

statement ok
TRUNCATE TABLE U

statement ok
CREATE TABLE C AS SELECT k, s FROM t

statement ok
CREATE TABLE c LIKE u

statement ok
INSERT INTO c SELECT * FROM u WHERE k = 20

query
SELECT (SELECT count(*) FROM C), (SELECT count(*) FROM c), (SELECT count(*) FROM U), (SELECT count(*) FROM T)
----
1|1|0|1

# a materialized view's table is named the same way, also through renames and swaps
statement ok
CREATE MATERIALIZED VIEW M BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, v FROM u

statement ok
CREATE MATERIALIZED VIEW m BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, s FROM t

wait tasks

statement ok
ALTER MATERIALIZED VIEW M REPLACE WITH MATERIALIZED VIEW m

statement ok
ALTER MATERIALIZED VIEW M RENAME mm

statement ok
INSERT INTO u VALUES (30, 300)

statement ok
REFRESH MATERIALIZED VIEW m COMPLETE WITH SYNC MODE

query rowsort
SELECT * FROM m
----
1|11
20|200
30|300

query
SELECT * FROM mm
----
1|uno

restart

statement ok
USE db

query
SHOW TABLES
----
C
T
U
c
m
mm
t
u

query
SELECT k FROM T
----
8

query rowsort
SELECT * FROM m
----
1|11
20|200
30|300

query rowsort
SELECT k, v FROM u
----
1|11
20|200
30|300

query
SELECT k, s FROM t
----
1|uno

query
SELECT k, s FROM C
----
1|uno

query
SELECT k, v FROM c
----
20|200

statement ok
INSERT INTO DB.T (s) VALUES ('w')

query rowsort
SELECT s FROM DB.T
----
w
z

query
SELECT count(DISTINCT id) FROM DB.T
----
2

# dropping one table or database leaves its case variant alone
statement ok
DROP TABLE c

query
SELECT k, s FROM C
----
1|uno

statement ok
DROP DATABASE DB

query rowsort
SELECT k, v FROM u
----
1|11
20|200
30|300

statement ok
CREATE DATABASE DB

statement ok
CREATE TABLE DB.t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

query
SELECT count(*) FROM DB.t
----
0
