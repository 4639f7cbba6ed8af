# TABLE_ROWS, SHOW TABLE STATUS's Rows and SHOW DATA's RowCount are the rows a table holds: deleted,
# replaced and refreshed rows do not count.

statement ok
CREATE DATABASE table_rows

statement ok
USE table_rows

statement ok
CREATE TABLE u (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO u VALUES (1, 1), (2, 2), (3, 3), (4, 4)

statement ok
INSERT INTO u VALUES (1, 10), (2, 20)

statement ok
DELETE FROM u WHERE k = 4

statement ok
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, v FROM u

wait tasks

statement ok
REFRESH MATERIALIZED VIEW mv COMPLETE WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW mv COMPLETE WITH SYNC MODE

query
SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.tables WHERE TABLE_SCHEMA = 'table_rows' ORDER BY TABLE_NAME
----
mv|3
u|3

query columns=Name,Rows
SHOW TABLE STATUS
----
mv|3
u|3

query columns=IndexName,RowCount
SHOW DATA FROM u
----
u|3
Total|(empty)

statement ok
DELETE FROM u WHERE k > 1

query
SELECT TABLE_ROWS FROM information_schema.tables WHERE TABLE_SCHEMA = 'table_rows' AND TABLE_NAME = 'u'
----
1

statement ok
TRUNCATE TABLE u

query
SELECT TABLE_ROWS FROM information_schema.tables WHERE TABLE_SCHEMA = 'table_rows' AND TABLE_NAME = 'u'
----
0
