# CREATE TABLE .. AS SELECT with a list of column names that rename the query's columns.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE src (k INT NOT NULL, name VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO src VALUES (1, 'a'), (2, 'b')

statement ok
CREATE TABLE named (id, label) AS SELECT k, upper(name) FROM src

query
SELECT id, label FROM named ORDER BY id
----
1|A
2|B

statement error Number of columns don't equal number of SELECT statement's select list
CREATE TABLE bad (a, b) AS SELECT 1

statement error column a needs a type
CREATE TABLE no_query (a, b)
