# Window functions (ranking with ties, lag/lead with offsets and defaults, first/last_value, sums and
# averages over ROWS and RANGE frames, ntile), NULL ordering with NULLS FIRST/LAST, and LIMIT forms.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE sc (name VARCHAR(5), dept VARCHAR(5), score INT) DUPLICATE KEY(name) DISTRIBUTED BY HASH(name) BUCKETS 2

statement ok
INSERT INTO sc VALUES ('a', 'x', 90), ('b', 'x', 80), ('c', 'x', 80), ('d', 'x', 70), ('e', 'y', 60), ('f', 'y', NULL), ('g', 'y', 60)

query
SELECT name, rank() OVER (ORDER BY score DESC), dense_rank() OVER (ORDER BY score DESC), row_number() OVER (ORDER BY score DESC, name) FROM sc ORDER BY name
----
a|1|1|1
b|2|2|2
c|2|2|3
d|4|3|4
e|5|4|5
f|7|5|7
g|5|4|6

query
SELECT name, rank() OVER (PARTITION BY dept ORDER BY score), dense_rank() OVER (PARTITION BY dept ORDER BY score DESC) FROM sc ORDER BY name
----
a|4|1
b|2|2
c|2|2
d|1|3
e|2|1
f|1|2
g|2|1

query
SELECT name, lag(score) OVER (ORDER BY name), lead(score) OVER (ORDER BY name), lag(score, 2, -1) OVER (ORDER BY name), lead(name, 1, 'end') OVER (PARTITION BY dept ORDER BY name) FROM sc ORDER BY name
----
a|NULL|80|-1|b
b|90|80|-1|c
c|80|70|90|d
d|80|60|80|end
e|70|NULL|80|f
f|60|60|70|g
g|NULL|NULL|60|end

query
SELECT name, first_value(name) OVER (PARTITION BY dept ORDER BY score DESC, name), last_value(name) OVER (PARTITION BY dept ORDER BY score DESC, name ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM sc ORDER BY name
----
a|a|d
b|a|d
c|a|d
d|a|d
e|e|f
f|e|f
g|e|f

# the default frame with ORDER BY ends at the current row's last peer
query
SELECT name, sum(score) OVER (PARTITION BY dept ORDER BY score DESC), max(name) OVER (PARTITION BY dept ORDER BY score DESC) FROM sc WHERE dept = 'x' ORDER BY name
----
a|90|a
b|250|c
c|250|c
d|320|d

query
SELECT name, sum(score) OVER (PARTITION BY dept), count(*) OVER (), count(score) OVER (PARTITION BY dept) FROM sc ORDER BY name
----
a|320|7|4
b|320|7|4
c|320|7|4
d|320|7|4
e|120|7|2
f|120|7|2
g|120|7|2

query
SELECT name, sum(score) OVER (ORDER BY name ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), avg(score) OVER (ORDER BY name ROWS BETWEEN 2 PRECEDING AND CURRENT ROW), max(score) OVER (ORDER BY name ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM sc WHERE dept = 'x' ORDER BY name
----
a|170|90|90
b|250|85|80
c|230|83.33333333333333|80
d|150|76.66666666666667|70

query
SELECT name, ntile(2) OVER (ORDER BY name) FROM sc WHERE dept = 'x' ORDER BY name
----
a|1
b|1
c|2
d|2

# a window result can be filtered in an outer query: the top score per department
query
SELECT dept, name FROM (SELECT dept, name, rank() OVER (PARTITION BY dept ORDER BY score DESC) AS r FROM sc) t WHERE r = 1 ORDER BY dept, name
----
x|a
y|e
y|g

# NULLs sort first ascending and last descending unless told otherwise
query
SELECT name FROM sc WHERE dept = 'y' ORDER BY score, name
----
f
e
g

query
SELECT name FROM sc WHERE dept = 'y' ORDER BY score DESC, name
----
e
g
f

query
SELECT name FROM sc WHERE dept = 'y' ORDER BY score NULLS LAST, name
----
e
g
f

query
SELECT name FROM sc WHERE dept = 'y' ORDER BY score DESC NULLS FIRST, name DESC
----
f
g
e

query
SELECT name, row_number() OVER (ORDER BY score DESC NULLS FIRST, name) FROM sc WHERE dept = 'y' ORDER BY name
----
e|2
f|1
g|3

# LIMIT forms
query
SELECT name FROM sc ORDER BY name LIMIT 2
----
a
b

query
SELECT name FROM sc ORDER BY name LIMIT 2 OFFSET 5
----
f
g

query
SELECT name FROM sc ORDER BY name LIMIT 5, 10
----
f
g

query
SELECT name FROM sc ORDER BY name LIMIT 0
----

query
SELECT name FROM sc ORDER BY name LIMIT 3 OFFSET 100
----

query
SELECT count(*) FROM (SELECT name FROM sc ORDER BY score DESC, name LIMIT 3) t
----
3

query
SELECT name, score AS s FROM sc WHERE score IS NOT NULL ORDER BY s DESC, 1 LIMIT 3
----
a|90
b|80
c|80

query
SELECT dept, count(*) AS n FROM sc GROUP BY dept ORDER BY n DESC, dept LIMIT 1
----
x|4

# ORDER BY a constant select item orders nothing (it is not a position), then the next key orders.
statement ok
CREATE TABLE ord (a INT, b INT) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1

statement ok
INSERT INTO ord VALUES (2, 1), (1, 2), (3, 0)

query
SELECT a, 1 AS one FROM ord ORDER BY one, b
----
3|1
2|1
1|1
