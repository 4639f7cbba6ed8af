# AGG_STATE columns: an AGGREGATE KEY table keeps one state per key, merging each written state into
# the stored one (GENERIC), and queries finish the states with <agg>_merge or merge them further with
# <agg>_union (Doris's test_agg_state_nereids and its documentation's examples).

statement ok
CREATE DATABASE state_tables

statement ok
USE state_tables

statement ok
CREATE TABLE a_table (
  k1 INT NULL,
  k2 agg_state<max_by(int not null, int)> GENERIC,
  k3 agg_state<group_concat(string)> GENERIC
) AGGREGATE KEY(k1) DISTRIBUTED BY HASH(k1) BUCKETS 3

query columns=Field,Type,Null,Key,Extra
DESC a_table
----
k1|INT|Yes|true|(empty)
k2|agg_state<max_by(INT not null, INT null)>|No|false|GENERIC
k3|agg_state<group_concat(TEXT null)>|No|false|GENERIC

statement ok
CREATE TABLE d_table (k1 INT NULL, k2 INT NOT NULL, k3 BIGINT NULL, k4 VARCHAR(100) NULL)
DUPLICATE KEY(k1, k2, k3) DISTRIBUTED BY HASH(k1) BUCKETS 3

statement ok
INSERT INTO d_table VALUES (1, 1, 1, 'a'), (2, 2, 2, 'b'), (3, 3, NULL, 'c')

statement ok
CREATE TABLE m_table (
  k1 INT NULL,
  mb agg_state<max_by(int not null, int)> GENERIC,
  s agg_state<sum(int)> GENERIC,
  c agg_state<count(int)> GENERIC,
  a agg_state<avg(int)> GENERIC,
  lo agg_state<min(varchar(10))> GENERIC,
  u agg_state<bitmap_union(bitmap)> GENERIC,
  h agg_state<ndv(int)> GENERIC
) AGGREGATE KEY(k1) DISTRIBUTED BY HASH(k1) BUCKETS 3

query columns=Field,Type,Null,Key,Extra
DESC m_table
----
k1|INT|Yes|true|(empty)
mb|agg_state<max_by(INT not null, INT null)>|No|false|GENERIC
s|agg_state<sum(INT null)>|No|false|GENERIC
c|agg_state<count(INT null)>|No|false|GENERIC
a|agg_state<avg(INT null)>|No|false|GENERIC
lo|agg_state<min(VARCHAR(10) null)>|No|false|GENERIC
u|agg_state<bitmap_union(BITMAP null)>|No|false|GENERIC
h|agg_state<ndv(INT null)>|No|false|GENERIC

statement ok
INSERT INTO m_table SELECT 1, max_by_state(1, 3), sum_state(1), count_state(1), avg_state(1), min_state('b'), bitmap_union_state(to_bitmap(1)), ndv_state(1)

statement ok
INSERT INTO m_table VALUES (1, max_by_state(2, 2), sum_state(2), count_state(NULL), avg_state(2), min_state('a'), bitmap_union_state(to_bitmap(2)), ndv_state(2))

statement ok
INSERT INTO m_table VALUES (1, max_by_state(3, 1), sum_state(3), count_state(3), avg_state(6), min_state('c'), bitmap_union_state(to_bitmap(1)), ndv_state(1)), (2, max_by_state(4, 4), sum_state(NULL), count_state(NULL), avg_state(NULL), min_state(NULL), bitmap_union_state(bitmap_empty()), ndv_state(NULL))

# One row per key: each written state was merged into the stored one.
query rowsort
SELECT k1, max_by_merge(mb), sum_merge(s), count_merge(c), avg_merge(a), min_merge(lo), bitmap_to_string(bitmap_union_merge(u)), ndv_merge(h) FROM m_table GROUP BY k1
----
1|1|6|2|3|a|1,2|2
2|4|NULL|0|NULL|NULL|(empty)|0

query
SELECT count(*) FROM m_table
----
2

statement ok
INSERT INTO m_table SELECT k1 + 1, max_by_state(k2, k1 + 10), sum_state(k1), count_state(k3), avg_state(k2), min_state(k4), bitmap_union_state(to_bitmap(k3)), ndv_state(k2) FROM d_table

query rowsort
SELECT k1, max_by_merge(mb), sum_merge(s), count_merge(c), avg_merge(a), min_merge(lo), bitmap_to_string(bitmap_union_merge(u)), ndv_merge(h) FROM m_table GROUP BY k1
----
1|1|6|2|3|a|1,2|2
2|1|1|1|1|a|1|1
3|2|2|1|2|b|2|1
4|3|3|0|3|c|(empty)|1

# Merged over all keys, and through a union of states per group.
query
SELECT max_by_merge(mb), sum_merge(s), count_merge(c), avg_merge(a), min_merge(lo), bitmap_count(bitmap_union_merge(u)) FROM m_table
----
3|12|4|2.5|a|2

statement error does not match function bitmap_union_count
SELECT bitmap_union_count_merge(u) FROM m_table

query
SELECT sum_merge(t), avg_merge(v) FROM (SELECT k1 % 2 AS g, sum_union(s) AS t, avg_union(a) AS v FROM m_table GROUP BY k1 % 2) x
----
12|2.5

# A state column shows as binary data.
query rowsort
SELECT k1, s, c FROM m_table
----
1|0x7B2776273A20367D|0x7B2776273A20327D
2|0x7B2776273A20317D|0x7B2776273A20317D
3|0x7B2776273A20327D|0x7B2776273A20317D
4|0x7B2776273A20337D|0x7B2776273A20307D

