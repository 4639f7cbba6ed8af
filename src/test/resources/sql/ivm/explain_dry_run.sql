# EXPLAIN REFRESH shows what an incremental refresh would do and the delta plan it would run, naming
# the internal streams it reads (those with unconsumed changes, or all WITH ALL STREAMS); WITH DRY RUN
# returns the rows it would write, hidden columns included. Neither changes the MV nor its offsets.

statement ok
CREATE DATABASE ivm_explain

statement ok
USE ivm_explain

statement ok
CREATE TABLE orders (order_id BIGINT, order_status VARCHAR(16), amount DECIMAL(10, 2)) UNIQUE KEY(order_id)
DISTRIBUTED BY HASH(order_id) BUCKETS 1
PROPERTIES ("enable_unique_key_merge_on_write" = "true", "binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO orders VALUES (1, 'created', 100.00), (2, 'created', 200.00), (3, 'paid', 300.00)

statement ok
CREATE MATERIALIZED VIEW by_status BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL AS
SELECT order_status, COUNT(*) AS order_count, SUM(amount) AS total_amount FROM orders GROUP BY order_status

statement ok
CREATE MATERIALIZED VIEW big BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL AS
SELECT order_id, amount FROM orders WHERE amount > 150

# Before the first refresh: a full build.
query
EXPLAIN REFRESH MATERIALIZED VIEW by_status INCREMENTAL
----
Incremental refresh of ivm_explain.by_status: RefreshMode COMPLETE
Maintained as: per-group state of 1 grouping key(s)
Build plan:
  Project [order_status#6:=order_status#2, order_count#7:=count(*)#4, total_amount#8:=sum(amount)#5] -> [order_status#6 VARCHAR(16), order_count#7 BIGINT NOT NULL, total_amount#8 DECIMAL(38, 2)]
    Aggregate keys=[order_status#2] aggregates=[count(*)#4:=count(*), sum(amount)#5:=sum(amount#3)] -> [order_status#2 VARCHAR(16), count(*)#4 BIGINT NOT NULL, sum(amount)#5 DECIMAL(38, 2)]
      Scan ivm_explain.orders columns=[order_id#1:=order_id, order_status#2:=order_status, amount#3:=amount] -> [order_id#1 BIGINT NOT NULL, order_status#2 VARCHAR(16), amount#3 DECIMAL(10, 2)]

statement error The next refresh of by_status is not incremental (RefreshMode COMPLETE): it would build the MV in full
REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH DRY RUN

statement ok
REFRESH MATERIALIZED VIEW by_status COMPLETE WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW big COMPLETE WITH SYNC MODE

# Nothing unconsumed: no delta plan, unless all streams are asked for.
query
EXPLAIN REFRESH MATERIALIZED VIEW by_status INCREMENTAL
----
Incremental refresh of ivm_explain.by_status: RefreshMode NOT_REFRESH
Maintained as: per-group state of 1 grouping key(s)
Delta plan: none (no stream has unconsumed changes)

query
EXPLAIN REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH ALL STREAMS
----
Incremental refresh of ivm_explain.by_status: RefreshMode NOT_REFRESH
Maintained as: per-group state of 1 grouping key(s)
Stream __doris_ivm_stream_10004_10003 on ivm_explain.orders: no unconsumed changes
Delta plan:
  Project [order_id#1, order_status#2, amount#3, __DORIS_IVM_WEIGHT__#11:=CASE WHEN (__DORIS_STREAM_CHANGE_TYPE_COL__#9 IN ('DELETE', 'UPDATE_BEFORE')) THEN -1 ELSE 1 END] -> [order_id#1 BIGINT NOT NULL, order_status#2 VARCHAR(16), amount#3 DECIMAL(10, 2), __DORIS_IVM_WEIGHT__#11 BIGINT NOT NULL]
    ChangeScan ivm_explain.orders stream=ivm_explain.__doris_ivm_stream_10004_10003 columns=[order_id#1:=order_id, order_status#2:=order_status, amount#3:=amount, __DORIS_STREAM_CHANGE_TYPE_COL__#9:=__DORIS_STREAM_CHANGE_TYPE_COL__, __DORIS_STREAM_SEQUENCE_COL__#10:=__DORIS_STREAM_SEQUENCE_COL__] -> [order_id#1 BIGINT NOT NULL, order_status#2 VARCHAR(16), amount#3 DECIMAL(10, 2), __DORIS_STREAM_CHANGE_TYPE_COL__#9 TEXT NOT NULL, __DORIS_STREAM_SEQUENCE_COL__#10 LARGEINT NOT NULL]

# Nothing changed: the dry run is the empty delta, with the columns a refresh would write.
query types
REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH DRY RUN
----
VARCHAR(16)|BIGINT|DECIMAL(38, 2)|BIGINT|BIGINT|BIGINT

statement ok
INSERT INTO orders VALUES (1, 'paid', 100.00)

statement ok
DELETE FROM orders WHERE order_id = 2

statement ok
INSERT INTO orders VALUES (4, 'created', 400.00)

# The rows the refresh would write: each touched group with its state; the sign marks a group that goes.
query
REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH DRY RUN
----
created|1|400.00|1|1|0
paid|2|400.00|2|2|0

query
REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH DRY RUN LIMIT 1 OFFSET 1
----
paid|2|400.00|2|2|0

# MySQL's LIMIT offset, count too.
query
REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH DRY RUN LIMIT 1, 1
----
paid|2|400.00|2|2|0

# For rows kept as a multiset: each changed row and the copies it gains or loses.
query rowsort
REFRESH MATERIALIZED VIEW big INCREMENTAL WITH DRY RUN
----
2|200.00|-1
4|400.00|1

statement error WITH DRY RUN only applies to REFRESH MATERIALIZED VIEW .. INCREMENTAL of an incrementally maintained materialized view
REFRESH MATERIALIZED VIEW by_status COMPLETE WITH DRY RUN

statement error WITH ALL STREAMS only applies to EXPLAIN REFRESH MATERIALIZED VIEW
REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH ALL STREAMS

statement error EXPLAIN REFRESH takes neither WITH DRY RUN nor WITH SYNC MODE
EXPLAIN REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH DRY RUN

# Nothing changed: the MV still holds its old rows, and the refresh applies the same changes.
query
SELECT * FROM by_status ORDER BY order_status
----
created|2|300.00
paid|1|300.00

statement ok
REFRESH MATERIALIZED VIEW by_status INCREMENTAL WITH SYNC MODE

query
SELECT * FROM by_status ORDER BY order_status
----
created|1|400.00
paid|2|400.00

query
EXPLAIN REFRESH MATERIALIZED VIEW by_status COMPLETE
----
Refresh of ivm_explain.by_status (COMPLETE): the definition is computed again
Plan:
  Project [order_status#6:=order_status#2, order_count#7:=count(*)#4, total_amount#8:=sum(amount)#5] -> [order_status#6 VARCHAR(16), order_count#7 BIGINT NOT NULL, total_amount#8 DECIMAL(38, 2)]
    Aggregate keys=[order_status#2] aggregates=[count(*)#4:=count(*), sum(amount)#5:=sum(amount#3)] -> [order_status#2 VARCHAR(16), count(*)#4 BIGINT NOT NULL, sum(amount)#5 DECIMAL(38, 2)]
      Scan ivm_explain.orders columns=[order_id#1:=order_id, order_status#2:=order_status, amount#3:=amount] -> [order_id#1 BIGINT NOT NULL, order_status#2 VARCHAR(16), amount#3 DECIMAL(10, 2)]
