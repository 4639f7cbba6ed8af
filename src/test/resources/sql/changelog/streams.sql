# Table streams: reading unconsumed changes without consuming them, exactly-once consumption by
# INSERT ... SELECT, independent streams, types, initial rows, errors.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE orders (id BIGINT NOT NULL, status VARCHAR(16), amount INT)
UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO orders VALUES (1, 'created', 10)

statement ok
CREATE STREAM s_delta ON TABLE orders

statement ok
CREATE STREAM s_detail ON TABLE orders PROPERTIES ("type" = "detail")

statement ok
CREATE STREAM s_append ON TABLE orders COMMENT 'inserts only' PROPERTIES ("type" = "append_only")

statement ok
CREATE STREAM s_all ON TABLE orders PROPERTIES ("type" = "min_delta", "show_initial_rows" = "true")

query columns=StreamName,BaseTable,Type,ShowInitialRows,Comment
SHOW STREAMS
----
s_all|db.orders|MIN_DELTA|true|(empty)
s_append|db.orders|APPEND_ONLY|false|inserts only
s_delta|db.orders|MIN_DELTA|false|(empty)
s_detail|db.orders|DETAIL|false|(empty)

# Nothing changed since the streams were created; the initial-rows stream shows the table.
query
SELECT count(*) FROM s_delta
----
0

query
SELECT id, status, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_all
----
1|created|APPEND

statement ok
INSERT INTO orders VALUES (1, 'paid', 10), (2, 'created', 20)

statement ok
DELETE FROM orders WHERE id = 2

statement ok
INSERT INTO orders VALUES (3, 'created', 30)

query
SELECT id, status, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_delta ORDER BY id, __DORIS_STREAM_SEQUENCE_COL__
----
1|created|UPDATE_BEFORE
1|paid|UPDATE_AFTER
3|created|APPEND

query
SELECT id, status, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_detail ORDER BY __DORIS_STREAM_SEQUENCE_COL__
----
1|created|UPDATE_BEFORE
1|paid|UPDATE_AFTER
2|created|APPEND
2|created|DELETE
3|created|APPEND

query
SELECT * FROM s_append ORDER BY id
----
2|created|20
3|created|30

# Reading does not consume.
query
SELECT count(*) FROM s_delta
----
3

statement ok
CREATE TABLE audit (id BIGINT, status VARCHAR(16), change_type VARCHAR(20)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

# A failed consuming INSERT consumes nothing; a retry sees the same changes.
statement error Column count doesn't match value count
INSERT INTO audit SELECT id, status FROM s_delta

statement error
INSERT INTO audit SELECT id, repeat('x', 100), __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_delta

query
SELECT count(*) FROM s_delta
----
3

statement ok
INSERT INTO audit SELECT id, status, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_delta

query
SELECT count(*) FROM s_delta
----
0

query
SELECT id, status, change_type FROM audit ORDER BY id, change_type DESC
----
1|created|UPDATE_BEFORE
1|paid|UPDATE_AFTER
3|created|APPEND

# Other streams on the table are independent.
query
SELECT count(*) FROM s_detail
----
5

statement ok
UPDATE orders SET amount = 99 WHERE id = 3

query
SELECT id, amount, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_delta ORDER BY __DORIS_STREAM_SEQUENCE_COL__
----
3|30|UPDATE_BEFORE
3|99|UPDATE_AFTER

# Consuming the initial-rows stream takes the whole table once; afterwards only new changes.
statement ok
INSERT INTO audit SELECT id, status, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_all

query
SELECT count(*) FROM audit WHERE change_type = 'APPEND'
----
3

query
SELECT count(*) FROM s_all
----
0

# Offsets survive a restart.
restart

statement ok
USE db

query
SELECT count(*) FROM s_delta
----
2

query
SELECT count(*) FROM s_all
----
0

statement ok
DROP STREAM s_detail

statement ok
DROP STREAM IF EXISTS s_detail

statement error Unknown stream 's_detail'
DROP STREAM s_detail

query columns=StreamName
SHOW STREAMS LIKE 's_a%'
----
s_all
s_append

# Errors: no changelog, MIN_DELTA without before images, a view, a bad type.
statement ok
CREATE TABLE plain (k INT NOT NULL) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error because changelog is not enabled on it
CREATE STREAM bad1 ON TABLE plain

statement ok
CREATE TABLE no_before (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("changelog.enable" = "true")

statement error MIN_DELTA stream requires base table to enable changelog.need_historical_value=true
CREATE STREAM bad2 ON TABLE no_before

statement ok
CREATE STREAM ok_detail ON TABLE no_before PROPERTIES ("type" = "detail")

statement ok
CREATE VIEW v AS SELECT * FROM orders

statement error Can not create stream on view v
CREATE STREAM bad3 ON TABLE v

statement error Invalid stream type: full
CREATE STREAM bad4 ON TABLE orders PROPERTIES ("type" = "full")

statement error Stream 's_delta' already exists
CREATE STREAM s_delta ON TABLE orders

statement ok
CREATE STREAM IF NOT EXISTS s_delta ON TABLE orders

# information_schema shows the streams and their consumption per partition (offset and lag).
query
SELECT STREAM_NAME, BASE_TABLE_NAME, STREAM_TYPE, SHOW_INITIAL_ROWS FROM information_schema.table_streams ORDER BY STREAM_NAME
----
ok_detail|no_before|DETAIL|false
s_all|orders|MIN_DELTA|true
s_append|orders|APPEND_ONLY|false
s_delta|orders|MIN_DELTA|false

query
SELECT STREAM_NAME, PARTITION_NAME, LAG, LATEST_TSO >= CONSUMED_TSO FROM information_schema.table_stream_consumption
WHERE STREAM_SCHEMA = 'db' ORDER BY STREAM_NAME
----
ok_detail|no_before|0|1
s_all|orders|0|1
s_append|orders|7|1
s_delta|orders|2|1

statement ok
INSERT INTO audit SELECT id, status, 'x' FROM s_append

query
SELECT LAG, CONSUMED_TSO = LATEST_TSO FROM information_schema.table_stream_consumption WHERE STREAM_NAME = 's_append'
----
0|1

query
SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.tables WHERE TABLE_SCHEMA = 'db' ORDER BY TABLE_NAME
----
audit|BASE TABLE
no_before|BASE TABLE
orders|BASE TABLE
plain|BASE TABLE
v|VIEW

query
SELECT COLUMN_NAME, ORDINAL_POSITION, IS_NULLABLE, COLUMN_KEY FROM information_schema.columns WHERE TABLE_NAME = 'orders'
----
id|1|NO|PRI
status|2|YES|(empty)
amount|3|YES|(empty)
