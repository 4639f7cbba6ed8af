# Values a function builds are limited to max_allowed_packet (64 MB by default), or to exec_mem_limit
# when that is smaller (Doris's floor: 2 MB); the statement fails before the value is built.
statement ok
CREATE DATABASE value_limits

statement ok
USE value_limits

statement error Result of repeat() was larger than max_allowed_packet (67108864)
SELECT repeat('x', 2000000000)

statement error Result of lpad() was larger than max_allowed_packet (67108864)
SELECT lpad('a', 100000000, 'x')

statement error Result of rpad() was larger than max_allowed_packet (67108864)
SELECT rpad('a', 100000000, 'x')

statement error Result of repeat() was larger than max_allowed_packet (67108864)
SELECT space(100000000)

# Within the limit, and an empty string repeated any number of times, as before.
query
SELECT repeat('ab', 3), length(repeat('', 3000000000)), lpad('a', 3, 'x'), rpad('a', 3, 'x'), concat('[', space(2), ']'), repeat('a', -1), repeat(NULL, 2)
----
ababab|0|xxa|axx|[  ]|(empty)|NULL

statement ok
CREATE TABLE t (k INT, s VARCHAR(10), n BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 'ab', 2), (2, 'c', 70000000), (3, '', 90000000000)

# Row by row: only a row whose value would be too large fails the statement.
query rowsort
SELECT k, length(repeat(s, n)) FROM t WHERE k <> 2
----
1|4
3|0

statement error Result of repeat() was larger than max_allowed_packet (67108864)
SELECT k, length(repeat(s, n)) FROM t

statement error Result of repeat() was larger than max_allowed_packet (67108864)
INSERT INTO t SELECT 4, 'x', length(repeat(s, n)) FROM t WHERE k = 2

query
SELECT count(*) FROM t
----
3

# exec_mem_limit, when smaller, is the limit, raised to Doris's floor of 2 MB.
statement ok
SET exec_mem_limit = 1048576

query
SELECT length(repeat('x', 2097152))
----
2097152

statement error Result of repeat() was larger than exec_mem_limit (2097152)
SELECT repeat('x', 2097153)

statement error Result of repeat() was larger than exec_mem_limit (4194304)
SELECT /*+ SET_VAR(exec_mem_limit = 4194304) */ repeat('x', 5000000)

statement ok
SET exec_mem_limit = DEFAULT

query
SELECT length(repeat('x', 5000000))
----
5000000

statement error Incorrect argument type to variable 'exec_mem_limit'
SET exec_mem_limit = 'lots'

query
SELECT @@exec_mem_limit
----
2147483648
