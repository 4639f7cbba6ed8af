# A RIGHT SEMI join to a table on its unique key is answered from an MV's inner join of the same tables
# and condition, whichever way round the MV names them: each probing row matches at most one row.

statement ok
CREATE DATABASE right_semi

statement ok
USE right_semi

statement ok
CREATE TABLE orders (o_key INT NOT NULL, o_cust INT) UNIQUE KEY(o_key) DISTRIBUTED BY HASH(o_key) BUCKETS 1

statement ok
CREATE TABLE items (i_id INT NOT NULL, i_order INT, qty INT) DUPLICATE KEY(i_id) DISTRIBUTED BY HASH(i_id) BUCKETS 1

statement ok
INSERT INTO orders VALUES (1, 10), (2, 20)

statement ok
INSERT INTO items VALUES (1, 1, 5), (2, 1, 6), (3, 2, 7), (4, 3, 8), (5, NULL, 9)

statement ok
CREATE MATERIALIZED VIEW joined BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT o_key, o_cust, i_id, i_order, qty FROM orders JOIN items ON o_key = i_order

wait tasks

query rowsort both
SELECT i_id, qty FROM orders RIGHT SEMI JOIN items ON o_key = i_order
----
1|5
2|6
3|7

materializations
SELECT i_id, qty FROM orders RIGHT SEMI JOIN items ON o_key = i_order
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: joined
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

query rowsort both
SELECT i_id FROM items LEFT SEMI JOIN orders ON o_key = i_order WHERE qty > 5
----
2
3

# The probed side must be the unique one: items' i_order repeats, so a semi join to items is not the inner join.
query rowsort both
SELECT o_key FROM items RIGHT SEMI JOIN orders ON o_key = i_order
----
1
2

materializations
SELECT o_key FROM items RIGHT SEMI JOIN orders ON o_key = i_order
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: joined
  FailSummary: Match mode is invalid: the query's LEFT SEMI join is not the view's INNER join
