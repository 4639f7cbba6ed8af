# SHOW TABLETS FROM t: one tablet per partition and bucket, each with its one replica, as Doris lists
# them; SHOW TABLET id: where a tablet belongs.

statement ok
CREATE DATABASE tablets_db

statement ok
USE tablets_db

statement ok
CREATE TABLE sales (d DATE NOT NULL, k INT NOT NULL, v INT) DUPLICATE KEY(d, k)
PARTITION BY RANGE(d) (PARTITION p1 VALUES LESS THAN ('2024-02-01'), PARTITION p2 VALUES LESS THAN ('2024-03-01'))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO sales VALUES ('2024-01-05', 1, 10), ('2024-01-06', 2, 20), ('2024-02-07', 3, 30)

statement ok
INSERT INTO sales VALUES ('2024-02-08', 4, 40)

query columns=TabletId,ReplicaId,BackendId,Version,LstSuccessVersion,LstFailedVersion,LstFailedTime,RemoteDataSize,RowCount,State,VersionCount,CooldownReplicaId
SHOW TABLETS FROM sales
----
10002000000|10002000001|10001|2|2|-1|NULL|0|2|NORMAL|1|-1
10003000000|10003000001|10001|3|3|-1|NULL|0|2|NORMAL|1|-1

statement ok
CREATE TABLE spread (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 3

statement ok
INSERT INTO spread SELECT number, number FROM numbers("number" = "100")

# Rows go to buckets by a hash of the distribution columns (DuckDB's hash: the counts are its spread).
query columns=TabletId,RowCount
SHOW TABLETS FROM spread
----
10005000000|23
10005000002|36
10005000004|41

query columns=TabletId,RowCount
SHOW TABLETS FROM tablets_db.spread ORDER BY RowCount DESC LIMIT 1
----
10005000004|41

query columns=TabletId,Version,RowCount
SHOW TABLETS FROM sales PARTITION (p2) WHERE Version = 3 AND State = 'NORMAL'
----
10003000000|3|2

query columns=TabletId
SHOW TABLET FROM sales PARTITIONS (p1, p2) WHERE BackendId = 10001 LIMIT 1 OFFSET 1
----
10003000000

# An unpartitioned table is one partition, named after the table.
query columns=TabletId,Version,RowCount
SHOW TABLETS FROM spread PARTITION spread
----
10005000000|2|23
10005000002|2|36
10005000004|2|41

query
SHOW TABLET 10005000004
----
tablets_db|spread|spread|spread|10001|10006|10005|10006|true|2|0|0|0|SHOW TABLETS FROM `tablets_db`.`spread` PARTITION (`spread`);

# An id of no tablet: Doris's row of unknowns.
query
SHOW TABLET 1
----
NULL|NULL|NULL|NULL|-1|-1|-1|-1|false|-1|0|0|0|NULL

query
SHOW TABLET 10005000006
----
NULL|NULL|NULL|NULL|-1|-1|-1|-1|false|-1|0|0|0|NULL

statement error Unknown partition: p3
SHOW TABLETS FROM sales PARTITION (p3)

statement error Table [nope] does not exist in database [tablets_db]
SHOW TABLETS FROM nope

statement ok
CREATE VIEW v AS SELECT k FROM sales

statement error Table[v] is a view, not an OLAP table
SHOW TABLETS FROM v

# A write moves its partition's version; a new partition has its own tablets.
statement ok
ALTER TABLE sales ADD PARTITION p3 VALUES LESS THAN ('2024-04-01')

statement ok
INSERT INTO sales VALUES ('2024-01-09', 5, 50)

query columns=TabletId,Version,RowCount
SHOW TABLETS FROM sales
----
10002000000|3|3
10003000000|3|2
10008000000|1|0

# RANDOM distribution spreads rows over the buckets in turn.
statement ok
CREATE TABLE scattered (k INT) DUPLICATE KEY(k) DISTRIBUTED BY RANDOM BUCKETS 2

statement ok
INSERT INTO scattered VALUES (1), (2), (3), (4), (5)

query columns=RowCount
SHOW TABLETS FROM scattered
----
3
2

# As in Doris, both statements need ADMIN_PRIV.
statement ok
CREATE USER plain IDENTIFIED BY 'p'

statement ok
GRANT SELECT_PRIV ON tablets_db.* TO plain

connection plain as plain

statement error Access denied
SHOW TABLETS FROM tablets_db.sales

statement error Access denied
SHOW TABLET 10002000000
