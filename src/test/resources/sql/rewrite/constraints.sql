# Table constraints feed rewrite as Doris's optimizer uses them (they are not enforced: they are the
# user's promise). A view joining a table the query does not read still answers it when that join
# keeps every row once: a LEFT JOIN to a unique key, or an INNER JOIN along a foreign key of NOT NULL
# columns to the referenced primary key. An inner join to a unique key answers a semi join.

statement ok
CREATE DATABASE shop

statement ok
USE shop

statement ok
CREATE TABLE customers (c_id INT NOT NULL, name VARCHAR(8) NOT NULL, city VARCHAR(8) NOT NULL)
DUPLICATE KEY(c_id) DISTRIBUTED BY HASH(c_id) BUCKETS 1

statement ok
CREATE TABLE orders (o_id INT NOT NULL, cust_id INT NOT NULL, amount INT NOT NULL)
DUPLICATE KEY(o_id) DISTRIBUTED BY HASH(o_id) BUCKETS 1

statement ok
INSERT INTO customers VALUES (1, 'ann', 'rome'), (2, 'bob', 'oslo'), (3, 'cy', 'rome')

statement ok
INSERT INTO orders VALUES (10, 1, 5), (11, 1, 7), (12, 2, 9), (13, 3, 1), (14, 3, 2)

statement ok
CREATE MATERIALIZED VIEW wide BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT o.o_id, o.cust_id, o.amount, c.name, c.city FROM orders o INNER JOIN customers c ON o.cust_id = c.c_id

wait tasks

# A query that reads no column of a table an MV reads (count(*)) and that no MV answers runs as written.
query
SELECT count(*) FROM customers
----
3

query
SELECT 2 FROM customers WHERE 1 = 0
----

# Without constraints the inner join may drop or repeat orders: the query on orders alone is not answered.
materializations
SELECT cust_id, sum(amount) FROM orders GROUP BY cust_id
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: wide
  FailSummary: Match mode is invalid: the view joins customers, which the query does not, and its join columns c_id are not a unique key of it

statement ok
ALTER TABLE customers ADD CONSTRAINT pk PRIMARY KEY (c_id)

materializations
SELECT cust_id, sum(amount) FROM orders GROUP BY cust_id
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: wide
  FailSummary: Match mode is invalid: the view joins customers, which the query does not, and its inner join is not along a foreign key of NOT NULL columns

statement ok
ALTER TABLE orders ADD CONSTRAINT fk FOREIGN KEY (cust_id) REFERENCES customers (c_id)

query rowsort both
SELECT cust_id, sum(amount) FROM orders GROUP BY cust_id
----
1|12
2|9
3|3

materializations
SELECT cust_id, sum(amount) FROM orders GROUP BY cust_id
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: wide
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

query rowsort both
SELECT o_id, amount FROM orders WHERE amount > 4
----
10|5
11|7
12|9

# One part answered by the MV, the other (reading no column) from its table.
query rowsort both
SELECT count(*) FROM orders UNION ALL SELECT count(*) FROM customers
----
3
5

query
EXPLAIN SHAPE PLAN SELECT count(*) FROM orders UNION ALL SELECT count(*) FROM customers
----
SetOperation UNION ALL
  Project
    Aggregate
      Scan shop.wide
  Project
    Aggregate
      Scan shop.customers

# A semi join to the unique key is the inner join's rows.
query rowsort both
SELECT o_id, amount FROM orders o LEFT SEMI JOIN customers c ON o.cust_id = c.c_id WHERE o.amount < 8
----
10|5
11|7
13|1
14|2

materializations
SELECT o_id, amount FROM orders o LEFT SEMI JOIN customers c ON o.cust_id = c.c_id WHERE o.amount < 8
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: wide
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# Without the unique key the inner join could repeat an order: neither is answered.
statement ok
ALTER TABLE orders DROP CONSTRAINT fk

statement ok
ALTER TABLE customers DROP CONSTRAINT pk

materializations
SELECT o_id, amount FROM orders o LEFT SEMI JOIN customers c ON o.cust_id = c.c_id WHERE o.amount < 8
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: wide
  FailSummary: Match mode is invalid: the query's LEFT SEMI join is not the view's INNER join

# A LEFT JOIN to a unique key keeps every order once: no foreign key needed.
statement ok
ALTER TABLE customers ADD CONSTRAINT uk UNIQUE (c_id)

statement ok
INSERT INTO orders VALUES (15, 9, 4)

statement ok
CREATE MATERIALIZED VIEW wide_left BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT o.o_id, o.cust_id, o.amount, c.city FROM orders o LEFT JOIN customers c ON o.cust_id = c.c_id

wait tasks

query rowsort both
SELECT cust_id, count(*), sum(amount) FROM orders GROUP BY cust_id
----
1|2|12
2|1|9
3|2|3
9|1|4

materializations
SELECT cust_id, count(*), sum(amount) FROM orders GROUP BY cust_id
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: wide_left
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: wide
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) wide

# A view that also filters by the joined table keeps fewer orders: its WHERE rejects the rows the LEFT
# JOIN adds with NULLs, so it is an inner join.
statement ok
CREATE MATERIALIZED VIEW rome_orders BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT o.o_id, o.amount FROM orders o LEFT JOIN customers c ON o.cust_id = c.c_id WHERE c.city = 'rome'

wait tasks

materializations
SELECT o_id, amount FROM orders
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: wide_left
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: wide
  FailSummary: The MV is not in sync with its base tables (SyncWithBaseTables = 0) in partition(s) wide
  Name: rome_orders
  FailSummary: Match mode is invalid: the view joins customers, which the query does not, and its inner join is not along a foreign key of NOT NULL columns
