# ALTER TABLE .. REPLACE PARTITION (..) WITH TEMPORARY PARTITION (..): Doris's range checks and
# naming, the replaced rows gone atomically, MVs over the base stale and ON COMMIT MVs refreshed,
# changelog markers for the replaced partitions and appends for the rows that came in.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (dt DATE NOT NULL, k INT NOT NULL, v INT) DUPLICATE KEY(dt, k)
PARTITION BY RANGE(dt) (
  PARTITION p1 VALUES [("2024-01-01"), ("2024-02-01")),
  PARTITION p2 VALUES [("2024-02-01"), ("2024-03-01")),
  PARTITION p3 VALUES [("2024-03-01"), ("2024-04-01")))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES ('2024-01-05', 1, 10), ('2024-02-05', 2, 20), ('2024-03-05', 3, 30)

statement ok
CREATE MATERIALIZED VIEW mv_part BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt)
DISTRIBUTED BY HASH(k) BUCKETS 1 AS SELECT dt, k, v FROM t

statement ok
CREATE MATERIALIZED VIEW mv_total BUILD IMMEDIATE REFRESH COMPLETE ON COMMIT
DISTRIBUTED BY RANDOM BUCKETS 1 AS SELECT sum(v) AS total FROM t

wait tasks

# One temporary partition covering p1 and p2 together (merging two partitions).
statement ok
ALTER TABLE t ADD TEMPORARY PARTITION tp12 VALUES [("2024-01-01"), ("2024-03-01"))

statement ok
INSERT INTO t TEMPORARY PARTITION (tp12) VALUES ('2024-01-06', 1, 11), ('2024-02-06', 2, 22), ('2024-02-07', 4, 44)

statement error Partition[p9] does not exist
ALTER TABLE t REPLACE PARTITION (p9) WITH TEMPORARY PARTITION (tp12)

statement error Temp partition[tp9] does not exist
ALTER TABLE t REPLACE PARTITION (p1) WITH TEMPORARY PARTITION (tp9)

statement error 2 range lists are not stricly matched
ALTER TABLE t REPLACE PARTITION (p1) WITH TEMPORARY PARTITION (tp12)

statement error Unknown properties: [bogus]
ALTER TABLE t REPLACE PARTITION (p1, p2) WITH TEMPORARY PARTITION (tp12) PROPERTIES ("bogus" = "1")

# Without strict_range the temporary partition must still not overlap the formal partitions that stay.
statement error conflicts with existing range
ALTER TABLE t REPLACE PARTITION (p1) WITH TEMPORARY PARTITION (tp12) PROPERTIES ("strict_range" = "false")

# Nothing changed after the failures.
query
SELECT k, v FROM t ORDER BY k
----
1|10
2|20
3|30

statement ok
ALTER TABLE t REPLACE PARTITION (p1, p2) WITH TEMPORARY PARTITION (tp12)

# Two replaced by one: the new partition keeps its temporary name.
query columns=PartitionName,RowCount
SHOW PARTITIONS FROM t
----
tp12|3
p3|1

query columns=PartitionName
SHOW TEMPORARY PARTITIONS FROM t
----

query
SELECT k, v FROM t ORDER BY k
----
1|11
2|22
3|30
4|44

# The MV partitions built from p1 and p2 are stale; p3's is not.
query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM mv_part
----
p_20240101_20240201|false
p_20240201_20240301|false
p_20240301_20240401|true

wait tasks

query
SELECT total FROM mv_total
----
107

statement ok
REFRESH MATERIALIZED VIEW mv_part AUTO

wait tasks

query columns=PartitionName,SyncWithBaseTables
SHOW PARTITIONS FROM mv_part
----
p_20240101_20240301|true
p_20240301_20240401|true

query
SELECT k, v FROM mv_part ORDER BY k
----
1|11
2|22
3|30
4|44

