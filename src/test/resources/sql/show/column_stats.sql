# ANALYZE TABLE collects each column's statistics in one scan (always at once, as WITH SYNC); SHOW
# COLUMN STATS shows them in Doris's columns; a column never analyzed has no row.

statement ok
CREATE DATABASE cs

statement ok
USE cs

statement ok
CREATE TABLE t (k INT, name VARCHAR(10), d DATE, tags ARRAY<INT>) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 'ann', '2024-01-01', [1]), (2, 'bob', '2024-02-01', NULL), (3, NULL, '2024-03-01', [2, 3]), (3, 'bob', NULL, [])

query
SHOW COLUMN STATS t
----

statement ok
ANALYZE TABLE t WITH SYNC

query columns=column_name,count,ndv,num_null,data_size,min,max
SHOW COLUMN STATS t
----
k|4|3|0|4|'1'|'3'
name|4|2|1|9|'ann'|'bob'
d|4|3|1|30|'2024-01-01'|'2024-03-01'
tags|4|3|1|11|N/A|N/A

statement ok
INSERT INTO t VALUES (9, 'zed', '2025-01-01', [9])

# Only the columns named are analyzed again.
statement ok
ANALYZE TABLE t (k)

query columns=column_name,count,max
SHOW COLUMN STATS t (k, name)
----
k|5|'9'
name|4|'bob'

statement error Unknown column 'nope' in 't'
ANALYZE TABLE t (nope)

statement error Table [nope] does not exist in database [cs].
ANALYZE TABLE nope
