# SHOW CREATE TABLE prints the definition back, with unknown properties kept.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE agg (
  dt DATE NOT NULL COMMENT "day",
  k INT NOT NULL,
  cnt BIGINT SUM DEFAULT "0",
  last_v VARCHAR(32) REPLACE NULL
) AGGREGATE KEY(dt, k)
COMMENT 'daily counts'
PARTITION BY RANGE(dt) (PARTITION p202401 VALUES [("2024-01-01"), ("2024-02-01")))
DISTRIBUTED BY HASH(k) BUCKETS 8
PROPERTIES ("replication_num" = "1", "some.unknown" = "value")

query columns=Create_Table
SHOW CREATE TABLE agg
----
CREATE TABLE `agg` (
  `dt` date NOT NULL COMMENT "day",
  `k` int NOT NULL COMMENT "",
  `cnt` bigint SUM NULL DEFAULT "0" COMMENT "",
  `last_v` varchar(32) REPLACE NULL COMMENT ""
) ENGINE=OLAP
AGGREGATE KEY(`dt`, `k`)
COMMENT 'daily counts'
PARTITION BY RANGE(`dt`)
(PARTITION p202401 VALUES [("2024-01-01"), ("2024-02-01")))
DISTRIBUTED BY HASH(`k`) BUCKETS 8
PROPERTIES (
"replication_num" = "1",
"some.unknown" = "value"
);

statement ok
CREATE VIEW v AS SELECT k, sum(cnt) AS total FROM agg GROUP BY k

query columns=View,Create_View
SHOW CREATE TABLE v
----
v|CREATE VIEW `v` AS SELECT k, sum(cnt) AS total FROM agg GROUP BY k

query columns=Field,Type,Null,Key,Default,Extra
DESC agg
----
dt|DATE|No|true|NULL|(empty)
k|INT|No|true|NULL|(empty)
cnt|BIGINT|Yes|false|0|SUM
last_v|VARCHAR(32)|Yes|false|NULL|REPLACE

query
SHOW TABLES
----
agg
v

query
SHOW FULL TABLES LIKE 'a%'
----
agg|BASE TABLE
