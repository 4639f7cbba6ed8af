# RANGE and LIST partitions are real metadata: versions, row counts, truncate and drop by partition.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE sales (dt DATE NOT NULL, id INT NOT NULL, amount DECIMAL(10, 2))
DUPLICATE KEY(dt, id)
PARTITION BY RANGE(dt) (
  PARTITION p1 VALUES LESS THAN ("2024-02-01"),
  PARTITION p2 VALUES LESS THAN ("2024-03-01"),
  PARTITION p3 VALUES [("2024-03-01"), ("2024-04-01"))
)
DISTRIBUTED BY HASH(id) BUCKETS 3

statement ok
INSERT INTO sales VALUES ('2024-01-15', 1, 10.50), ('2024-02-10', 2, 20.00), ('2024-02-11', 3, 5.25)

statement error Insert has filtered data in strict mode
INSERT INTO sales VALUES ('2024-05-01', 4, 1.00)

statement error no partition for this tuple
INSERT INTO sales VALUES ('2024-01-02', 5, 1.00), ('2023-12-31', 6, 1.00), ('2025-01-01', 7, 1.00)

query
SELECT count(*) FROM sales
----
3

statement ok
TRUNCATE TABLE sales PARTITION (p2)

query
SELECT id FROM sales ORDER BY id
----
1

query
SELECT id FROM sales PARTITION (p1)
----
1

statement ok
INSERT INTO sales PARTITION (p3) VALUES ('2024-03-05', 8, 2.00)

statement error no partition for this tuple
INSERT INTO sales PARTITION (p3) VALUES ('2024-01-05', 9, 2.00)

statement ok
ALTER TABLE sales ADD PARTITION p4 VALUES LESS THAN ("2024-05-01")

statement ok
INSERT INTO sales VALUES ('2024-04-30', 10, 3.00)

statement error is intersected with range
ALTER TABLE sales ADD PARTITION p_bad VALUES [("2024-03-15"), ("2024-04-15"))

statement ok
ALTER TABLE sales DROP PARTITION p1

query
SELECT id FROM sales ORDER BY id
----
8
10

statement error does not exist
TRUNCATE TABLE sales PARTITION (p1)

statement ok
CREATE TABLE daily (dt DATETIME NOT NULL, v INT)
DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (FROM ("2024-01-01") TO ("2024-01-04") INTERVAL 1 DAY)
DISTRIBUTED BY RANDOM BUCKETS AUTO

statement ok
INSERT INTO daily VALUES ('2024-01-02 10:00:00', 1)

statement ok
CREATE TABLE monthly (dt DATE NOT NULL, v INT)
DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (FROM ("2024-01-01") TO ("2024-04-01") INTERVAL 1 MONTH)
DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
CREATE TABLE nums (k INT NOT NULL, v INT)
DUPLICATE KEY(k)
PARTITION BY RANGE(k) (FROM (0) TO (30) INTERVAL 10)
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE cities (city VARCHAR(20) NOT NULL, n INT)
DUPLICATE KEY(city)
PARTITION BY LIST(city) (
  PARTITION p_east VALUES IN ("Tokyo", "Osaka"),
  PARTITION p_west VALUES IN ("Paris")
)
DISTRIBUTED BY HASH(city) BUCKETS 1

statement ok
INSERT INTO cities VALUES ('Tokyo', 1), ('Paris', 2), ('Osaka', 3)

statement error no partition for this tuple
INSERT INTO cities VALUES ('Berlin', 4)

query rowsort
SELECT city FROM cities PARTITION (p_east)
----
Osaka
Tokyo
