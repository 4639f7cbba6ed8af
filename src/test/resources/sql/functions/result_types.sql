# Result types as Doris gives them: avg of a DECIMAL (column or expression) is a DECIMAL(38, max(scale, 4)), truncated at
# that scale (avg of 2.000000001 and 2 is 2.000000000); array_agg and
# collect_list over no rows give []; NULL in an async MV is a TINYINT column.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE src (k INT NOT NULL, name VARCHAR(10), d DECIMAL(38, 9), m DECIMAL(10, 2), f DOUBLE) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO src VALUES (1, 'a', 1.000000001, 1.00, 1.5), (2, NULL, 2.000000001, 2.01, 2.5), (2, 'b', 2, 2.00, 3.5)

query
SELECT avg(d), avg(m), avg(k), avg(f) FROM src
----
1.666666667|1.6700|1.6666666666666667|2.5

query
SELECT k, avg(d), avg(m) FROM src GROUP BY k ORDER BY k
----
1|1.000000001|1.0000
2|2.000000000|2.0050

statement ok
CREATE TABLE averages AS SELECT avg(d) AS avg_d, avg(m) AS avg_m, avg(k) AS avg_k, avg(f) AS avg_f FROM src

query columns=Field,Type
DESC averages
----
avg_d|DECIMAL(38, 9)
avg_m|DECIMAL(38, 4)
avg_k|DOUBLE
avg_f|DOUBLE

# Exact as Doris computes it: the scaled sum divided by the count with truncation, beyond DOUBLE's
# digits; also with DISTINCT and as a window.
statement ok
CREATE TABLE big (k INT, x DECIMAL(38, 4), y DECIMAL(10, 2)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO big VALUES (1, 12345678901234567890.1234, 0.00), (1, 12345678901234567890.1236, 0.00), (1, -1.0001, 0.02), (2, -1.0002, 0.02)

query
SELECT avg(x) FROM big WHERE k = 1 AND x > 0
----
12345678901234567890.1235

query
SELECT avg(y), avg(x) FROM big WHERE x < 0
----
0.0200|-1.0001

query
SELECT avg(y) FROM big WHERE k = 1
----
0.0066

query
SELECT avg(DISTINCT y) FROM big
----
0.0100

# avg of a DECIMAL expression is exact too: every expression is typed by the plan (y * 1 is DECIMAL(11, 2)).
query
SELECT avg(y * 1), avg(y + y) FROM big WHERE k = 1
----
0.0066|0.0133

query
SELECT k, avg(y) OVER (PARTITION BY k) FROM big ORDER BY k LIMIT 1
----
1|0.0066

statement ok
CREATE TABLE big_avgs AS SELECT avg(DISTINCT y) AS a1 FROM big

statement ok
CREATE TABLE big_windows AS SELECT avg(y) OVER () AS a2 FROM big

query columns=Field,Type
DESC big_avgs
----
a1|DECIMAL(38, 4)

query columns=Field,Type
DESC big_windows
----
a2|DECIMAL(38, 4)

# over no rows
query
SELECT avg(d), avg(k), array_agg(k), collect_list(k), array_agg(name), collect_list(name) FROM src WHERE k > 5
----
NULL|NULL|[]|[]|[]|[]

# array_agg keeps NULLs, collect_list skips them
query
SELECT array_agg(name ORDER BY k, name), collect_list(name ORDER BY k, name) FROM src
----
["a", null, "b"]|["a", "b"]

# NULL in an async MV is a TINYINT column, as is the literal 1 (Doris types an integer literal by the
# smallest type that holds it), and an unaliased literal is named __literal_<position>
statement ok
CREATE MATERIALIZED VIEW lit_mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY HASH(k) BUCKETS 1
AS SELECT k, NULL, 1, NULL AS none, sum(m) AS total FROM src GROUP BY k

wait tasks

query columns=Field
DESC lit_mv
----
k
__literal_1
__literal_2
none
total

query
SELECT column_name, column_type FROM information_schema.columns WHERE table_name = 'lit_mv' AND data_type = 'tinyint' ORDER BY ordinal_position
----
__literal_1|tinyint
__literal_2|tinyint
none|tinyint

query
SELECT k, __literal_1, __literal_2, none, total FROM lit_mv ORDER BY k
----
1|NULL|1|NULL|1.00
2|NULL|1|NULL|4.01

statement ok
CREATE MATERIALIZED VIEW null_mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1 AS SELECT NULL

wait tasks

query columns=Field,Type
DESC null_mv
----
__literal_0|TINYINT

query
SELECT * FROM null_mv
----
NULL
