# INSERT OVERWRITE TABLE replaces the whole table, or only the named partitions, in one statement;
# the replaced partitions get new versions and a failed overwrite keeps the old rows.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2

statement ok
INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')

statement ok
INSERT OVERWRITE TABLE t VALUES (10, 'x'), (11, 'y')

query
SELECT * FROM t ORDER BY k
----
10|x
11|y

# the source may read the table it replaces
statement ok
INSERT OVERWRITE TABLE t SELECT k * 2, upper(v) FROM t

query
SELECT * FROM t ORDER BY k
----
20|X
22|Y

statement ok
INSERT OVERWRITE TABLE t (v, k) SELECT 'only', 1

query
SELECT * FROM t
----
1|only

# an empty source empties the table
statement ok
INSERT OVERWRITE TABLE t SELECT k, v FROM t WHERE k > 100

query
SELECT count(*) FROM t
----
0

statement ok
INSERT INTO t VALUES (5, 'kept')

statement error Column count doesn't match value count
INSERT OVERWRITE TABLE t VALUES (1)

statement error
INSERT OVERWRITE TABLE t VALUES (6, 'ok'), (NULL, 'bad')

query
SELECT * FROM t
----
5|kept

# a UNIQUE KEY table keeps the last row per key of the new data
statement ok
CREATE TABLE u (k INT NOT NULL, v VARCHAR(10)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO u VALUES (1, 'old'), (2, 'old')

statement ok
INSERT OVERWRITE TABLE u VALUES (2, 'first'), (2, 'second'), (3, 'new')

query
SELECT * FROM u ORDER BY k
----
2|second
3|new

# PARTITION (..): only the named partitions are replaced
statement ok
CREATE TABLE sales (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (
  PARTITION p1 VALUES LESS THAN ("2024-02-01"),
  PARTITION p2 VALUES LESS THAN ("2024-03-01"),
  PARTITION p3 VALUES LESS THAN ("2024-04-01")
)
DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO sales VALUES ('2024-01-10', 1), ('2024-02-10', 2), ('2024-02-11', 3), ('2024-03-10', 4)

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM sales
----
p1|2|1
p2|2|2
p3|2|1

statement ok
INSERT OVERWRITE TABLE sales PARTITION (p2) VALUES ('2024-02-20', 20)

query
SELECT dt, v FROM sales ORDER BY dt
----
2024-01-10|1
2024-02-20|20
2024-03-10|4

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM sales
----
p1|2|1
p2|3|1
p3|2|1

# overwriting a partition with nothing empties it
statement ok
INSERT OVERWRITE TABLE sales PARTITION (p1, p3) SELECT dt, v FROM sales WHERE v > 100

query
SELECT dt, v FROM sales ORDER BY dt
----
2024-02-20|20

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM sales
----
p1|3|0
p2|3|1
p3|3|0

# rows outside the named partitions fail the statement, which changes nothing
statement error Insert has filtered data in strict mode
INSERT OVERWRITE TABLE sales PARTITION (p1) VALUES ('2024-01-05', 5), ('2024-02-05', 6)

statement error does not exist
INSERT OVERWRITE TABLE sales PARTITION (p9) VALUES ('2024-01-05', 5)

query
SELECT dt, v FROM sales ORDER BY dt
----
2024-02-20|20

# a whole-table overwrite replaces every partition
statement ok
INSERT OVERWRITE TABLE sales VALUES ('2024-01-01', 100), ('2024-03-31', 300)

query
SELECT dt, v FROM sales ORDER BY dt
----
2024-01-01|100
2024-03-31|300

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM sales
----
p1|4|1
p2|4|0
p3|4|1