# A state goes only into a column of its aggregate and argument types. As Doris does, a state made
# in the write itself has its arguments cast to the column's (max_by_state(k2, k1 + 10) above has a
# BIGINT key); a state made elsewhere must be of the column's type already.
statement ok
CREATE TABLE s_table (k1 INT, s agg_state<sum(int)> GENERIC) AGGREGATE KEY(k1) DISTRIBUTED BY HASH(k1) BUCKETS 1

statement ok
INSERT INTO s_table SELECT 1, sum_state(k3) FROM d_table

statement error can not cast from origin type agg_state<sum(BIGINT null)> to target type=agg_state<sum(INT null)>
INSERT INTO s_table SELECT 9, sum_union(sum_state(k3)) FROM d_table

statement error can not cast from origin type agg_state<avg(INT not null)> to target type=agg_state<sum(INT null)>
INSERT INTO s_table SELECT 9, avg_state(k2) FROM d_table

statement error can not cast from origin type TINYINT to target type=agg_state<sum(INT null)>
INSERT INTO s_table VALUES (9, 5)

statement error can not cast from origin type agg_state<sum(INT null)> to target type=INT
INSERT INTO d_table (k1, k2) SELECT 1, s FROM s_table

statement ok
INSERT INTO s_table SELECT 1, sum_union(s) FROM m_table

query
SELECT k1, sum_merge(s) FROM s_table GROUP BY k1
----
1|15

statement ok
CREATE TABLE nn_table (k1 INT NOT NULL, m agg_state<max(int not null)> GENERIC) AGGREGATE KEY(k1) DISTRIBUTED BY HASH(k1) BUCKETS 1

# Doris's test_agg_state_max: a NULL cannot be the argument of a state whose argument is NOT NULL.
statement error can not cast from origin type agg_state<max(NULL null)> to target type=agg_state<max(INT not null)>
INSERT INTO nn_table VALUES (100, max_state(NULL))

statement error can not cast from origin type agg_state<max(INT null)> to target type=agg_state<max(INT not null)>
INSERT INTO nn_table SELECT k1, max_state(k1) FROM d_table

statement ok
INSERT INTO nn_table SELECT k2 % 2, max_state(k2) FROM d_table

statement error does not match function min
SELECT k1, min_merge(m) FROM nn_table GROUP BY k1

query rowsort
SELECT k1, max_merge(m) FROM nn_table GROUP BY k1
----
0|2
1|3

# A state cannot be a key, and GENERIC is for states only.
statement error can not be used as a key column
CREATE TABLE bad (k agg_state<sum(int)> GENERIC, v INT SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Aggregate type GENERIC is not compatible with column v of type INT
CREATE TABLE bad (k INT, v INT GENERIC) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Aggregate type SUM is not compatible with column v
CREATE TABLE bad (k INT, v agg_state<sum(int)> SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Can not found function 'foo'
CREATE TABLE bad (k INT, v agg_state<foo(int)> GENERIC) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Aggregate function does not support AggState: stddev
CREATE TABLE bad (k INT, v agg_state<stddev(int)> GENERIC) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Incorrect parameter count in the call to function 'max_by'
CREATE TABLE bad (k INT, v agg_state<max_by(int)> GENERIC) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

# A state column of a DUPLICATE table keeps every written state.
statement ok
CREATE TABLE dup_states (k INT, s agg_state<sum(int)>) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO dup_states SELECT k1 % 2, sum_state(k1) FROM d_table

query rowsort
SELECT k, sum_merge(s), count(*) FROM dup_states GROUP BY k
----
0|2|1
1|4|2

query
SHOW CREATE TABLE m_table
----
m_table|CREATE TABLE `m_table` (
  `k1` int NULL COMMENT "",
  `mb` agg_state<max_by(int not null, int null)> GENERIC NOT NULL COMMENT "",
  `s` agg_state<sum(int null)> GENERIC NOT NULL COMMENT "",
  `c` agg_state<count(int null)> GENERIC NOT NULL COMMENT "",
  `a` agg_state<avg(int null)> GENERIC NOT NULL COMMENT "",
  `lo` agg_state<min(varchar(10) null)> GENERIC NOT NULL COMMENT "",
  `u` agg_state<bitmap_union(bitmap null)> GENERIC NOT NULL COMMENT "",
  `h` agg_state<ndv(int null)> GENERIC NOT NULL COMMENT ""
) ENGINE=OLAP
AGGREGATE KEY(`k1`)
DISTRIBUTED BY HASH(`k1`) BUCKETS 3;

# The states and their types survive a restart.
restart

statement ok
USE state_tables

query rowsort
SELECT k1, sum_merge(s), avg_merge(a), max_by_merge(mb) FROM m_table GROUP BY k1
----
1|6|3|1
2|1|1|1
3|2|2|2
4|3|3|3

statement ok
INSERT INTO m_table (k1, s, mb, c, a, lo, u, h) VALUES (1, sum_state(100), max_by_state(9, 9), count_state(1), avg_state(1), min_state('z'), bitmap_union_state(bitmap_empty()), ndv_state(1))

query rowsort
SELECT k1, sum_merge(s), max_by_merge(mb) FROM m_table GROUP BY k1
----
1|106|9
2|1|1
3|2|2
4|3|3
