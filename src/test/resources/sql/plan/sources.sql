# Leaves that read changes or system rows, and LATERAL VIEW: EXPLAIN ANALYZED PLAN shows ChangeScan (a
# changelog window or a stream with its hidden change columns), SystemScan and Generate nodes.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE ev (k INT NOT NULL, v INT, tags ARRAY<VARCHAR(10)>) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
CREATE STREAM s_ev ON TABLE ev

query
EXPLAIN ANALYZED PLAN SELECT k, v, __DORIS_CHANGELOG_OP__ FROM ev@incr('startTimestamp' = '2020-01-01 00:00:00')
----
Project [k#7:=k#1, v#8:=v#2, __DORIS_CHANGELOG_OP__#9:=__DORIS_CHANGELOG_OP__#4] -> [k#7 INT NOT NULL, v#8 INT, __DORIS_CHANGELOG_OP__#9 TINYINT NOT NULL]
  ChangeScan db.ev window={'startTimestamp'='2020-01-01 00:00:00'} columns=[k#1:=k, v#2:=v, tags#3:=tags, __DORIS_CHANGELOG_OP__#4:=__DORIS_CHANGELOG_OP__, __DORIS_CHANGELOG_TSO__#5:=__DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_LSN__#6:=__DORIS_CHANGELOG_LSN__] -> [k#1 INT NOT NULL, v#2 INT, tags#3 ARRAY<VARCHAR(10)>, __DORIS_CHANGELOG_OP__#4 TINYINT NOT NULL, __DORIS_CHANGELOG_TSO__#5 BIGINT NOT NULL, __DORIS_CHANGELOG_LSN__#6 BIGINT NOT NULL]

query
EXPLAIN ANALYZED PLAN SELECT k, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s_ev
----
Project [k#6:=k#1, __DORIS_STREAM_CHANGE_TYPE_COL__#7:=__DORIS_STREAM_CHANGE_TYPE_COL__#4] -> [k#6 INT NOT NULL, __DORIS_STREAM_CHANGE_TYPE_COL__#7 TEXT NOT NULL]
  ChangeScan db.ev stream=db.s_ev columns=[k#1:=k, v#2:=v, tags#3:=tags, __DORIS_STREAM_CHANGE_TYPE_COL__#4:=__DORIS_STREAM_CHANGE_TYPE_COL__, __DORIS_STREAM_SEQUENCE_COL__#5:=__DORIS_STREAM_SEQUENCE_COL__] -> [k#1 INT NOT NULL, v#2 INT, tags#3 ARRAY<VARCHAR(10)>, __DORIS_STREAM_CHANGE_TYPE_COL__#4 TEXT NOT NULL, __DORIS_STREAM_SEQUENCE_COL__#5 LARGEINT NOT NULL]

query
EXPLAIN ANALYZED PLAN SELECT k, tag FROM ev LATERAL VIEW explode(tags) t AS tag
----
Project [k#5:=k#1, tag#6:=tag#4] -> [k#5 INT NOT NULL, tag#6 VARCHAR(10)]
  Generate explode(tags#3) AS [tag#4] -> [k#1 INT NOT NULL, v#2 INT, tags#3 ARRAY<VARCHAR(10)>, tag#4 VARCHAR(10)]
    Scan db.ev columns=[k#1:=k, v#2:=v, tags#3:=tags] -> [k#1 INT NOT NULL, v#2 INT, tags#3 ARRAY<VARCHAR(10)>]

query
EXPLAIN ANALYZED PLAN SELECT array_map(x -> x + 1, [1, 2]) AS a, timestampdiff(MONTH, '2024-01-01', '2024-03-01') AS m
----
Project [a#2:=array_map(x#1 -> (x#1 + 1), [1, 2]), m#3:=timestampdiff('MONTH', '2024-01-01', '2024-03-01')] -> [a#2 ARRAY<SMALLINT> NOT NULL, m#3 BIGINT]
  Values rows=[()] -> []

query
EXPLAIN SHAPE PLAN SELECT TABLE_NAME FROM information_schema.tables WHERE TABLE_SCHEMA = 'db'
----
Project
  Filter
    SystemScan information_schema.tables
