# A window of at least 1,000 change rows is weighed: the incremental time at the rate this MV's
# incremental refreshes measured against its last full build's time. FALLBACK and AUTO recompute when
# that is cheaper (reason DELTA_COST_EXCEEDS_RECOMPUTE); the estimate and the choice show in EXPLAIN
# REFRESH and in tasks().TaskContext. Measurements are kept in memory: after a restart nothing is
# measured yet, so the changes are applied.

statement ok
CREATE DATABASE ivm_cost

statement ok
USE ivm_cost

statement ok
CREATE TABLE t (id INT, g INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ("binlog.enable" = "true")

statement ok
CREATE MATERIALIZED VIEW sums BUILD IMMEDIATE REFRESH INCREMENTAL FALLBACK ON MANUAL AS SELECT g, sum(v) AS s, count(*) AS c FROM t GROUP BY g

wait tasks

restart

statement ok
USE ivm_cost

statement ok
INSERT INTO t SELECT number, number % 10, 1 FROM numbers("number" = "2000")

query
EXPLAIN REFRESH MATERIALIZED VIEW sums INCREMENTAL
----
Incremental refresh of ivm_cost.sums: RefreshMode PARTIAL
Cost estimate: {"changes":2000,"incrementalMs":null,"recomputeMs":null,"choice":"INCREMENTAL"}
Maintained as: per-group state of 1 grouping key(s)
Stream __doris_ivm_stream_10004_10003 on ivm_cost.t: unconsumed changes
Delta plan:
  Project [id#1, g#2, v#3, __DORIS_IVM_WEIGHT__#11:=CASE WHEN (__DORIS_STREAM_CHANGE_TYPE_COL__#9 IN ('DELETE', 'UPDATE_BEFORE')) THEN -1 ELSE 1 END] -> [id#1 INT, g#2 INT, v#3 INT, __DORIS_IVM_WEIGHT__#11 BIGINT NOT NULL]
    ChangeScan ivm_cost.t stream=ivm_cost.__doris_ivm_stream_10004_10003 columns=[id#1:=id, g#2:=g, v#3:=v, __DORIS_STREAM_CHANGE_TYPE_COL__#9:=__DORIS_STREAM_CHANGE_TYPE_COL__, __DORIS_STREAM_SEQUENCE_COL__#10:=__DORIS_STREAM_SEQUENCE_COL__] -> [id#1 INT, g#2 INT, v#3 INT, __DORIS_STREAM_CHANGE_TYPE_COL__#9 TEXT NOT NULL, __DORIS_STREAM_SEQUENCE_COL__#10 LARGEINT NOT NULL]

statement ok
REFRESH MATERIALIZED VIEW sums INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode, IvmFallbackReason, TaskContext LIKE '%"ivmCost":{"changes":2000,"incrementalMs":null,"recomputeMs":null,"choice":"INCREMENTAL"}}'
FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|NULL|1

query
SELECT * FROM sums ORDER BY g LIMIT 2
----
0|200|200
1|200|200

# A small window is not weighed, and shows no estimate.
statement ok
INSERT INTO t VALUES (5000, 1, 1)

statement ok
REFRESH MATERIALIZED VIEW sums INCREMENTAL WITH SYNC MODE

query
SELECT RefreshMode, TaskContext LIKE '%ivmCost%' FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
PARTIAL|0
