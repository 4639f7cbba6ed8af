# SHOW DATA: Doris's data sizes of a database's tables (Size, tablets as ReplicaCount, then Total,
# Quota and Left), or of one table's indexes (the table and its rollups, with RowCount). The sizes
# themselves are measured in DataSizesTest.

statement error No database selected
SHOW DATA

statement ok
CREATE DATABASE sd

statement ok
USE sd

statement ok
CREATE TABLE t (k INT, g INT, v BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 4

statement ok
CREATE TABLE p (k INT, v INT) UNIQUE KEY(k)
PARTITION BY RANGE(k) (PARTITION p1 VALUES LESS THAN (10), PARTITION p2 VALUES LESS THAN (20), PARTITION p3 VALUES LESS THAN (30))
DISTRIBUTED BY HASH(k) BUCKETS 2

statement ok
CREATE VIEW w AS SELECT * FROM t

statement ok
INSERT INTO t VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)

statement ok
CREATE MATERIALIZED VIEW g_sum AS SELECT g AS mg, sum(v) AS sv FROM t GROUP BY g

# Views have no data; the table with a rollup counts its tablets twice.
query columns=TableName,ReplicaCount
SHOW DATA
----
p|6
t|8
Total|14
Quota|1073741824
Left|1073741810

query columns=TableName,ReplicaCount
SHOW DATA FROM sd
----
p|6
t|8
Total|14
Quota|1073741824
Left|1073741810

query columns=TableName,IndexName,ReplicaCount,RowCount
SHOW DATA FROM t
----
t|t|4|3
(empty)|g_sum|4|2
(empty)|Total|8|(empty)

query columns=TableName,IndexName,RowCount
SHOW DATA FROM sd.t ORDER BY RowCount
----
t|g_sum|2
(empty)|t|3
(empty)|Total|(empty)

statement error Table[w] is a view, not an OLAP table
SHOW DATA FROM w

statement error Unknown database 'nosuch'
SHOW DATA FROM nosuch

# A user sees the tables it has a privilege on, and only in a database it may see.
statement ok
CREATE USER viewer

statement ok
GRANT SELECT_PRIV ON sd.p TO viewer

connection v as viewer

query columns=TableName,ReplicaCount
SHOW DATA FROM sd
----
p|6
Total|6
Quota|1073741824
Left|1073741818

statement error SHOW command denied to user 'viewer'@'test' for table 'sd.t'
SHOW DATA FROM sd.t
