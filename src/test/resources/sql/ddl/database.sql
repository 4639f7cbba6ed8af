# Databases: create, use, show, drop, and their errors.

statement ok
CREATE DATABASE d1

statement ok
CREATE DATABASE IF NOT EXISTS d1

statement error Can't create database 'd1'; database exists
CREATE DATABASE d1

statement ok
CREATE SCHEMA d2

query
SHOW DATABASES
----
d1
d2

query
SHOW DATABASES LIKE '%2'
----
d2

statement error Unknown database 'nope'
USE nope

statement ok
USE d1

statement error Can't drop database 'nope'; database doesn't exist
DROP DATABASE nope

statement ok
DROP DATABASE IF EXISTS nope

statement ok
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
DROP DATABASE d1

query
SHOW DATABASES
----
d2

statement error No database selected
CREATE TABLE t2 (k INT) DISTRIBUTED BY HASH(k)

statement error is reserved
CREATE DATABASE cairn_sys
