# Consumers of a stream: wherever the INSERT's SELECT reads the stream (FROM, a join, a subquery in
# WHERE, a CTE, a view over the stream, CREATE TABLE .. AS SELECT), the changes it saw are consumed
# once, and a retry sees nothing again.

statement ok
CREATE DATABASE sc

statement ok
USE sc

statement ok
CREATE TABLE src (id BIGINT NOT NULL, v INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
CREATE STREAM s ON TABLE src PROPERTIES ("type" = "detail")

statement ok
CREATE TABLE sink (id BIGINT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE VIEW s_view AS SELECT id, v FROM s WHERE v > 0

statement ok
INSERT INTO src VALUES (1, 10), (2, 20)

# Through a view over the stream.
statement ok
INSERT INTO sink SELECT id, v FROM s_view

query
SELECT count(*) FROM s
----
0

statement ok
INSERT INTO sink SELECT id, v FROM s_view

query
SELECT id, v FROM sink ORDER BY id
----
1|10
2|20

# Through a CTE and a subquery in WHERE.
statement ok
INSERT INTO src VALUES (3, 30)

statement ok
INSERT INTO sink WITH c AS (SELECT id, v FROM s) SELECT id, v FROM c

statement ok
INSERT INTO src VALUES (4, 40)

statement ok
INSERT INTO sink SELECT id, v FROM src WHERE id IN (SELECT id FROM s)

query
SELECT id, v FROM sink ORDER BY id
----
1|10
2|20
3|30
4|40

query
SELECT count(*) FROM s
----
0

# CREATE TABLE .. AS SELECT consumes too.
statement ok
INSERT INTO src VALUES (5, 50)

statement ok
CREATE TABLE copy AS SELECT id, v FROM s

query
SELECT id, v FROM copy
----
5|50

query
SELECT count(*) FROM s
----
0

# A failed consumer consumes nothing.
statement ok
INSERT INTO src VALUES (6, 60)

statement error Column count doesn't match value count
INSERT INTO sink SELECT id FROM s

query
SELECT id FROM s
----
6

statement ok
DROP STREAM s

statement error Unknown stream 's'
DROP STREAM s
