# UNIQUE KEY tables with a sequence column (function_column.sequence_col / sequence_type): of two
# rows with one key the one with the larger sequence value is kept, whichever came last, within one
# statement as across statements; NULL is the smallest value and on a tie the later row wins.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(10), ver INT)
UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("function_column.sequence_col" = "ver", "changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
CREATE STREAM s ON TABLE t

statement ok
INSERT INTO t VALUES (1, 'new', 2)

# An older version arriving later does not replace the newer one.
statement ok
INSERT INTO t VALUES (1, 'old', 1)

query
SELECT k, v, ver FROM t
----
1|new|2

# Within one statement the largest sequence value wins, not the last row.
statement ok
INSERT INTO t VALUES (2, 'b3', 3), (2, 'b5', 5), (2, 'b4', 4), (3, 'c1', 1), (3, 'c1again', 1)

query rowsort
SELECT k, v, ver FROM t
----
1|new|2
2|b5|5
3|c1again|1

# A tie replaces; a larger value replaces; NULL loses to any value.
statement ok
INSERT INTO t VALUES (1, 'tie', 2), (2, 'nul', NULL), (3, 'c9', 9)

query rowsort
SELECT k, v, ver FROM t
----
1|tie|2
2|b5|5
3|c9|9

# The changelog and the stream record only the changes that were applied (ops 0 APPEND, 2 and 3
# UPDATE_BEFORE and UPDATE_AFTER): 'old' left no change.
query rowsort
SELECT k, v, ver, __DORIS_STREAM_CHANGE_TYPE_COL__ FROM s
----
1|tie|2|APPEND
2|b5|5|APPEND
3|c9|9|APPEND

query rowsort
SELECT k, v, ver, __DORIS_CHANGELOG_OP__ FROM t@incr("startTimestamp" = "2000-01-01 00:00:00", "incrementType" = "DETAIL") WHERE k = 1
----
1|new|2|0
1|new|2|2
1|tie|2|3

# An INSERT naming columns must name the sequence column.
statement error Table t has sequence column, need to specify the sequence column
INSERT INTO t (k, v) VALUES (4, 'x')

statement ok
SET require_sequence_in_insert = false

statement ok
INSERT INTO t (k, v) VALUES (4, 'x')

statement ok
SET require_sequence_in_insert = DEFAULT

# UPDATE keeps the sequence value unless it sets it, and a smaller one leaves the row as it is.
statement ok
UPDATE t SET v = 'upd' WHERE k = 1

statement ok
UPDATE t SET v = 'older', ver = 1 WHERE k = 3

query rowsort
SELECT k, v, ver FROM t
----
1|upd|2
2|b5|5
3|c9|9
4|x|NULL

statement error Can not drop sequence mapping column[ver] in Unique data model table[t]
ALTER TABLE t DROP COLUMN ver

query
SHOW CREATE TABLE t
----
t|CREATE TABLE `t` (
  `k` int NOT NULL COMMENT "",
  `v` varchar(10) NULL COMMENT "",
  `ver` int NULL COMMENT ""
) ENGINE=OLAP
UNIQUE KEY(`k`)
DISTRIBUTED BY HASH(`k`) BUCKETS 1
PROPERTIES (
"function_column.sequence_col" = "ver",
"changelog.enable" = "true",
"changelog.need_historical_value" = "true"
);

# sequence_type: a hidden __DORIS_SEQUENCE_COL__ of that type, which every INSERT must give.
statement ok
CREATE TABLE h (k INT NOT NULL, v VARCHAR(10))
UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("function_column.sequence_type" = "date")

statement error Table h has sequence column, need to specify the sequence column
INSERT INTO h VALUES (1, 'a')

statement ok
INSERT INTO h (k, v, __DORIS_SEQUENCE_COL__) VALUES (1, 'feb', '2024-02-01'), (1, 'jan', '2024-01-01')

statement ok
INSERT INTO h (k, v, __DORIS_SEQUENCE_COL__) VALUES (1, 'jan2', '2024-01-02')

query
SELECT * FROM h
----
1|feb

query columns=Field,Type
DESC h
----
k|INT
v|VARCHAR(10)

query
SHOW CREATE TABLE h
----
h|CREATE TABLE `h` (
  `k` int NOT NULL COMMENT "",
  `v` varchar(10) NULL COMMENT ""
) ENGINE=OLAP
UNIQUE KEY(`k`)
DISTRIBUTED BY HASH(`k`) BUCKETS 1
PROPERTIES (
"function_column.sequence_type" = "date"
);

query
SELECT k, v, __DORIS_SEQUENCE_COL__ FROM h
----
1|feb|2024-02-01

statement ok
SET show_hidden_columns = true

query
SELECT * FROM h
----
1|feb|2024-02-01

query columns=Field,Type
DESC h
----
k|INT
v|VARCHAR(10)
__DORIS_SEQUENCE_COL__|DATE

statement ok
SET show_hidden_columns = false

# Only UNIQUE KEY tables, integer and date types, one of the two properties, a column that exists.
statement error sequence column only support UNIQUE_KEYS
CREATE TABLE bad (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("function_column.sequence_type" = "int")

statement error sequence column only support UNIQUE_KEYS
CREATE TABLE bad (k INT, v INT SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("function_column.sequence_col" = "v")

statement error sequence type only support integer types and date types
CREATE TABLE bad (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("function_column.sequence_type" = "double")

statement error Sequence type only support integer types and date types
CREATE TABLE bad (k INT NOT NULL, v VARCHAR(3)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("function_column.sequence_col" = "v")

statement error The specified sequence column[nope] not exists
CREATE TABLE bad (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("function_column.sequence_col" = "nope")

statement error The sequence_col and sequence_type cannot be set at the same time
CREATE TABLE bad (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("function_column.sequence_col" = "v", "function_column.sequence_type" = "int")

statement error Table [bad] does not exist in database [db].
SELECT * FROM bad

statement error Property function_column.sequence_col can only be set when the table is created
ALTER TABLE t SET ("function_column.sequence_col" = "k")
