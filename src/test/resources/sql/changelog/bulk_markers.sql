# TRUNCATE, INSERT OVERWRITE and DROP PARTITION on a changelog table record one marker per
# partition (not a DELETE per row), so consumers can see which partitions lost history; the rows
# an overwrite writes are recorded as appends.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (dt DATE NOT NULL, k INT NOT NULL, v INT) UNIQUE KEY(dt, k)
PARTITION BY RANGE(dt) (FROM ("2024-01-01") TO ("2024-01-04") INTERVAL 1 DAY)
DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
INSERT INTO t VALUES ('2024-01-01', 1, 1), ('2024-01-02', 2, 2), ('2024-01-03', 3, 3)

statement ok
TRUNCATE TABLE t PARTITION (p_20240101)

statement ok
INSERT OVERWRITE TABLE t PARTITION (p_20240102) VALUES ('2024-01-02', 20, 20)

statement ok
ALTER TABLE t DROP PARTITION p_20240103

query
SELECT PARTITION_NAME, KIND FROM information_schema.changelog_markers WHERE TABLE_NAME = 't' ORDER BY COMMIT_TSO
----
p_20240101|TRUNCATE
p_20240102|INSERT_OVERWRITE
NULL|DROP_PARTITION

query
SELECT dt, k, __DORIS_CHANGELOG_OP__ FROM t@incr("incrementType" = "DETAIL") ORDER BY __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_LSN__
----
2024-01-01|1|0
2024-01-02|2|0
2024-01-03|3|0
2024-01-02|20|0

query
SELECT * FROM t ORDER BY k
----
2024-01-02|20|20
