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

# A partitioned table: a consumption takes the changes of every partition it saw, and a later one
# only what came after, in whichever partition, also in a partition added since.
statement ok
CREATE TABLE p (dt DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(dt, id)
PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
CREATE STREAM ps ON TABLE p PROPERTIES ("type" = "detail")

statement ok
CREATE TABLE psink (dt DATE, id INT, v INT, op VARCHAR(16)) DUPLICATE KEY(dt) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO p VALUES ('2024-01-01', 1, 1), ('2024-01-03', 3, 3)

statement ok
INSERT INTO psink SELECT dt, id, v, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM ps

statement ok
INSERT INTO p VALUES ('2024-01-02', 2, 2)

statement ok
INSERT INTO p VALUES ('2024-01-01', 1, 10)

statement ok
ALTER TABLE p ADD PARTITION p4 VALUES [('2024-01-04'), ('2024-01-05'))

statement ok
INSERT INTO p VALUES ('2024-01-04', 4, 4)

query
SELECT dt, id, v, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM ps ORDER BY __DORIS_STREAM_SEQUENCE_COL__
----
2024-01-02|2|2|APPEND
2024-01-01|1|1|UPDATE_BEFORE
2024-01-01|1|10|UPDATE_AFTER
2024-01-04|4|4|APPEND

statement ok
INSERT INTO psink SELECT dt, id, v, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM ps

query
SELECT dt, id, v, op FROM psink ORDER BY dt, id, op
----
2024-01-01|1|1|APPEND
2024-01-01|1|10|UPDATE_AFTER
2024-01-01|1|1|UPDATE_BEFORE
2024-01-02|2|2|APPEND
2024-01-03|3|3|APPEND
2024-01-04|4|4|APPEND

query
SELECT PARTITION_NAME, LAG FROM information_schema.table_stream_consumption WHERE STREAM_NAME = 'ps' ORDER BY PARTITION_NAME
----
p4|0
p_20240101|0
p_20240102|0
p_20240103|0

# In a transaction, a stream is consumed by its first statement only (a later one's snapshot would
# predate the stream's lock); the consumption commits or rolls back with the transaction.
statement ok
CREATE STREAM s2 ON TABLE src PROPERTIES ("type" = "detail")

statement ok
INSERT INTO src VALUES (7, 70)

statement ok
BEGIN

statement ok
INSERT INTO sink SELECT id, v FROM s2

statement ok
ROLLBACK

query
SELECT count(*) FROM s2
----
1

statement ok
BEGIN

statement ok
SELECT count(*) FROM sink

statement error A stream can only be consumed by the first statement of a transaction
INSERT INTO sink SELECT id, v FROM s2

statement ok
BEGIN

statement ok
INSERT INTO sink SELECT id, v FROM s2

statement ok
COMMIT

query
SELECT count(*) FROM s2
----
0
