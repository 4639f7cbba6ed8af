# Semi and anti joins maintained incrementally: WHERE EXISTS, IN, NOT EXISTS and NOT IN (over values
# that cannot be NULL) subqueries, and LEFT SEMI / LEFT ANTI JOIN, with or without an aggregate above.
# Per join key the MV keeps how many rows of the right side match (a table of its own): a change on
# the right side flips only the left rows whose key's count crosses 0 <-> 1 or more, a change on the
# left side is filtered by the counts. Every refresh below is strict INCREMENTAL: none falls back.

statement ok
CREATE DATABASE ivm_semi

statement ok
USE ivm_semi

statement ok
CREATE TABLE customers (id INT NOT NULL, region VARCHAR(8), vip INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("enable_unique_key_merge_on_write" = "true", "binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
CREATE TABLE orders (oid INT, cust INT, amount INT) DUPLICATE KEY(oid) DISTRIBUTED BY HASH(oid) BUCKETS 1
PROPERTIES ("binlog.enable" = "true")

statement ok
CREATE TABLE blocked (id INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO customers VALUES (1, 'north', 1), (2, 'north', 2), (3, 'south', 3), (4, 'south', NULL), (5, 'east', 5)

# Customer 1 has two orders, an order has no customer (NULL never matches), one a customer not listed.
statement ok
INSERT INTO orders VALUES (10, 1, 20), (11, 1, 60), (12, 2, 5), (13, NULL, 70), (14, 9, 30)

statement ok
INSERT INTO blocked VALUES (2), (7)

statement ok
CREATE MATERIALIZED VIEW active_customers BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT id, region FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.cust = c.id)

statement ok
CREATE MATERIALIZED VIEW buyers BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT id FROM customers WHERE id IN (SELECT cust FROM orders WHERE amount > 10)

statement ok
CREATE MATERIALIZED VIEW idle_customers BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT id, region FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.cust = c.id)

# NOT IN over NOT NULL columns: no NULL can make it a null-aware anti join.
statement ok
CREATE MATERIALIZED VIEW allowed BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT id FROM customers WHERE id NOT IN (SELECT id FROM blocked)

# A nullable subquery column filtered with IS NOT NULL: NOT IN is again an anti join.
statement ok
CREATE MATERIALIZED VIEW never_ordered BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT id FROM customers WHERE id NOT IN (SELECT cust FROM orders WHERE cust IS NOT NULL)

statement ok
CREATE MATERIALIZED VIEW big_buyers BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT c.id, c.region FROM customers c LEFT SEMI JOIN orders o ON c.id = o.cust AND o.amount >= 50

statement ok
CREATE MATERIALIZED VIEW no_orders BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT c.id FROM customers c LEFT ANTI JOIN orders o ON c.id = o.cust

statement ok
CREATE MATERIALIZED VIEW regions_with_orders BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS
SELECT region, count(*) AS n FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.cust = c.id) GROUP BY region

# StarRocks's spelling.
statement ok
CREATE MATERIALIZED VIEW idle_by_region REFRESH DEFERRED MANUAL PROPERTIES ("refresh_mode" = "INCREMENTAL") AS
SELECT region, count(*) AS n FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.cust = c.id) GROUP BY region

statement ok
REFRESH MATERIALIZED VIEW idle_by_region WITH SYNC MODE

wait tasks

query rowsort
SELECT * FROM active_customers
----
1|north
2|north

query rowsort
SELECT * FROM buyers
----
1

query rowsort
SELECT * FROM idle_customers
----
3|south
4|south
5|east

query rowsort
SELECT * FROM allowed
----
1
3
4
5

query rowsort
SELECT * FROM never_ordered
----
3
4
5

query rowsort
SELECT * FROM big_buyers
----
1|north

query rowsort
SELECT * FROM no_orders
----
3
4
5

query rowsort
SELECT * FROM regions_with_orders
----
north|2

query rowsort
SELECT * FROM idle_by_region
----
east|1
south|2

# Customer 3's first order (its count goes 0 -> 1), a third order of customer 1 (2 -> 3: no left row
# changes), an order without customer (not counted), customer 2's only order gone (1 -> 0), a new
# customer without orders, customer 1 moved to another region, customer 3 blocked.
statement ok
INSERT INTO orders VALUES (15, 3, 40), (16, 1, 5), (17, NULL, 90)

statement ok
DELETE FROM orders WHERE oid = 12

statement ok
INSERT INTO customers VALUES (6, 'east', 6)

statement ok
UPDATE customers SET region = 'west' WHERE id = 1

statement ok
INSERT INTO blocked VALUES (3)

# What the refresh will write: only the rows whose key crossed 0 and the changed customer.
query rowsort
REFRESH MATERIALIZED VIEW active_customers INCREMENTAL WITH DRY RUN
----
1|north|-1
1|west|1
2|north|-1
3|south|1

