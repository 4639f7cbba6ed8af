# Math and conditional functions: abs, round half away from zero (DECIMAL and DOUBLE), bin, floor/ceil,
# mod and division by zero giving NULL, NULL-strict greatest/least, if/ifnull/nullif/coalesce/CASE,
# and casts to integers, which drop the fraction.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE n (id INT, i INT, d DECIMAL(10, 3), f DOUBLE) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO n VALUES (1, -5, -2.500, 2.5), (2, 7, 1.235, -2.5), (3, NULL, NULL, NULL), (4, 0, 0.499, 0.5)

query
SELECT id, abs(i), abs(d), abs(f) FROM n ORDER BY id
----
1|5|2.500|2.5
2|7|1.235|2.5
3|NULL|NULL|NULL
4|0|0.499|0.5

# round: half away from zero for DECIMAL and DOUBLE alike
query
SELECT id, round(d), round(f), round(d, 2) FROM n ORDER BY id
----
1|-3|3|-2.50
2|1|-3|1.24
3|NULL|NULL|NULL
4|0|1|0.50

query
SELECT round(2.5), round(-2.5), round(2.4), round(1234.5678, -2), round(0.125, 2)
----
3|-3|2|1200|0.13

query
SELECT bin(10), bin(0), bin(255), bin(-1), bin(NULL)
----
1010|0|11111111|1111111111111111111111111111111111111111111111111111111111111111|NULL

query
SELECT floor(-1.5), ceil(1.2), ceiling(-1.2), floor(f) FROM n WHERE id = 2
----
-2|2|-1|-3

query
SELECT mod(10, 3), mod(-10, 3), 10 % 0, 10 / 0, mod(10, 0), 10.5 % 3
----
1|-1|NULL|NULL|NULL|1.5

query
SELECT pow(2, 10), power(2, -1), sqrt(16), sqrt(-1), exp(0), ln(1), log10(100), log2(8), log(2, 8), ln(0)
----
1024|0.5|4|NULL|1|0|2|3|3|NULL

query
SELECT greatest(1, 5, 3), least(1, 5, 3), greatest(1, NULL, 3), least('b', 'a', 'c'), sign(-3), sign(0)
----
5|1|NULL|a|-1|0

query
SELECT truncate(10.12345, 2), truncate(-1.999, 0), pi()
----
10.12|-1|3.141592653589793

query
SELECT if(1 > 0, 'yes', 'no'), if(NULL, 'yes', 'no'), if(i > 0, i, -i) FROM n WHERE id = 1
----
yes|no|5

query
SELECT id, ifnull(i, 99), nvl(d, 0), coalesce(i, d, 42), nullif(i, 7) FROM n ORDER BY id
----
1|-5|-2.500|-5.000|-5
2|7|1.235|7.000|NULL
3|99|0.000|42.000|NULL
4|0|0.499|0.000|0

query
SELECT ifnull(NULL, NULL), coalesce(NULL, NULL, 'c'), nullif(1, 1), nullif(1, 2), nullif(NULL, 1)
----
NULL|c|NULL|1|NULL

statement error Incorrect parameter count in the call to function 'ifnull'
SELECT ifnull(1, 2, 3)

statement error Incorrect parameter count in the call to function 'nvl'
SELECT nvl(1)

statement error Incorrect parameter count in the call to function 'coalesce'
SELECT coalesce()

query
SELECT id, CASE WHEN i > 0 THEN 'pos' WHEN i < 0 THEN 'neg' WHEN i = 0 THEN 'zero' ELSE 'null' END,
       CASE i WHEN 7 THEN 'seven' ELSE 'other' END FROM n ORDER BY id
----
1|neg|other
2|pos|seven
3|null|other
4|zero|other

query
SELECT isnull(i), isnotnull(i), i IS NULL, i <=> NULL FROM n WHERE id = 3
----
1|0|1|1

query
SELECT 1 + 2 * 3, (1 + 2) * 3, -7 DIV 2, 7 DIV 0, 5 & 3, 5 | 3, 5 ^ 3, ~0 & 255
----
7|9|-3|NULL|1|7|6|255

# a cast to an integer type truncates; what does not convert or overflows is NULL
query
SELECT CAST(12.5 AS INT), CAST(-12.5 AS INT), CAST(3.7 AS BIGINT), CAST('123.456' AS INT), CAST('abc' AS INT), CAST(1e20 AS BIGINT), CAST(300 AS TINYINT)
----
12|-12|3|123|NULL|NULL|NULL

query
SELECT id, CAST(d AS INT), CAST(f AS BIGINT), CAST(d AS DOUBLE), CAST(i AS DECIMAL(5, 1)), CAST(i AS STRING) FROM n ORDER BY id
----
1|-2|2|-2.5|-5.0|-5
2|1|-2|1.235|7.0|7
3|NULL|NULL|NULL|NULL|NULL
4|0|0|0.499|0.0|0
