# query_timeout (queries, UPDATE, DELETE) and insert_timeout (INSERT, CREATE TABLE .. AS SELECT) bound
# a statement's run time in seconds: past it the statement is interrupted and rolled back with
# Doris's message. /*+ SET_VAR(..) */ sets variables for one statement only.

statement ok
CREATE DATABASE qt

statement ok
USE qt

statement ok
CREATE TABLE t (k BIGINT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 1), (2, 2)

statement ok
SET query_timeout = 1

# A join of 10^12 pairs: it would not end on its own.
statement error query is timeout, killed by timeout checker
SELECT count(*) FROM numbers("number" = "1000000") a, numbers("number" = "1000000") b WHERE b.number = 0 OR a.number + b.number = -1

# The session goes on.
query
SELECT count(*) FROM t
----
2

statement ok
SET query_timeout = DEFAULT

statement error query is timeout, killed by timeout checker
SELECT /*+ SET_VAR(query_timeout = 1) */ count(*) FROM numbers("number" = "1000000") a, numbers("number" = "1000000") b WHERE b.number = 0 OR a.number + b.number = -1

# The hint held for its statement only.
query
SELECT @@query_timeout
----
900

query
SELECT /*+ SET_VAR(sql_select_limit = 1) */ k FROM t ORDER BY k
----
1

query
SELECT k FROM t ORDER BY k
----
1
2

statement ok
SET insert_timeout = 1

statement error query is timeout, killed by timeout checker
INSERT INTO t SELECT a.number, 0 FROM numbers("number" = "1000000") a, numbers("number" = "1000000") b WHERE b.number = 0 OR a.number + b.number = -1

statement error query is timeout, killed by timeout checker
CREATE TABLE t2 AS SELECT a.number FROM numbers("number" = "1000000") a, numbers("number" = "1000000") b WHERE b.number = 0 OR a.number + b.number = -1

# Nothing of them stayed.
query
SELECT count(*) FROM t
----
2

statement error Unknown table 't2'
DROP TABLE t2

statement ok
SET insert_timeout = DEFAULT

statement error Incorrect argument type to variable 'query_timeout'
SET query_timeout = 'soon'

statement error Unknown system variable 'no_such_var'
SELECT /*+ SET_VAR(no_such_var = 1) */ 1
