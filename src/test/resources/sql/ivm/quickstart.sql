# The quick start of Doris's IVM guide, step by step: a UNIQUE KEY merge-on-write table with row
# binlog and before images, an MV created with REFRESH INCREMENTAL FALLBACK, its baseline built by
# COMPLETE, then an update, a delete and an insert applied incrementally.

statement ok
CREATE DATABASE IF NOT EXISTS ivm_demo

statement ok
USE ivm_demo

statement ok
CREATE TABLE orders (
    order_id BIGINT,
    order_status VARCHAR(16),
    amount DECIMAL(10, 2)
)
UNIQUE KEY(order_id)
DISTRIBUTED BY HASH(order_id) BUCKETS 1
PROPERTIES (
    "replication_num" = "1",
    "enable_unique_key_merge_on_write" = "true",
    "binlog.enable" = "true",
    "binlog.format" = "ROW",
    "binlog.need_historical_value" = "true"
)

statement ok
INSERT INTO orders VALUES
    (1, 'created', 100.00),
    (2, 'created', 200.00),
    (3, 'paid',    300.00)

statement ok
CREATE MATERIALIZED VIEW orders_by_status
BUILD DEFERRED
REFRESH INCREMENTAL FALLBACK ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1
PROPERTIES (
    "replication_num" = "1"
)
AS
SELECT
    order_status,
    COUNT(*) AS order_count,
    SUM(amount) AS total_amount
FROM orders
GROUP BY order_status

# One internal stream per base table, named __doris_ivm_stream_...
query
SELECT Name, RefreshInfo, IvmBaseTableStreams LIKE '{"ivm_demo.orders":"__doris_ivm_stream_%"}' FROM mv_infos("database" = "ivm_demo") WHERE Name = "orders_by_status"
----
orders_by_status|BUILD DEFERRED REFRESH INCREMENTAL FALLBACK ON MANUAL|1

query
SELECT STREAM_SCHEMA, STREAM_NAME LIKE '__doris_ivm_stream_%', BASE_TABLE_SCHEMA, BASE_TABLE_NAME, STREAM_TYPE
FROM information_schema.table_streams
----
ivm_demo|1|ivm_demo|orders|DETAIL

statement ok
REFRESH MATERIALIZED VIEW orders_by_status COMPLETE

wait tasks

query
SELECT order_status, order_count, total_amount FROM orders_by_status ORDER BY order_status
----
created|2|300.00
paid|1|300.00

statement ok
INSERT INTO orders VALUES (1, 'paid', 100.00)

statement ok
DELETE FROM orders WHERE order_id = 2

statement ok
INSERT INTO orders VALUES (4, 'created', 400.00)

statement ok
REFRESH MATERIALIZED VIEW orders_by_status INCREMENTAL FALLBACK

wait tasks

query
SELECT order_status, order_count, total_amount FROM orders_by_status ORDER BY order_status
----
created|1|400.00
paid|2|400.00

# The incremental refresh consumed the changes: no fallback, only the changed groups rewritten.
query
SELECT Status, TaskContext, RefreshMode, IvmFallbackReason, ErrorMsg
FROM tasks("type" = "mv")
WHERE MvDatabaseName = "ivm_demo"
  AND MvName = "orders_by_status"
ORDER BY CreateTime DESC, TaskId DESC
----
SUCCESS|{"triggerMode":"MANUAL","partitions":[],"isComplete":false,"refreshMode":"INCREMENTAL","fallback":true,"planSignatureMatches":true}|PARTIAL|NULL|(empty)
SUCCESS|{"triggerMode":"MANUAL","partitions":[],"isComplete":true,"refreshMode":"COMPLETE","planSignatureMatches":true}|COMPLETE|NULL|(empty)

# The hidden IVM columns (the group's row count, the sum's non-NULL count) are not shown, except when asked for.
query
SELECT * FROM orders_by_status ORDER BY order_status
----
created|1|400.00
paid|2|400.00

statement ok
SET show_hidden_columns = true

query
SELECT * FROM orders_by_status ORDER BY order_status
----
created|1|400.00|1|1
paid|2|400.00|2|2

statement ok
SET show_hidden_columns = false

# DESC .. ALL lists them, as not visible; a visible column that shows a state as it is (the SUM) holds it.
query columns=IndexKeysType,Field,Type,Visible
DESC orders_by_status ALL
----
DUP_KEYS|order_status|VARCHAR(16)|true
(empty)|order_count|BIGINT|true
(empty)|total_amount|DECIMAL(38, 2)|true
(empty)|__DORIS_IVM_COUNT__|BIGINT|false
(empty)|__DORIS_IVM_NN_1__|BIGINT|false

# Nothing changed since: the refresh does nothing.
statement ok
REFRESH MATERIALIZED VIEW orders_by_status INCREMENTAL WITH SYNC MODE

query
SELECT Status, RefreshMode, IvmFallbackReason FROM tasks("type" = "mv") WHERE MvName = "orders_by_status" ORDER BY TaskId DESC LIMIT 1
----
SUCCESS|NOT_REFRESH|NULL

# Dropping the MV drops its internal stream.
statement ok
DROP MATERIALIZED VIEW orders_by_status

query
SELECT count(*) FROM information_schema.table_streams
----
0
