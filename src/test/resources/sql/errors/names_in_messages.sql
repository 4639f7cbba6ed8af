# Errors that name the missing column, qualifier or misused function in MySQL's words.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT, v VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

# a column without any FROM
statement error Unknown column 'ts' in 'table list'
SELECT ts

# a qualified column the table does not have
statement error Unknown column 'nope'
SELECT t.nope FROM t

# a qualifier that names no table of the query
statement error Unknown table 'x'
SELECT x.k FROM t

# DISTINCT on a scalar function passed through to DuckDB under its own name
statement error 'upper' is not an aggregate or window function
SELECT upper(DISTINCT v) FROM t
