# The binder: each query below is bound into a typed logical plan, shown by EXPLAIN ANALYZED PLAN
# (node, output columns with id, Doris type and nullability, expressions over column ids) and by
# EXPLAIN SHAPE PLAN (the bare node tree). Each block exercises one node kind or binder rule.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE orders (id INT NOT NULL, customer VARCHAR(20), amount DECIMAL(10, 2), dt DATE) DUPLICATE KEY(id) PARTITION BY RANGE(dt) (PARTITION p2023 VALUES LESS THAN ('2024-01-01'), PARTITION p2024 VALUES LESS THAN ('2025-01-01')) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE customers (name VARCHAR(20) NOT NULL, region VARCHAR(10)) UNIQUE KEY(name) DISTRIBUTED BY HASH(name) BUCKETS 1

statement ok
CREATE VIEW big_orders AS SELECT id, amount FROM orders WHERE amount > 100

# Scan, Filter, Project: integer + widens to BIGINT, DECIMAL(10, 2) * TINYINT is DECIMAL(11, 2), a label per item.
query
EXPLAIN ANALYZED PLAN SELECT id + 1, amount * 2 AS doubled, customer FROM orders WHERE id > 10
----
Project [id + 1#5:=(id#1 + 1), doubled#6:=(amount#3 * 2), customer#7:=customer#2] -> [id + 1#5 BIGINT NOT NULL, doubled#6 DECIMAL(11, 2), customer#7 VARCHAR(20)]
  Filter (id#1 > 10)
    Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# Aggregate, HAVING (a Filter above it), ORDER BY an alias, LIMIT; SUM of DECIMAL(10, 2) is DECIMAL(38, 2), COUNT is NOT NULL.
query
EXPLAIN ANALYZED PLAN SELECT customer, sum(amount) AS total, count(*) FROM orders GROUP BY customer HAVING sum(amount) > 10 ORDER BY total DESC LIMIT 5
----
Limit 5
  Sort [total#8 DESC NULLS LAST]
    Project [customer#7:=customer#2, total#8:=sum(amount)#5, count(*)#9:=count(*)#6] -> [customer#7 VARCHAR(20), total#8 DECIMAL(38, 2), count(*)#9 BIGINT NOT NULL]
      Filter (sum(amount)#5 > 10)
        Aggregate keys=[customer#2] aggregates=[sum(amount)#5:=sum(amount#3), count(*)#6:=count(*)] -> [customer#2 VARCHAR(20), sum(amount)#5 DECIMAL(38, 2), count(*)#6 BIGINT NOT NULL]
          Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# A computed grouping key named by its alias and by its position: a Project below the Aggregate computes it.
query
EXPLAIN ANALYZED PLAN SELECT year(dt) AS y, count(*) FROM orders GROUP BY y
----
Project [y#7:=__key_0#5, count(*)#8:=count(*)#6] -> [y#7 SMALLINT, count(*)#8 BIGINT NOT NULL]
  Aggregate keys=[__key_0#5] aggregates=[count(*)#6:=count(*)] -> [__key_0#5 SMALLINT, count(*)#6 BIGINT NOT NULL]
    Project [id#1, customer#2, amount#3, dt#4, __key_0#5:=year(dt#4)] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, __key_0#5 SMALLINT]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

query
EXPLAIN ANALYZED PLAN SELECT year(dt), count(*) FROM orders GROUP BY 1
----
Project [year(dt)#7:=__key_0#5, count(*)#8:=count(*)#6] -> [year(dt)#7 SMALLINT, count(*)#8 BIGINT NOT NULL]
  Aggregate keys=[__key_0#5] aggregates=[count(*)#6:=count(*)] -> [__key_0#5 SMALLINT, count(*)#6 BIGINT NOT NULL]
    Project [id#1, customer#2, amount#3, dt#4, __key_0#5:=year(dt#4)] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, __key_0#5 SMALLINT]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# CUBE: every subset of the keys, which become nullable; GROUPING_ID over keys.
query
EXPLAIN ANALYZED PLAN SELECT region, customer, sum(amount), GROUPING_ID(region, customer) FROM orders JOIN customers ON customer = name GROUP BY CUBE(region, customer)
----
Project [region#9:=region#6, customer#10:=customer#2, sum(amount)#11:=sum(amount)#7, grouping_id(region, customer)#12:=grouping_id(region, customer)#8] -> [region#9 VARCHAR(10), customer#10 VARCHAR(20), sum(amount)#11 DECIMAL(38, 2), grouping_id(region, customer)#12 BIGINT NOT NULL]
  Aggregate keys=[region#6, customer#2] groupingSets=[(region#6, customer#2), (region#6), (customer#2), ()] aggregates=[sum(amount)#7:=sum(amount#3), grouping_id(region, customer)#8:=grouping_id(region#6, customer#2)] -> [region#6 VARCHAR(10), customer#2 VARCHAR(20), sum(amount)#7 DECIMAL(38, 2), grouping_id(region, customer)#8 BIGINT NOT NULL]
    Join INNER (customer#2 = name#5) -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
      Scan db.customers columns=[name#5:=name, region#6:=region] -> [name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]

# ROLLUP crossed with a plain key.
query
EXPLAIN ANALYZED PLAN SELECT region, customer, count(*) FROM orders JOIN customers ON customer = name GROUP BY region, ROLLUP(customer)
----
Project [region#8:=region#6, customer#9:=customer#2, count(*)#10:=count(*)#7] -> [region#8 VARCHAR(10), customer#9 VARCHAR(20), count(*)#10 BIGINT NOT NULL]
  Aggregate keys=[region#6, customer#2] groupingSets=[(region#6, customer#2), (region#6)] aggregates=[count(*)#7:=count(*)] -> [region#6 VARCHAR(10), customer#2 VARCHAR(20), count(*)#7 BIGINT NOT NULL]
    Join INNER (customer#2 = name#5) -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
      Scan db.customers columns=[name#5:=name, region#6:=region] -> [name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]

# Window: a Window node adds one column per analytic call.
query
EXPLAIN ANALYZED PLAN SELECT id, row_number() OVER (PARTITION BY customer ORDER BY dt DESC) AS rn, sum(amount) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS running FROM orders
----
Project [id#7:=id#1, rn#8:=row_number() OVER (PARTITION BY customer ORDER BY dt DESC)#5, running#9:=sum(amount) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)#6] -> [id#7 INT NOT NULL, rn#8 BIGINT NOT NULL, running#9 DECIMAL(38, 2)]
  Window [row_number() OVER (PARTITION BY customer ORDER BY dt DESC)#5:=row_number() OVER (PARTITION BY customer#2 ORDER BY dt#4 DESC NULLS LAST), sum(amount) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)#6:=sum(amount#3) OVER (ORDER BY id#1 ASC NULLS FIRST ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, row_number() OVER (PARTITION BY customer ORDER BY dt DESC)#5 BIGINT NOT NULL, sum(amount) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)#6 DECIMAL(38, 2)]
    Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# A window over an aggregate: the Window node sits above the Aggregate.
query
EXPLAIN ANALYZED PLAN SELECT customer, rank() OVER (ORDER BY sum(amount) DESC) AS r FROM orders GROUP BY customer
----
Project [customer#7:=customer#2, r#8:=rank() OVER (ORDER BY sum(amount) DESC)#6] -> [customer#7 VARCHAR(20), r#8 BIGINT NOT NULL]
  Window [rank() OVER (ORDER BY sum(amount) DESC)#6:=rank() OVER (ORDER BY sum(amount)#5 DESC NULLS LAST)] -> [customer#2 VARCHAR(20), sum(amount)#5 DECIMAL(38, 2), rank() OVER (ORDER BY sum(amount) DESC)#6 BIGINT NOT NULL]
    Aggregate keys=[customer#2] aggregates=[sum(amount)#5:=sum(amount#3)] -> [customer#2 VARCHAR(20), sum(amount)#5 DECIMAL(38, 2)]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# LEFT JOIN: the right side's columns become nullable above the join.
query
EXPLAIN ANALYZED PLAN SELECT c.region, o.id FROM orders o LEFT JOIN customers c ON o.customer = c.name
----
Project [region#7:=region#6, id#8:=id#1] -> [region#7 VARCHAR(10), id#8 INT NOT NULL]
  Join LEFT (customer#2 = name#5) -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, name#5 VARCHAR(20), region#6 VARCHAR(10)]
    Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
    Scan db.customers columns=[name#5:=name, region#6:=region] -> [name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]

# A RIGHT ANTI JOIN is a left anti join with its inputs swapped: only orders' columns remain.
query
EXPLAIN ANALYZED PLAN SELECT id FROM customers RIGHT ANTI JOIN orders ON customer = name
----
Project [id#7:=id#1] -> [id#7 INT NOT NULL]
  Join LEFT_ANTI (customer#2 = name#5) -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
    Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
    Scan db.customers columns=[name#5:=name, region#6:=region] -> [name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]

# A comma join is a CROSS join; the WHERE is a Filter above it.
query
EXPLAIN ANALYZED PLAN SELECT o.id FROM orders o, customers c WHERE o.customer = c.name
----
Project [id#7:=id#1] -> [id#7 INT NOT NULL]
  Filter (customer#2 = name#5)
    Join CROSS -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
      Scan db.customers columns=[name#5:=name, region#6:=region] -> [name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]

# USING: one equality per named column; a bare name finds the left column.
query
EXPLAIN ANALYZED PLAN SELECT customer FROM orders JOIN (SELECT name AS customer, region FROM customers) c USING (customer)
----
Project [customer#9:=customer#2] -> [customer#9 VARCHAR(20)]
  Join INNER (customer#2 = customer#7) -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE, customer#7 VARCHAR(20) NOT NULL, region#8 VARCHAR(10)]
    Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
    Project [customer#7:=name#5, region#8:=region#6] -> [customer#7 VARCHAR(20) NOT NULL, region#8 VARCHAR(10)]
      Scan db.customers columns=[name#5:=name, region#6:=region] -> [name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]

# Subqueries: IN, correlated EXISTS (its plan refers to the outer column), NOT BETWEEN and NOT LIKE.
query
EXPLAIN ANALYZED PLAN SELECT id FROM orders o WHERE customer IN (SELECT name FROM customers) AND EXISTS (SELECT 1 FROM customers c WHERE c.name = o.customer AND c.region = 'eu') AND id NOT BETWEEN 1 AND 3 AND customer NOT LIKE 'a%'
----
Project [id#11:=id#1] -> [id#11 INT NOT NULL]
  Filter ((((customer#2 IN $1) AND EXISTS $2) AND (NOT (id#1 BETWEEN 1 AND 3))) AND (NOT (customer#2 LIKE 'a%')))
    Subquery $1
      Project [name#7:=name#5] -> [name#7 VARCHAR(20) NOT NULL]
        Scan db.customers columns=[name#5:=name, region#6:=region] -> [name#5 VARCHAR(20) NOT NULL, region#6 VARCHAR(10)]
    Subquery $2
      Project [1#10:=1] -> [1#10 TINYINT NOT NULL]
        Filter ((name#8 = customer#2) AND (region#9 = 'eu'))
          Scan db.customers columns=[name#8:=name, region#9:=region] -> [name#8 VARCHAR(20) NOT NULL, region#9 VARCHAR(10)]
    Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# A correlated scalar subquery in the select list.
query
EXPLAIN ANALYZED PLAN SELECT (SELECT max(amount) FROM orders o2 WHERE o2.customer = c.name) AS top FROM customers c
----
Project [top#9:=$1] -> [top#9 DECIMAL(10, 2)]
  Subquery $1
    Project [max(amount)#8:=max(amount)#7] -> [max(amount)#8 DECIMAL(10, 2)]
      Aggregate keys=[] aggregates=[max(amount)#7:=max(amount#5)] -> [max(amount)#7 DECIMAL(10, 2)]
        Filter (customer#4 = name#1)
          Scan db.orders columns=[id#3:=id, customer#4:=customer, amount#5:=amount, dt#6:=dt] -> [id#3 INT NOT NULL, customer#4 VARCHAR(20), amount#5 DECIMAL(10, 2), dt#6 DATE]
  Scan db.customers columns=[name#1:=name, region#2:=region] -> [name#1 VARCHAR(20) NOT NULL, region#2 VARCHAR(10)]

# A derived table with column aliases.
query
EXPLAIN ANALYZED PLAN SELECT k2 FROM (SELECT id AS k FROM orders) t(k2) WHERE k2 > 1
----
Project [k2#6:=k#5] -> [k2#6 INT NOT NULL]
  Filter (k#5 > 1)
    Project [k#5:=id#1] -> [k#5 INT NOT NULL]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# A CTE used twice is bound twice, with its own column ids each time.
query
EXPLAIN ANALYZED PLAN WITH totals AS (SELECT customer, sum(amount) AS s FROM orders GROUP BY customer) SELECT a.customer FROM totals a JOIN totals b ON a.s = b.s
----
Project [customer#15:=customer#6] -> [customer#15 VARCHAR(20)]
  Join INNER (s#7 = s#14) -> [customer#6 VARCHAR(20), s#7 DECIMAL(38, 2), customer#13 VARCHAR(20), s#14 DECIMAL(38, 2)]
    Project [customer#6:=customer#2, s#7:=sum(amount)#5] -> [customer#6 VARCHAR(20), s#7 DECIMAL(38, 2)]
      Aggregate keys=[customer#2] aggregates=[sum(amount)#5:=sum(amount#3)] -> [customer#2 VARCHAR(20), sum(amount)#5 DECIMAL(38, 2)]
        Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
    Project [customer#13:=customer#9, s#14:=sum(amount)#12] -> [customer#13 VARCHAR(20), s#14 DECIMAL(38, 2)]
      Aggregate keys=[customer#9] aggregates=[sum(amount)#12:=sum(amount#10)] -> [customer#9 VARCHAR(20), sum(amount)#12 DECIMAL(38, 2)]
        Scan db.orders columns=[id#8:=id, customer#9:=customer, amount#10:=amount, dt#11:=dt] -> [id#8 INT NOT NULL, customer#9 VARCHAR(20), amount#10 DECIMAL(10, 2), dt#11 DATE]

# A view is expanded into the plan under its own column names.
query
EXPLAIN ANALYZED PLAN SELECT id FROM big_orders
----
Project [id#7:=id#5] -> [id#7 INT NOT NULL]
  Project [id#5:=id#1, amount#6:=amount#3] -> [id#5 INT NOT NULL, amount#6 DECIMAL(10, 2)]
    Filter (amount#3 > 100)
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# Set operations produce new columns of the common type; ORDER BY a position.
query
EXPLAIN ANALYZED PLAN SELECT id, customer FROM orders UNION ALL SELECT 1, name FROM customers ORDER BY 1 LIMIT 3
----
Limit 3
  Sort [id#11 ASC NULLS FIRST]
    SetOperation UNION ALL -> [id#11 INT NOT NULL, customer#12 VARCHAR(20)]
      Project [id#5:=id#1, customer#6:=customer#2] -> [id#5 INT NOT NULL, customer#6 VARCHAR(20)]
        Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
      Project [1#9:=1, name#10:=name#7] -> [1#9 TINYINT NOT NULL, name#10 VARCHAR(20) NOT NULL]
        Scan db.customers columns=[name#7:=name, region#8:=region] -> [name#7 VARCHAR(20) NOT NULL, region#8 VARCHAR(10)]

query
EXPLAIN ANALYZED PLAN SELECT customer FROM orders INTERSECT SELECT name FROM customers EXCEPT SELECT 'x'
----
SetOperation EXCEPT -> [customer#11 VARCHAR(20) NOT NULL]
  SetOperation INTERSECT -> [customer#9 VARCHAR(20) NOT NULL]
    Project [customer#5:=customer#2] -> [customer#5 VARCHAR(20)]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]
    Project [name#8:=name#6] -> [name#8 VARCHAR(20) NOT NULL]
      Scan db.customers columns=[name#6:=name, region#7:=region] -> [name#6 VARCHAR(20) NOT NULL, region#7 VARCHAR(10)]
  Project ['x'#10:='x'] -> ['x'#10 VARCHAR(1) NOT NULL]
    Values rows=[()] -> []

# DISTINCT, and ORDER BY a column the select list lacks (a hidden column, dropped by a Project on top).
query
EXPLAIN ANALYZED PLAN SELECT DISTINCT customer FROM orders ORDER BY customer
----
Sort [customer#5 ASC NULLS FIRST]
  Distinct
    Project [customer#5:=customer#2] -> [customer#5 VARCHAR(20)]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

query
EXPLAIN ANALYZED PLAN SELECT customer FROM orders ORDER BY amount
----
Project [customer#5] -> [customer#5 VARCHAR(20)]
  Sort [__order_0#6 ASC NULLS FIRST]
    Project [customer#5:=customer#2, __order_0#6:=amount#3] -> [customer#5 VARCHAR(20), __order_0#6 DECIMAL(10, 2)]
      Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# Partitions restrict the scan.
query
EXPLAIN ANALYZED PLAN SELECT id FROM orders PARTITION (p2024)
----
Project [id#5:=id#1] -> [id#5 INT NOT NULL]
  Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] partitions=[p2024] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# Literals, variables and session functions are bound to typed constants; a FROM-less SELECT reads one empty row.
query
EXPLAIN ANALYZED PLAN SELECT 1, 'a', NULL, 2.5, 1e3, DATE '2024-01-01', database()
----
Project [1#1:=1, 'a'#2:='a', NULL#3:=NULL, 2.5#4:=2.5, 1000.0#5:=1000.0, DATE '2024-01-01'#6:='2024-01-01', database()#7:='db'] -> [1#1 TINYINT NOT NULL, 'a'#2 VARCHAR(1) NOT NULL, NULL#3 NULL, 2.5#4 DECIMAL(2, 1) NOT NULL, 1000.0#5 DOUBLE NOT NULL, DATE '2024-01-01'#6 DATE NOT NULL, database()#7 VARCHAR(2) NOT NULL]
  Values rows=[()] -> []

# Types: CASE over two string literals is NOT NULL, CAST to STRING too, COALESCE with a non-null last argument;
# division may give NULL; date arithmetic keeps DATE for days and gives DATETIME for hours.
query
EXPLAIN ANALYZED PLAN SELECT CASE WHEN amount > 1 THEN 'big' ELSE 'small' END, CAST(id AS STRING), coalesce(customer, 'none'), amount / 3, id DIV 2, dt + INTERVAL 1 DAY, date_add(dt, INTERVAL 2 HOUR) FROM orders
----
Project [CASE WHEN amount > 1 THEN 'big' ELSE 'small' END#5:=CASE WHEN (amount#3 > 1) THEN 'big' ELSE 'small' END, CAST(id AS TEXT)#6:=CAST(id#1 AS TEXT), coalesce(customer, 'none')#7:=coalesce(customer#2, 'none'), amount / 3#8:=(amount#3 / 3), id DIV 2#9:=(id#1 DIV 2), dt + INTERVAL 1 DAY#10:=(dt#4 + INTERVAL 1 DAY), date_add(dt, INTERVAL 2 HOUR)#11:=date_add(dt#4, INTERVAL 2 HOUR)] -> [CASE WHEN amount > 1 THEN 'big' ELSE 'small' END#5 VARCHAR(5) NOT NULL, CAST(id AS TEXT)#6 TEXT NOT NULL, coalesce(customer, 'none')#7 VARCHAR(20) NOT NULL, amount / 3#8 DECIMAL(14, 6), id DIV 2#9 BIGINT, dt + INTERVAL 1 DAY#10 DATE, date_add(dt, INTERVAL 2 HOUR)#11 DATETIME]
  Scan db.orders columns=[id#1:=id, customer#2:=customer, amount#3:=amount, dt#4:=dt] -> [id#1 INT NOT NULL, customer#2 VARCHAR(20), amount#3 DECIMAL(10, 2), dt#4 DATE]

# numbers() is a TableFunction node; VALUES a Values node.
query
EXPLAIN ANALYZED PLAN SELECT number FROM numbers("number" = "3")
----
Project [number#2:=number#1] -> [number#2 BIGINT NOT NULL]
  TableFunction numbers() properties={'number'='3'} -> [number#1 BIGINT NOT NULL]

query
EXPLAIN ANALYZED PLAN SELECT * FROM (VALUES (1, 'a'), (2, NULL)) v(k, s)
----
Project [k#3:=col0#1, s#4:=col1#2] -> [k#3 TINYINT NOT NULL, s#4 VARCHAR(1)]
  Values rows=[(1, 'a'), (2, NULL)] -> [col0#1 TINYINT NOT NULL, col1#2 VARCHAR(1)]

query
EXPLAIN SHAPE PLAN SELECT c.region, count(*) FROM orders o JOIN customers c ON o.customer = c.name WHERE o.id IN (SELECT id FROM big_orders) GROUP BY ROLLUP(c.region) ORDER BY 1
----
Sort
  Project
    Aggregate
      Join INNER
        Filter
          Subquery
            Project
              Filter
                Scan db.orders
          Scan db.orders
        Scan db.customers

# A wrong query fails with its own error.
statement error Unknown column 'nosuch' in 'table list'
EXPLAIN ANALYZED PLAN SELECT nosuch FROM orders

