# LOAD DATA [LOCAL] INFILE, MySQL's loader. Over the MySQL protocol the client sends the file and it
# loads as a Stream Load (LoadDataLocalTest); here, with no client to send it, the statement is refused.

statement ok
CREATE DATABASE ld

statement ok
USE ld

# The loader's words stay usable as names.
statement ok
CREATE TABLE t (load INT, data VARCHAR(10), lines INT, infile INT) DUPLICATE KEY(load) DISTRIBUTED BY HASH(load) BUCKETS 1

statement error LOAD DATA LOCAL INFILE needs a MySQL client that sends the file
LOAD DATA LOCAL INFILE 'people.csv' INTO TABLE t COLUMNS TERMINATED BY ',' IGNORE 1 LINES (load, data, @x) SET lines = @x * 2

statement error LOAD DATA INFILE without LOCAL reads a file on the server, which is not supported
LOAD DATA INFILE '/etc/passwd' INTO TABLE t

statement error Syntax error
LOAD DATA LOCAL INFILE 'people.csv' INTO t

query
SELECT count(*) FROM t
----
0
