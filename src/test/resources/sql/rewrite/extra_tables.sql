# A query joining more tables than an MV: the MV answers the join of its tables, and the query's
# other tables are joined to its rows (inner joins; the MV must not aggregate), whatever the order
# the query names its tables in.

statement ok
CREATE DATABASE star

statement ok
USE star

statement ok
CREATE TABLE sales (id INT NOT NULL, cust INT NOT NULL, prod INT NOT NULL, qty INT NOT NULL)
DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE custs (cust INT NOT NULL, city VARCHAR(8) NOT NULL) DUPLICATE KEY(cust) DISTRIBUTED BY HASH(cust) BUCKETS 1

statement ok
CREATE TABLE prods (prod INT NOT NULL, cat VARCHAR(8) NOT NULL) DUPLICATE KEY(prod) DISTRIBUTED BY HASH(prod) BUCKETS 1

statement ok
INSERT INTO sales VALUES (1, 1, 1, 5), (2, 1, 2, 3), (3, 2, 1, 7), (4, 3, 3, 1), (5, 2, 2, 2), (6, 9, 1, 4)

statement ok
INSERT INTO custs VALUES (1, 'rome'), (2, 'oslo'), (3, 'rome')

statement ok
INSERT INTO prods VALUES (1, 'food'), (2, 'toys'), (2, 'gifts'), (3, 'food')

statement ok
CREATE MATERIALIZED VIEW sales_custs BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT s.id, s.prod, s.qty, c.city FROM sales s JOIN custs c ON s.cust = c.cust WHERE s.qty > 1

wait tasks

# prods is named between the MV's tables; a product listed twice doubles its sales, as it does without the MV.
query rowsort both
SELECT c.city, p.cat, sum(s.qty), count(*)
FROM sales s JOIN prods p ON s.prod = p.prod JOIN custs c ON s.cust = c.cust
WHERE s.qty > 2 AND p.cat <> 'gifts'
GROUP BY c.city, p.cat
----
oslo|food|7|1
rome|food|5|1
rome|toys|3|1

materializations
SELECT c.city, p.cat, sum(s.qty), count(*)
FROM sales s JOIN prods p ON s.prod = p.prod JOIN custs c ON s.cust = c.cust
WHERE s.qty > 2 AND p.cat <> 'gifts'
GROUP BY c.city, p.cat
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: sales_custs
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

query rowsort both
SELECT s.id, c.city, p.cat FROM prods p, sales s, custs c WHERE s.prod = p.prod AND s.cust = c.cust AND c.city = 'rome'
----
1|rome|food
2|rome|gifts
2|rome|toys
4|rome|food

# The MV keeps qty > 1 only: a query that wants every sale is not answered.
materializations
SELECT c.city, p.cat, sum(s.qty) FROM sales s JOIN prods p ON s.prod = p.prod JOIN custs c ON s.cust = c.cust
GROUP BY c.city, p.cat
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: sales_custs
  FailSummary: Predicate compensate fail: the query's condition on qty is not within the view's

# An outer join to the other table is not answered this way.
materializations
SELECT s.id, c.city, p.cat FROM sales s JOIN custs c ON s.cust = c.cust LEFT JOIN prods p ON s.prod = p.prod
WHERE s.qty > 2
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: sales_custs
  FailSummary: Match mode is invalid: the query joins tables the view does not, by outer or semi joins
