# Aggregation: GROUP BY, GROUPING SETS / ROLLUP / CUBE with GROUPING() and GROUPING_ID(), HAVING,
# window functions, ORDER BY NULLS FIRST/LAST, LIMIT forms, SET_VAR hints.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE s (region VARCHAR(10), city VARCHAR(10), amount INT) DISTRIBUTED BY RANDOM BUCKETS 1

statement ok
INSERT INTO s VALUES ('east', 'a', 1), ('east', 'b', 2), ('west', 'c', 3), ('west', 'c', 4), (NULL, 'z', 5)

query
SELECT region, sum(amount) FROM s GROUP BY region HAVING sum(amount) > 2 ORDER BY region
----
NULL|5
east|3
west|7

query
SELECT region, city, sum(amount), GROUPING_ID(region, city) FROM s WHERE region IS NOT NULL
GROUP BY ROLLUP(region, city) ORDER BY GROUPING_ID(region, city), region, city
----
east|a|1|0
east|b|2|0
west|c|7|0
east|NULL|3|1
west|NULL|7|1
NULL|NULL|10|3

query
SELECT region, GROUPING(region), count(*) FROM s WHERE region IS NOT NULL
GROUP BY GROUPING SETS ((region), ()) ORDER BY 2, 1
----
east|0|2
west|0|2
NULL|1|4

query
SELECT count(*) FROM (SELECT region, city FROM s GROUP BY CUBE(region, city)) x
----
12

query
SELECT city, amount, row_number() OVER (PARTITION BY region ORDER BY amount DESC) AS rn,
       sum(amount) OVER (PARTITION BY region ORDER BY amount ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running
FROM s WHERE region = 'west' ORDER BY amount
----
c|3|2|3
c|4|1|7

query
SELECT region FROM s ORDER BY region
----
NULL
east
east
west
west

query
SELECT region FROM s ORDER BY region DESC
----
west
west
east
east
NULL

query
SELECT region FROM s ORDER BY region ASC NULLS LAST LIMIT 1 OFFSET 4
----
NULL

query
SELECT amount FROM s ORDER BY amount LIMIT 1, 2
----
2
3

query
SELECT /*+ SET_VAR(query_timeout = 10) */ count(DISTINCT region) FROM s
----
2

query
SELECT 7 / 2, 7 DIV 2, 7 % 3
----
3.5|3|1
