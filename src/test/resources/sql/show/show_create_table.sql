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
PROPERTIES ("replication_num" = "1", "storage_medium" = "SSD")

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
"storage_medium" = "SSD"
);

statement ok
CREATE VIEW v AS SELECT k, sum(cnt) AS total FROM agg GROUP BY k

query columns=View,Create_View
SHOW CREATE TABLE v
----
v|CREATE VIEW `v` (`k`, `total`) AS SELECT k, sum(cnt) AS total FROM agg GROUP BY k

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

# show_create_table_primary_key also writes the key as MySQL's PRIMARY KEY line (for tools that read
# keys only from there); CREATE TABLE takes the text back. A DUPLICATE KEY is no primary key.
statement ok
SET show_create_table_primary_key = true

query columns=Create_Table
SHOW CREATE TABLE agg
----
CREATE TABLE `agg` (
  `dt` date NOT NULL COMMENT "day",
  `k` int NOT NULL COMMENT "",
  `cnt` bigint SUM NULL DEFAULT "0" COMMENT "",
  `last_v` varchar(32) REPLACE NULL COMMENT "",
  PRIMARY KEY (`dt`, `k`)
) ENGINE=OLAP
AGGREGATE KEY(`dt`, `k`)
COMMENT 'daily counts'
PARTITION BY RANGE(`dt`)
(PARTITION p202401 VALUES [("2024-01-01"), ("2024-02-01")))
DISTRIBUTED BY HASH(`k`) BUCKETS 8
PROPERTIES (
"replication_num" = "1",
"storage_medium" = "SSD"
);

statement ok
CREATE TABLE u (
  `id` int NOT NULL COMMENT "",
  `v` varchar(8) NULL COMMENT "",
  PRIMARY KEY (`ID`)
) ENGINE=OLAP
UNIQUE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1

query columns=Create_Table
SHOW CREATE TABLE u
----
CREATE TABLE `u` (
  `id` int NOT NULL COMMENT "",
  `v` varchar(8) NULL COMMENT "",
  PRIMARY KEY (`id`)
) ENGINE=OLAP
UNIQUE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1;

statement ok
INSERT INTO u VALUES (1, 'a'), (1, 'b')

query
SELECT * FROM u
----
1|b

statement ok
CREATE TABLE d (a int, b int) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1

query columns=Create_Table
SHOW CREATE TABLE d
----
CREATE TABLE `d` (
  `a` int NULL COMMENT "",
  `b` int NULL COMMENT ""
) ENGINE=OLAP
DUPLICATE KEY(`a`)
DISTRIBUTED BY HASH(`a`) BUCKETS 1;

statement error PRIMARY KEY (..) in the column list must repeat the table's key: add UNIQUE KEY(..), PRIMARY KEY(..) or AGGREGATE KEY(..) after the column list
CREATE TABLE bad (a int, b int, PRIMARY KEY (a)) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1

statement error PRIMARY KEY (..) in the column list must repeat the table's key
CREATE TABLE bad (a int, b int, PRIMARY KEY (a))

statement error PRIMARY KEY [b] in the column list differs from UNIQUE KEY[a]
CREATE TABLE bad (a int NOT NULL, b int NOT NULL, PRIMARY KEY (b)) UNIQUE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1

statement ok
SET show_create_table_primary_key = false

query columns=Create_Table
SHOW CREATE TABLE u
----
CREATE TABLE `u` (
  `id` int NOT NULL COMMENT "",
  `v` varchar(8) NULL COMMENT ""
) ENGINE=OLAP
UNIQUE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1;
