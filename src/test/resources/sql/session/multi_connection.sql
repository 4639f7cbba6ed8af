# Several connections on one database: each statement commits on its own, so another connection sees
# its effects at once; session state (current database, variables) is per connection; a failed
# statement in one connection changes nothing that another can see and leaves both usable.

connection a

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(10)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 'a')

connection b

# b has no current database until it chooses one
statement error No database selected
SELECT * FROM t

query
SELECT k, v FROM db.t
----
1|a

statement ok
USE db

statement ok
INSERT INTO t VALUES (2, 'b')

connection a

query
SELECT k, v FROM t ORDER BY k
----
1|a
2|b

# a failed statement in a leaves nothing behind for b
statement error
INSERT INTO t VALUES (3, 'c'), (NULL, 'bad')

statement error Unknown column 'nope'
UPDATE t SET nope = 1 WHERE k = 1

connection b

query
SELECT count(*) FROM t
----
2

statement ok
UPDATE t SET v = 'b2' WHERE k = 2

connection a

query
SELECT v FROM t WHERE k = 2
----
b2

# BEGIN and COMMIT are accepted; after COMMIT the rows are visible everywhere
statement ok
BEGIN

statement ok
INSERT INTO t VALUES (4, 'd')

statement ok
COMMIT

connection b

query
SELECT v FROM t WHERE k = 4
----
d

# DDL of one connection is seen by the other
connection a

statement ok
CREATE TABLE t2 (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

connection b

query
SHOW TABLES
----
t
t2

statement ok
INSERT INTO t2 VALUES (7)

connection a

statement ok
DROP TABLE t2

connection b

statement error Table [t2] does not exist in database [db].
SELECT * FROM t2

# session variables and user variables belong to their connection
connection a

statement ok
SET time_zone = 'Asia/Tokyo'

statement ok
SET @who = 'a'

statement ok
CREATE DATABASE other

statement ok
USE other

connection b

statement ok
SET time_zone = 'UTC'

query
SELECT @@time_zone, @who, database()
----
UTC|NULL|db

connection a

query
SELECT @@time_zone, @who, database()
----
Asia/Tokyo|a|other

query
SELECT count(*) FROM db.t
----
3

# every open connection is listed; the asking one is marked
connection b

query rowsort columns=CurrentConnected,Id,Db,Command
SHOW PROCESSLIST
----
No|1|(empty)|Sleep
No|2|other|Sleep
Yes|3|db|Query
