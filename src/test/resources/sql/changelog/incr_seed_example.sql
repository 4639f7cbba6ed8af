# The @incr example of the incremental-query specification, with commit times pinned by the test
# clock (cairn_debug_commit_time): MIN_DELTA, APPEND_ONLY, DETAIL and the open window give exactly
# the documented rows. The retention is long so that the pinned past times are still kept.

statement ok
CREATE DATABASE shop

statement ok
USE shop

statement ok
SET time_zone = 'Asia/Shanghai'

statement ok
SET cairn_debug_commit_time = '2026-09-14 09:00:00'

statement ok
CREATE TABLE orders (order_id BIGINT NOT NULL, status VARCHAR(16), amount DECIMAL(10, 2))
UNIQUE KEY(order_id) DISTRIBUTED BY HASH(order_id) BUCKETS 1
PROPERTIES ("enable_unique_key_merge_on_write" = "true", "changelog.enable" = "true",
            "changelog.need_historical_value" = "true", "changelog.ttl_seconds" = "315360000")

statement ok
SET cairn_debug_commit_time = '2026-09-14 10:00:00'

statement ok
INSERT INTO orders VALUES (1, 'created', 100.00), (2, 'created', 200.00), (3, 'created', 300.00)

statement ok
SET cairn_debug_commit_time = '2026-09-14 10:05:00'

statement ok
INSERT INTO orders VALUES (1, 'paid', 100.00)

statement ok
DELETE FROM orders WHERE order_id = 2

statement ok
INSERT INTO orders VALUES (4, 'created', 400.00)

statement ok
INSERT INTO orders VALUES (5, 'created', 500.00)

statement ok
DELETE FROM orders WHERE order_id = 5

query
SELECT order_id, status, amount, __DORIS_CHANGELOG_OP__ AS op
FROM orders@incr(
    "startTimestamp" = "2026-09-14 10:03:00",
    "endTimestamp"   = "2026-09-14 10:10:00",
    "incrementType"  = "MIN_DELTA"
)
ORDER BY order_id, op
----
1|created|100.00|2
1|paid|100.00|3
2|created|200.00|1
4|created|400.00|0

query
SELECT order_id, status, amount, __DORIS_CHANGELOG_OP__ AS op
FROM orders@incr(
    "startTimestamp" = "2026-09-14 10:03:00",
    "endTimestamp"   = "2026-09-14 10:10:00",
    "incrementType"  = "APPEND_ONLY"
)
ORDER BY order_id
----
4|created|400.00|0
5|created|500.00|0

query
SELECT order_id, status, amount, __DORIS_CHANGELOG_OP__ AS op
FROM orders@incr(
    "startTimestamp" = "2026-09-14 10:03:00",
    "endTimestamp"   = "2026-09-14 10:10:00",
    "incrementType"  = "DETAIL"
)
ORDER BY __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_LSN__, op
----
1|created|100.00|2
1|paid|100.00|3
2|created|200.00|1
4|created|400.00|0
5|created|500.00|0
5|created|500.00|1

query
SELECT order_id, status, amount, __DORIS_CHANGELOG_OP__ AS op
FROM orders@incr()
ORDER BY order_id
----
1|paid|100.00|0
3|created|300.00|0
4|created|400.00|0

# The window is left-closed, right-open on commit time: the first batch is in [10:00, 10:05) only.
query
SELECT count(*) FROM orders@incr("startTimestamp" = "2026-09-14 10:00:00", "endTimestamp" = "2026-09-14 10:05:00", "incrementType" = "DETAIL")
----
3

query
SELECT count(*) FROM orders@incr("startTimestamp" = "2026-09-14 10:05:00", "endTimestamp" = "2026-09-14 10:05:00")
----
0

# Hidden columns are selectable by name but not part of *.
query
SELECT * FROM orders@incr("startTimestamp" = "2026-09-14 10:03:00", "incrementType" = "APPEND_ONLY") o ORDER BY order_id
----
4|created|400.00
5|created|500.00

query
SELECT o.*, o.__DORIS_CHANGELOG_OP__ FROM orders@incr("incrementType" = "APPEND_ONLY") AS o WHERE o.order_id = 1
----
1|created|100.00|0

# Composition with WHERE, JOIN and aggregation.
query
SELECT i.__DORIS_CHANGELOG_OP__, count(*), sum(o.amount)
FROM orders@incr("startTimestamp" = "2026-09-14 10:03:00", "incrementType" = "DETAIL") i JOIN orders o ON i.order_id = o.order_id
WHERE i.amount >= 100 GROUP BY 1 ORDER BY 1
----
0|1|400.00
2|1|100.00
3|1|100.00

# A start after the end, or in the future, gives no rows.
query
SELECT count(*) FROM orders@incr("startTimestamp" = "2026-09-14 10:10:00", "endTimestamp" = "2026-09-14 10:00:00")
----
0

query
SELECT count(*) FROM orders@incr("startTimestamp" = "2099-01-01 00:00:00")
----
0

statement error Unsupported parameter in incr query
SELECT * FROM orders@incr("startTime" = "2026-09-14 10:00:00")

statement error Invalid incrementType: FULL
SELECT * FROM orders@incr("incrementType" = "FULL")
