# Doris's implicit conversions, which the binder makes explicit casts in the plan: a string in
# arithmetic is a DOUBLE (NULL when it is not a number), a string compared with a number is compared
# as a number (a literal is converted once, so an integer key still compares as an integer), a string
# compared with a date as a date, CASE branches of a number and a string are strings, and function
# arguments are what the function takes.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (id INT, name VARCHAR(10), d DATE, price DECIMAL(10, 2)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, '10', '2024-01-01', 1.50), (2, 'x', '2024-02-01', 2.00), (3, '2.5', NULL, NULL)

query
SELECT 'a' + 1, '2' + 1, '1.5' * 2, 1 - '0.5'
----
NULL|3|3|0.5

query
SELECT id, name + 1 FROM t ORDER BY id
----
1|11
2|NULL
3|3.5

query
SELECT id FROM t WHERE id = 'abc'
----

query
SELECT id FROM t WHERE id = '2'
----
2

query
SELECT id FROM t WHERE id IN ('1', 'x', '3') ORDER BY id
----
1
3

query
SELECT id FROM t WHERE id BETWEEN '2' AND '9' ORDER BY id
----
2
3

query
SELECT id FROM t WHERE name > 2 ORDER BY id
----
1
3

query
SELECT id FROM t WHERE price = '2' ORDER BY id
----
2

query
SELECT id FROM t WHERE d = '2024-01-01'
----
1

query
SELECT id FROM t WHERE d < name ORDER BY id
----

query
SELECT id, CASE WHEN id = 1 THEN 'a' ELSE 2 END FROM t ORDER BY id
----
1|a
2|2
3|2

# The plan shows the conversions: the literal '2' became the integer 2, the column name a DOUBLE.
query
EXPLAIN ANALYZED PLAN SELECT id FROM t WHERE id = '2' AND name > 2
----
Project [id#5:=id#1] -> [id#5 INT]
  Filter ((id#1 = 2) AND (CAST(name#2 AS DOUBLE) > 2))
    Scan db.t columns=[id#1:=id, name#2:=name, d#3:=d, price#4:=price] -> [id#1 INT, name#2 VARCHAR(10), d#3 DATE, price#4 DECIMAL(10, 2)]

# Function arguments: a string given to a function of numbers is a DOUBLE, a number or a date given
# to a function of a string is its text.
query
SELECT exp('0'), sqrt('4'), round('2.5'), length(12345), substr(12345, 2, 3), upper(d) FROM t WHERE id = 1
----
1|2|3|5|234|2024-01-01

# Aggregates of numbers read strings as DOUBLE; one that is no number counts as NULL.
statement ok
CREATE TABLE amounts (id INT, a VARCHAR(10)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO amounts VALUES (1, '1.5'), (2, '2.5'), (3, 'x'), (4, NULL)

query
SELECT sum(a), avg(a), count(a), stddev_pop(a) FROM amounts
----
4|2|3|0.5

query
SELECT mod(a, 2), mod('7', 4) FROM amounts WHERE id = 2
----
0.5|3

# Functions of several strings read every string argument as text.
query
SELECT locate('3', 12345), instr(12345, 3), ends_with(123, 3), starts_with(123, 1), replace(12321, 2, 0), bit_length(12), lpad(5, 3, 0), split_part(12321, 2, 2)
----
3|3|1|1|10301|16|005|3

# A count of days, or an amount added to a date, given as a string is an integer.
query
SELECT makedate(2024, '32'), from_days('739000'), date_sub(d, '2'), date_add(d, '1'), months_add(d, '1') FROM t WHERE id = 1
----
2024-02-01|2023-04-25|2023-12-30|2024-01-02|2024-02-01

query
SELECT date_sub(d, name) FROM t WHERE id = 1
----
2023-12-22
