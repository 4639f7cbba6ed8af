# CREATE TABLE .. AS SELECT (columns typed by the query), CREATE TABLE .. LIKE (schema and partitions,
# no rows), and views: column lists, OR REPLACE, IF NOT EXISTS, views over views, DROP VIEW.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE src (dt DATE NOT NULL, k INT NOT NULL, name VARCHAR(10), amount DECIMAL(10, 2))
DUPLICATE KEY(dt, k)
PARTITION BY RANGE(dt) (PARTITION p1 VALUES LESS THAN ("2024-02-01"), PARTITION p2 VALUES LESS THAN ("2024-03-01"))
DISTRIBUTED BY HASH(k) BUCKETS 2

statement ok
INSERT INTO src VALUES ('2024-01-01', 1, 'a', 1.50), ('2024-01-02', 2, 'b', 2.25), ('2024-02-01', 1, 'a', 10.00)

statement ok
CREATE TABLE agg AS SELECT k, name, sum(amount) AS total, count(*) AS cnt, avg(k) AS avg_k FROM src GROUP BY k, name

query
SELECT * FROM agg ORDER BY k
----
1|a|11.50|2|1
2|b|2.25|1|2

query columns=Field,Type
DESC agg
----
k|INT
name|VARCHAR(65533)
total|DECIMAL(38, 2)
cnt|BIGINT
avg_k|DOUBLE

# the new table is an ordinary table
statement ok
INSERT INTO agg VALUES (3, 'c', 0.01, 1, 3)

query
SELECT count(*) FROM agg
----
3

statement ok
CREATE TABLE keyed UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 AS SELECT k, max(amount) AS top FROM src GROUP BY k

query
SELECT * FROM keyed ORDER BY k
----
1|10.00
2|2.25

statement ok
INSERT INTO keyed VALUES (1, 0.50)

query
SELECT top FROM keyed WHERE k = 1
----
0.50

statement ok
CREATE TABLE empty_copy AS SELECT * FROM src WHERE 1 = 0

query
SELECT count(*) FROM empty_copy
----
0

query columns=Field,Type
DESC empty_copy
----
dt|DATE
k|INT
name|VARCHAR(65533)
amount|DECIMAL(10, 2)

statement error Table 'agg' already exists
CREATE TABLE agg AS SELECT 1 AS x

statement ok
CREATE TABLE IF NOT EXISTS agg AS SELECT 1 AS x

query
SELECT count(*) FROM agg
----
3

statement error Unknown column 'nope'
CREATE TABLE bad AS SELECT nope FROM src

statement error Table [bad] does not exist in database [db].
SELECT * FROM bad

# CREATE TABLE LIKE copies the schema, keys and partitions but no rows
statement ok
CREATE TABLE src2 LIKE src

query
SELECT count(*) FROM src2
----
0

query columns=Field,Type,Null,Key
DESC src2
----
dt|DATE|No|true
k|INT|No|true
name|VARCHAR(10)|Yes|false
amount|DECIMAL(10, 2)|Yes|false

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM src2
----
p1|1|0
p2|1|0

statement ok
INSERT INTO src2 SELECT * FROM src WHERE k = 1

query
SELECT dt, amount FROM src2 ORDER BY dt
----
2024-01-01|1.50
2024-02-01|10.00

statement error Insert has filtered data in strict mode
INSERT INTO src2 VALUES ('2025-01-01', 1, 'late', 1)

statement error Table 'src2' already exists
CREATE TABLE src2 LIKE src

statement error Table [nope] does not exist in database [db].
CREATE TABLE src3 LIKE nope

# views
statement ok
CREATE VIEW v1 AS SELECT k, name, amount FROM src WHERE amount > 2

query
SELECT * FROM v1 ORDER BY k, amount
----
1|a|10.00
2|b|2.25

statement ok
CREATE VIEW v2 (key_col, total) AS SELECT k, sum(amount) FROM v1 GROUP BY k

query
SELECT * FROM v2 ORDER BY key_col
----
1|10.00
2|2.25

# views see later writes to their tables
statement ok
INSERT INTO src VALUES ('2024-02-02', 2, 'b', 5.00)

query
SELECT total FROM v2 WHERE key_col = 2
----
7.25

query columns=Field,Type
DESC v2
----
key_col|INT
total|DECIMAL(38, 2)

statement error Table 'v1' already exists
CREATE VIEW v1 AS SELECT 1 AS one

statement ok
CREATE VIEW IF NOT EXISTS v1 AS SELECT 1 AS one

query
SELECT count(*) FROM v1
----
3

statement ok
CREATE OR REPLACE VIEW v1 AS SELECT k, name, amount FROM src WHERE amount < 2

query
SELECT k, amount FROM v1
----
1|1.50

# v2 reads the replaced v1
query
SELECT * FROM v2 ORDER BY key_col
----
1|1.50

statement error The number of columns in the view definition does not match the query
CREATE VIEW v3 (a, b) AS SELECT 1

statement error Duplicate column name 'k'
CREATE VIEW v3 AS SELECT k, k FROM src

statement error Table 'src' already exists
CREATE OR REPLACE VIEW src AS SELECT 1 AS x

query
SHOW FULL TABLES
----
agg|BASE TABLE
empty_copy|BASE TABLE
keyed|BASE TABLE
src|BASE TABLE
src2|BASE TABLE
v1|VIEW
v2|VIEW

statement ok
DROP VIEW v2

statement ok
DROP VIEW IF EXISTS v2

statement error Unknown view 'v2'
DROP VIEW v2

statement error is not VIEW
DROP VIEW src

statement error is not TABLE. Use 'DROP VIEW v1'
DROP TABLE v1

statement ok
DROP VIEW db.v1

query
SHOW TABLES LIKE 'v%'
----

statement ok
DROP TABLE agg

statement ok
DROP TABLE IF EXISTS agg

statement error Unknown table 'agg'
DROP TABLE agg

# CTAS columns take the types Doris derives: a literal's smallest integer type, widened arithmetic,
# windows; strings become VARCHAR(65533).
statement ok
CREATE TABLE typed_src (k INT, c CHAR(4), i INT, b BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE typed AS SELECT k, c, 1 AS one, i + 1 AS i1, b * 2 AS b2, sum(i) OVER () AS w FROM typed_src

query columns=Field,Type
DESC typed
----
k|INT
c|VARCHAR(65533)
one|TINYINT
i1|BIGINT
b2|LARGEINT
w|BIGINT

# A view's columns are typed the same way.
statement ok
CREATE VIEW typed_view AS SELECT k, c, 1 AS one, i + 1 AS i1 FROM typed_src

query columns=Field,Type
DESC typed_view
----
k|INT
c|CHAR(4)
one|TINYINT
i1|BIGINT
