# Smaller behaviours of async MVs as in Doris: a comment may change by ALTER TABLE, nothing else;
# ALTER MATERIALIZED VIEW .. SET takes only MV properties; no dynamic partitions on an MV; MV
# names follow Doris's table-name rule; SHOW CREATE TABLE points to SHOW CREATE MATERIALIZED VIEW.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t1 (d DATE NOT NULL, k INT, v INT) DUPLICATE KEY(d)
PARTITION BY RANGE(d) (PARTITION p1 VALUES LESS THAN ("2024-02-01"), PARTITION p2 VALUES LESS THAN ("2024-03-01"))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE MATERIALIZED VIEW mv1 BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (d)
DISTRIBUTED BY HASH(k) BUCKETS 1 AS SELECT d, k, sum(v) AS s FROM t1 GROUP BY d, k

wait tasks

statement ok
ALTER TABLE mv1 MODIFY COMMENT 'daily sums'

query
SELECT TABLE_COMMENT FROM information_schema.tables WHERE TABLE_NAME = 'mv1'
----
daily sums

statement error Table[mv1] is a materialized view
ALTER TABLE mv1 ADD COLUMN x INT

statement error illegal key:replication_num
ALTER MATERIALIZED VIEW mv1 SET ("replication_num" = "1")

statement error Not support dynamic partition properties on async materialized view
ALTER MATERIALIZED VIEW mv1 SET ("dynamic_partition.enable" = "true")

statement error Not support dynamic partition properties on async materialized view
CREATE MATERIALIZED VIEW mv2 BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (d)
PROPERTIES ("dynamic_partition.enable" = "true") AS SELECT d, k FROM t1

statement ok
ALTER MATERIALIZED VIEW mv1 SET ("grace_period" = "10")

statement error Incorrect table name 'mv blank'. Table name regex is '^[a-zA-Z][a-zA-Z0-9\-_]*$'
CREATE MATERIALIZED VIEW `mv blank` BUILD DEFERRED REFRESH AUTO ON MANUAL AS SELECT k FROM t1

statement error Incorrect table name 'mv 1'
ALTER MATERIALIZED VIEW mv1 RENAME `mv 1`

statement error not support async materialized view, please use `show create materialized view`
SHOW CREATE TABLE mv1

statement ok
INSERT INTO t1 VALUES ('2024-01-05', 1, 1)

query columns=PartitionName,SyncWithBaseTables,UnsyncTables rowsort
SHOW PARTITIONS FROM mv1
----
p_00000101_20240201|false|[t1]
p_20240201_20240301|true|[]

# Invalid partition definitions, in Doris's words.
statement error timeUnit not support: minute, only support: [year, quarter, week, month, day, hour]
CREATE MATERIALIZED VIEW bad BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (date_trunc(d, 'minute'))
AS SELECT d, k FROM t1

statement error partition column can not find from sql select column
CREATE MATERIALIZED VIEW bad BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (nosuch) AS SELECT d, k FROM t1

statement error partition column time unit level should be greater than sql select column
CREATE MATERIALIZED VIEW bad BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (date_trunc(dm, 'day'))
AS SELECT date_trunc(d, 'month') AS dm, k FROM t1

statement ok
CREATE TABLE t2 (d DATE NOT NULL, k INT) DUPLICATE KEY(d)
PARTITION BY RANGE(d) (PARTITION q1 VALUES [('2024-01-15'), ('2024-02-15')))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement error intersected
CREATE MATERIALIZED VIEW bad BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (d)
AS SELECT d, k FROM t1 UNION ALL SELECT d, k FROM t2

# enable_nondeterministic_function lets a definition read the clock; it is read once per refresh,
# so every row of one refresh has the same time.
statement error can not contain nonDeterministic expression, the expression is now()
CREATE MATERIALIZED VIEW mv_clock BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT k, now() AS at FROM t1

statement error valid property enable_nondeterministic_function fail
CREATE MATERIALIZED VIEW mv_clock BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL
PROPERTIES ("enable_nondeterministic_function" = "yes") AS SELECT k, now() AS at FROM t1

statement ok
INSERT INTO t1 VALUES ('2024-02-05', 2, 1), ('2024-01-06', 3, 1)

statement ok
CREATE MATERIALIZED VIEW mv_clock BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL
PROPERTIES ("enable_nondeterministic_function" = "true")
AS SELECT k, now() AS at, current_date() AS today, unix_timestamp() AS ts FROM t1

wait tasks

query
SELECT count(*), count(DISTINCT at), count(DISTINCT ts), max(today) = current_date(), max(at) <= now() FROM mv_clock
----
3|1|1|1|1

statement ok
ALTER MATERIALIZED VIEW mv_clock SET ("enable_nondeterministic_function" = "true")

