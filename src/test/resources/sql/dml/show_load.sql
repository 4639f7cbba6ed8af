# SHOW LOAD: the database's finished loads (INSERTs here; Stream Loads show as STREAM_LOAD, see
# StreamLoadTest), oldest first, with WHERE, ORDER BY and LIMIT over its columns.

statement ok
CREATE DATABASE sl

statement ok
USE sl

statement ok
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t WITH LABEL first_load VALUES (1, 1), (2, 2)

statement ok
INSERT INTO t WITH LABEL second_load VALUES (3, 3)

query columns=Label,State,Progress,Type
SHOW LOAD
----
first_load|FINISHED|100.00% (1/1)|INSERT
second_load|FINISHED|100.00% (1/1)|INSERT

query columns=Label
SHOW LOAD FROM sl WHERE Label = 'second_load'
----
second_load

query columns=Label
SHOW LOAD WHERE State = 'FINISHED' ORDER BY Label DESC LIMIT 1
----
second_load

query
SHOW LOAD WHERE Label LIKE 'nothing%'
----

statement error Unknown database 'nope'
SHOW LOAD FROM nope