# One for one: the new partition takes the replaced name unless use_temp_partition_name is true.
statement ok
ALTER TABLE t ADD TEMPORARY PARTITION tp3 VALUES [("2024-03-01"), ("2024-04-01"))

statement ok
INSERT INTO t TEMPORARY PARTITION (tp3) VALUES ('2024-03-09', 3, 33)

statement ok
ALTER TABLE t REPLACE PARTITION (p3) WITH TEMPORARY PARTITION (tp3)

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM t
----
tp12|3
p3|1

statement ok
ALTER TABLE t ADD TEMPORARY PARTITION tp3b VALUES [("2024-03-01"), ("2024-04-01"))

statement ok
ALTER TABLE t REPLACE PARTITION (p3) WITH TEMPORARY PARTITION (tp3b) PROPERTIES ("use_temp_partition_name" = "true")

query columns=PartitionName,RowCount
SHOW PARTITIONS FROM t
----
tp12|3
tp3b|0

# Without strict_range a temporary partition may cover more than the replaced one did.
statement ok
ALTER TABLE t ADD TEMPORARY PARTITION tp_wide VALUES [("2024-03-01"), ("2024-06-01"))

statement ok
INSERT INTO t TEMPORARY PARTITION (tp_wide) VALUES ('2024-05-01', 5, 50)

statement ok
ALTER TABLE t REPLACE PARTITION (tp3b) WITH TEMPORARY PARTITION (tp_wide) PROPERTIES ("strict_range" = "false")

query columns=PartitionName,Range,RowCount
SHOW PARTITIONS FROM t
----
tp12|[types: [DATEV2]; keys: [2024-01-01]; ..types: [DATEV2]; keys: [2024-03-01]; )|3
tp3b|[types: [DATEV2]; keys: [2024-03-01]; ..types: [DATEV2]; keys: [2024-06-01]; )|1

# LIST partitions must hold the same values.
statement ok
CREATE TABLE c (city VARCHAR(20) NOT NULL, id INT NOT NULL) UNIQUE KEY(city, id)
PARTITION BY LIST(city) (PARTITION p_a VALUES IN ("a", "b"), PARTITION p_c VALUES IN ("c"))
DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
ALTER TABLE c ADD TEMPORARY PARTITION tp_a VALUES IN ("a")

statement error 2 list partitions are not strictly matched
ALTER TABLE c REPLACE PARTITION (p_a) WITH TEMPORARY PARTITION (tp_a)

# A changelog table: one marker per replaced partition, appends for the rows that came in.
statement ok
CREATE TABLE cl (dt DATE NOT NULL, k INT NOT NULL, v INT) UNIQUE KEY(dt, k)
PARTITION BY RANGE(dt) (FROM ("2024-01-01") TO ("2024-01-03") INTERVAL 1 DAY)
DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true")

statement ok
INSERT INTO cl VALUES ('2024-01-01', 1, 1), ('2024-01-02', 2, 2)

statement ok
ALTER TABLE cl ADD TEMPORARY PARTITION tp VALUES [("2024-01-01"), ("2024-01-02"))

statement ok
INSERT INTO cl TEMPORARY PARTITION (tp) VALUES ('2024-01-01', 10, 10)

# Loads into temporary partitions are not changes of the table.
query
SELECT count(*) FROM cl@incr("incrementType" = "DETAIL")
----
2

statement ok
ALTER TABLE cl REPLACE PARTITION (p_20240101) WITH TEMPORARY PARTITION (tp)

query
SELECT PARTITION_NAME, KIND FROM information_schema.changelog_markers WHERE TABLE_NAME = 'cl' ORDER BY COMMIT_TSO
----
NULL|REPLACE_PARTITION

query
SELECT dt, k, __DORIS_CHANGELOG_OP__ FROM cl@incr("incrementType" = "DETAIL") ORDER BY __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_LSN__
----
2024-01-01|1|0
2024-01-02|2|0
2024-01-01|10|0

query
SELECT * FROM cl ORDER BY k
----
2024-01-02|2|2
2024-01-01|10|10