# A string the definition computes (a literal here) is VARCHAR(65533) in the MV, as Doris widens it;
# without a key clause the MV's key is Doris's default one (leading columns, up to three, ending at a
# string); SHOW CREATE prints it, and its text creates the same MV again.
statement ok
CREATE TABLE t3 (k1 INT NOT NULL, k2 INT NOT NULL, v INT) DUPLICATE KEY(k1) DISTRIBUTED BY HASH(k1) BUCKETS 1

statement ok
CREATE MATERIALIZED VIEW mv_keys BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY HASH(k1) BUCKETS 1
PROPERTIES ("grace_period" = "3333", "replication_num" = "1")
AS SELECT k1, k2 FROM t3

query columns=Create_Materialized_View
SHOW CREATE MATERIALIZED VIEW mv_keys
----
CREATE MATERIALIZED VIEW `mv_keys` (
  `k1` INT,
  `k2` INT
)
BUILD DEFERRED REFRESH COMPLETE ON MANUAL
DUPLICATE KEY(`k1`, `k2`)
DISTRIBUTED BY HASH(`k1`) BUCKETS 1
PROPERTIES (
"grace_period" = "3333",
"replication_num" = "1"
)
AS SELECT k1, k2 FROM t3

statement ok
CREATE MATERIALIZED VIEW `mv_keys_again` (
  `k1` INT,
  `k2` INT
)
BUILD DEFERRED REFRESH COMPLETE ON MANUAL
DUPLICATE KEY(`k1`, `k2`)
DISTRIBUTED BY HASH(`k1`) BUCKETS 1
PROPERTIES (
"grace_period" = "3333",
"replication_num" = "1"
)
AS SELECT k1, k2 FROM t3

query columns=Field,Type,Key
DESC mv_keys_again
----
k1|INT|true
k2|INT|true

# mv_infos().MvProperties lists the MV's own properties, not the table's.
query
SELECT Name, MvProperties FROM mv_infos("database" = "db") WHERE Name LIKE 'mv_keys%' ORDER BY Name
----
mv_keys|{grace_period=3333}
mv_keys_again|{grace_period=3333}

statement ok
CREATE MATERIALIZED VIEW mv_lit BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY HASH(k1) BUCKETS 1
AS SELECT k1, 'abc' AS lit, concat('x', cast(v AS VARCHAR(3))) AS cx FROM t3

query columns=Field,Type,Key
DESC mv_lit
----
k1|INT|true
lit|VARCHAR(65533)|true
cx|VARCHAR(65533)|false

# The partition of NULL values of a LIST-partitioned MV is p_NULL, as Doris names it.
statement ok
CREATE TABLE tl (k INT NOT NULL, g INT NULL, v INT) DUPLICATE KEY(k)
PARTITION BY LIST(g) (PARTITION p1 VALUES IN (1), PARTITION pn VALUES IN (NULL)) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO tl VALUES (1, 1, 10), (2, NULL, 20)

statement ok
CREATE MATERIALIZED VIEW mv_list BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (g) DISTRIBUTED BY HASH(g) BUCKETS 1
AS SELECT g, sum(v) AS s FROM tl GROUP BY g

wait tasks

query columns=PartitionName
SHOW PARTITIONS FROM mv_list
----
p_1
p_NULL

statement ok
CREATE MATERIALIZED VIEW `mv_lit_again` (
  `k1` INT,
  `lit` VARCHAR(65533) NOT NULL,
  `cx` VARCHAR(65533) NULL
)
BUILD DEFERRED REFRESH COMPLETE ON MANUAL
DUPLICATE KEY(`k1`, `lit`)
DISTRIBUTED BY HASH(`k1`) BUCKETS 1
AS SELECT k1, 'abc' AS lit, concat('x', cast(v AS VARCHAR(3))) AS cx FROM t3

statement error Column k1 is declared BIGINT but the query gives it as INT
CREATE MATERIALIZED VIEW mv_wrong (k1 BIGINT) BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY HASH(k1) BUCKETS 1
AS SELECT k1 FROM t3

statement error Column cx is declared NOT NULL but the query may give it NULL
CREATE MATERIALIZED VIEW mv_wrong (cx VARCHAR(65533) NOT NULL) BUILD DEFERRED REFRESH COMPLETE ON MANUAL
DISTRIBUTED BY RANDOM BUCKETS 1 AS SELECT concat('x', cast(v AS VARCHAR(3))) AS cx FROM t3

# An MV whose base lost a column it reads is in SCHEMA_CHANGE, and not in sync (Doris reports 0).
statement ok
CREATE TABLE u (k INT NOT NULL, a INT, b INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO u VALUES (1, 1, 1)

statement ok
CREATE MATERIALIZED VIEW mv_u BUILD IMMEDIATE REFRESH AUTO ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1 AS SELECT k, a FROM u

wait tasks

statement ok
ALTER TABLE u DROP COLUMN a

query
SELECT State, SyncWithBaseTables FROM mv_infos("database" = "db") WHERE Name = 'mv_u'
----
SCHEMA_CHANGE|0