statement ok
REFRESH MATERIALIZED VIEW active_customers INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW buyers INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW idle_customers INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW allowed INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW never_ordered INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW big_buyers INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW no_orders INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW regions_with_orders INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW idle_by_region INCREMENTAL WITH SYNC MODE

query rowsort
SELECT * FROM active_customers
----
1|west
3|south

query rowsort
SELECT * FROM buyers
----
1
3

query rowsort
SELECT * FROM idle_customers
----
2|north
4|south
5|east
6|east

query rowsort
SELECT * FROM allowed
----
1
4
5
6

query rowsort
SELECT * FROM never_ordered
----
2
4
5
6

query rowsort
SELECT * FROM big_buyers
----
1|west

query rowsort
SELECT * FROM no_orders
----
2
4
5
6

query rowsort
SELECT * FROM regions_with_orders
----
south|1
west|1

query rowsort
SELECT * FROM idle_by_region
----
east|2
north|1
south|1

query rowsort
SELECT MvName, RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE RefreshMode <> 'COMPLETE'
----
active_customers|PARTIAL|NULL
allowed|PARTIAL|NULL
big_buyers|PARTIAL|NULL
buyers|PARTIAL|NULL
idle_by_region|PARTIAL|NULL
idle_customers|PARTIAL|NULL
never_ordered|PARTIAL|NULL
no_orders|PARTIAL|NULL
regions_with_orders|PARTIAL|NULL

# The right side emptied: every count falls to 0, and every customer is idle.
statement ok
DELETE FROM orders WHERE oid > 0

statement ok
REFRESH MATERIALIZED VIEW active_customers INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW idle_by_region INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW regions_with_orders INCREMENTAL WITH SYNC MODE

query rowsort
SELECT * FROM active_customers
----

query rowsort
SELECT * FROM regions_with_orders
----

query rowsort
SELECT * FROM idle_by_region
----
east|2
north|1
south|2
west|1

# The counts are kept with the data: after a restart the next refresh reads them as they were.
restart

statement ok
USE ivm_semi

# Orders again, customers changing on both sides of the join in one refresh.
statement ok
INSERT INTO orders VALUES (20, 4, 1), (21, 4, 2), (22, 6, 3)

statement ok
DELETE FROM customers WHERE id = 4

statement ok
INSERT INTO customers VALUES (7, 'north', 7)

statement ok
INSERT INTO orders VALUES (23, 7, 4)

statement ok
REFRESH MATERIALIZED VIEW active_customers INCREMENTAL WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW idle_by_region INCREMENTAL WITH SYNC MODE

query rowsort
SELECT * FROM active_customers
----
6|east
7|north

query rowsort
SELECT * FROM idle_by_region
----
east|1
north|1
south|1
west|1

query
SELECT count(*) FROM tasks("type" = "mv") WHERE IvmFallbackReason IS NOT NULL OR Status <> 'SUCCESS'
----
0

# A partitioned MV over the left side: a base partition truncated rebuilds only its MV partition (and
# the counts are counted again, as the streams move past every change); other changes stay incremental.
statement ok
CREATE TABLE visits (d DATE, cust INT) DUPLICATE KEY(d, cust)
PARTITION BY RANGE(d) (FROM ('2024-01-01') TO ('2024-01-03') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(cust) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
INSERT INTO visits VALUES ('2024-01-01', 6), ('2024-01-01', 1), ('2024-01-02', 7), ('2024-01-02', 6)

statement ok
CREATE MATERIALIZED VIEW buying_visits BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (d) AS
SELECT d, count(*) AS n FROM visits v WHERE EXISTS (SELECT 1 FROM orders o WHERE o.cust = v.cust) GROUP BY d

wait tasks

query rowsort
SELECT * FROM buying_visits
----
2024-01-01|1
2024-01-02|2

statement ok
TRUNCATE TABLE visits PARTITION (p_20240101)

statement ok
INSERT INTO orders VALUES (24, 1, 9)

statement ok
REFRESH MATERIALIZED VIEW buying_visits INCREMENTAL WITH SYNC MODE

query rowsort
SELECT * FROM buying_visits
----
2024-01-02|2

query
SELECT RefreshMode, IvmRebuiltPartitions FROM tasks("type" = "mv") WHERE MvName = 'buying_visits' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|1

statement ok
INSERT INTO visits VALUES ('2024-01-01', 1), ('2024-01-01', 3)

statement ok
DELETE FROM orders WHERE cust = 7

statement ok
REFRESH MATERIALIZED VIEW buying_visits INCREMENTAL WITH SYNC MODE

query rowsort
SELECT * FROM buying_visits
----
2024-01-01|1
2024-01-02|1

query
SELECT RefreshMode, IvmRebuiltPartitions, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = 'buying_visits' ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|0|NULL

statement ok
DROP DATABASE ivm_semi
