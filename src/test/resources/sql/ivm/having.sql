# HAVING over aggregates (both seeds refuse it): every group's state is kept, and the MV's rows are
# the groups that pass; a group crosses the threshold in both directions as its rows change.

statement ok
CREATE DATABASE ivm_having

statement ok
USE ivm_having

statement ok
CREATE TABLE orders (id INT, cust INT, amount INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO orders VALUES (1, 1, 50), (2, 1, 70), (3, 2, 30), (4, 3, 200)

statement ok
CREATE MATERIALIZED VIEW big_customers BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT cust, sum(amount) AS total, count(*) AS orders FROM orders GROUP BY cust HAVING sum(amount) >= 100

wait tasks

query
SELECT * FROM big_customers ORDER BY cust
----
1|120|2
3|200|1

# Customer 2 crosses the threshold upwards, customer 1 downwards.
statement ok
INSERT INTO orders VALUES (5, 2, 80)

statement ok
DELETE FROM orders WHERE id = 2

statement ok
REFRESH MATERIALIZED VIEW big_customers INCREMENTAL WITH SYNC MODE

query
SELECT * FROM big_customers ORDER BY cust
----
2|110|2
3|200|1

query
SELECT count(*), sum(total) FROM big_customers
----
2|310

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL

# Back over the threshold: the group's state was kept while it did not pass.
statement ok
INSERT INTO orders VALUES (6, 1, 60)

statement ok
REFRESH MATERIALIZED VIEW big_customers INCREMENTAL WITH SYNC MODE

query
SELECT * FROM big_customers ORDER BY cust
----
1|110|2
2|110|2
3|200|1

query
SELECT COLUMN_NAME FROM information_schema.columns WHERE TABLE_NAME = 'big_customers' ORDER BY ORDINAL_POSITION
----
cust
total
orders
