# The one catalog is Doris's `internal`: a name may carry it (internal.db, internal.db.t); a name with
# another catalog is refused instead of being read as a local database or table.

statement ok
CREATE DATABASE internal.db

statement ok
USE internal.db

statement ok
CREATE TABLE internal.db.t (k INT NOT NULL, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO INTERNAL.db.t VALUES (1, 10)

query
SELECT k, v FROM internal.db.t
----
1|10

query
SHOW TABLES FROM internal.db
----
t

statement error Unknown catalog 'hive'
SELECT * FROM hive.db.t

statement error Unknown catalog 'hive'
INSERT INTO hive.db.t VALUES (2, 20)

statement error Unknown catalog 'hive'
CREATE TABLE hive.db.t2 (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Unknown catalog 'hive'
DROP TABLE hive.db.t

statement error Unknown catalog 'hive'
USE hive.db

statement error Unknown catalog 'hive'
CREATE DATABASE hive.other

statement error Unknown catalog 'hive'
DROP DATABASE hive.db

statement error Unknown catalog 'hive'
SHOW TABLES FROM hive.db

statement error Invalid table name a.b.c.d: a table is [catalog.][database.]table
SELECT * FROM a.b.c.d

query
SELECT k, v FROM t
----
1|10

query
SHOW DATABASES LIKE 'db'
----
db
