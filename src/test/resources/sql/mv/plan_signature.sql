# An MV keeps the signature of its definition's logical plan from CREATE; every refresh binds the
# definition afresh and its TaskContext says whether the fresh plan has the same signature
# (planSignatureMatches). The signature covers the plan, not the data: inserts do not change it, a
# restart does not either; a change to what a scan of a base table reads (a column dropped or added,
# a column's type) does, even when the MV does not use that column.

statement ok
CREATE DATABASE psdb

statement ok
USE psdb

statement ok
CREATE TABLE sales (k INT, dt DATE NOT NULL, v INT, note VARCHAR(20)) DUPLICATE KEY(k)
PARTITION BY RANGE(dt) (
    PARTITION p1 VALUES [('2024-01-01'), ('2024-02-01')),
    PARTITION p2 VALUES [('2024-02-01'), ('2024-03-01')))
DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO sales VALUES (1, '2024-01-05', 10, 'a'), (2, '2024-02-07', 20, 'b')

statement ok
CREATE MATERIALIZED VIEW mv_sum BUILD IMMEDIATE REFRESH AUTO ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT k, sum(v) AS s FROM sales GROUP BY k

# A * is kept spelled out; the signature is that of the definition as kept.
statement ok
CREATE MATERIALIZED VIEW mv_star BUILD IMMEDIATE REFRESH AUTO ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT * FROM sales WHERE v > 0

statement ok
CREATE MATERIALIZED VIEW mv_part BUILD IMMEDIATE REFRESH AUTO ON MANUAL
PARTITION BY (date_trunc(dt, 'month')) DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, k, v FROM sales

wait tasks

# The build right after CREATE binds the same plan.
query rowsort
SELECT MvName, Status, TaskContext FROM tasks('type' = 'mv')
----
mv_part|SUCCESS|{"triggerMode":"SYSTEM","partitions":[],"isComplete":false,"refreshMode":"AUTO","planSignatureMatches":true}
mv_star|SUCCESS|{"triggerMode":"SYSTEM","partitions":[],"isComplete":false,"refreshMode":"AUTO","planSignatureMatches":true}
mv_sum|SUCCESS|{"triggerMode":"SYSTEM","partitions":[],"isComplete":false,"refreshMode":"AUTO","planSignatureMatches":true}

# New rows change the data, not the plan.
statement ok
INSERT INTO sales VALUES (3, '2024-02-09', 30, 'c')

statement ok
REFRESH MATERIALIZED VIEW mv_sum AUTO WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW mv_part AUTO WITH SYNC MODE

query
SELECT MvName, RefreshMode, TaskContext FROM tasks('type' = 'mv') WHERE MvName IN ('mv_sum', 'mv_part') ORDER BY TaskId DESC LIMIT 2
----
mv_part|PARTIAL|{"triggerMode":"MANUAL","partitions":[],"isComplete":false,"refreshMode":"AUTO","planSignatureMatches":true}
mv_sum|COMPLETE|{"triggerMode":"MANUAL","partitions":[],"isComplete":false,"refreshMode":"AUTO","planSignatureMatches":true}

# A refresh that rebuilds nothing still binds the definition and checks its plan.
statement ok
REFRESH MATERIALIZED VIEW mv_sum AUTO WITH SYNC MODE

query
SELECT RefreshMode, get_json_string(TaskContext, '$.planSignatureMatches') FROM tasks('type' = 'mv') WHERE MvName = 'mv_sum' ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH|true

# The stored signature survives a restart: nothing changed, the plans still match; the task history
# keeps what each task found.
restart

statement ok
USE psdb

statement ok
REFRESH MATERIALIZED VIEW mv_sum COMPLETE WITH SYNC MODE

statement ok
REFRESH MATERIALIZED VIEW mv_star COMPLETE WITH SYNC MODE

query
SELECT MvName, TaskContext FROM tasks('type' = 'mv') WHERE MvName IN ('mv_sum', 'mv_star') ORDER BY TaskId DESC LIMIT 2
----
mv_star|{"triggerMode":"MANUAL","partitions":[],"isComplete":true,"refreshMode":"COMPLETE","planSignatureMatches":true}
mv_sum|{"triggerMode":"MANUAL","partitions":[],"isComplete":true,"refreshMode":"COMPLETE","planSignatureMatches":true}

query
SELECT count(*) FROM tasks('type' = 'mv') WHERE get_json_string(TaskContext, '$.planSignatureMatches') = 'true'
----
8

# Dropping a column mv_sum does not use: the MV stays NORMAL and refreshes, but the scan of sales
# reads one column less, so its plan is not the one it was created with.
statement ok
ALTER TABLE sales DROP COLUMN note

query
SELECT State FROM mv_infos('database' = 'psdb') WHERE Name = 'mv_sum'
----
NORMAL

statement ok
REFRESH MATERIALIZED VIEW mv_sum COMPLETE WITH SYNC MODE

query
SELECT Status, get_json_string(TaskContext, '$.planSignatureMatches') FROM tasks('type' = 'mv') WHERE MvName = 'mv_sum' ORDER BY TaskId DESC LIMIT 1
----
SUCCESS|false

query rowsort
SELECT * FROM mv_sum
----
1|10
2|20
3|30

# The stored signature stays the one of CREATE: later refreshes keep reporting the change, after a
# restart too.
statement ok
REFRESH MATERIALIZED VIEW mv_part COMPLETE WITH SYNC MODE

restart

statement ok
USE psdb

statement ok
REFRESH MATERIALIZED VIEW mv_sum AUTO WITH SYNC MODE

query
SELECT MvName, get_json_string(TaskContext, '$.planSignatureMatches') FROM tasks('type' = 'mv') WHERE MvName IN ('mv_sum', 'mv_part') ORDER BY TaskId DESC LIMIT 2
----
mv_sum|false
mv_part|false

# Adding a column to a base table changes the plan too: the scan lists every column of its table.
statement ok
CREATE TABLE dim (id INT, name VARCHAR(10)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO dim VALUES (1, 'one')

statement ok
CREATE MATERIALIZED VIEW mv_dim BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT id, name FROM dim

wait tasks

statement ok
ALTER TABLE dim ADD COLUMN extra INT

statement ok
REFRESH MATERIALIZED VIEW mv_dim COMPLETE WITH SYNC MODE

query
SELECT get_json_string(TaskContext, '$.planSignatureMatches') FROM tasks('type' = 'mv') WHERE MvName = 'mv_dim' ORDER BY TaskId
----
true
false

# Tables are signed by name, not id: a base table dropped and created again as it was gives the same
# plan; created again with another column type, another plan (the MV refreshes all the same).
statement ok
CREATE TABLE fact (id INT, amount INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO fact VALUES (1, 5)

statement ok
CREATE MATERIALIZED VIEW mv_fact BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT id, amount FROM fact

wait tasks

statement ok
DROP TABLE fact

statement ok
CREATE TABLE fact (id INT, amount INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO fact VALUES (2, 7)

statement ok
REFRESH MATERIALIZED VIEW mv_fact COMPLETE WITH SYNC MODE

statement ok
DROP TABLE fact

statement ok
CREATE TABLE fact (id INT, amount BIGINT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO fact VALUES (3, 9)

statement ok
REFRESH MATERIALIZED VIEW mv_fact COMPLETE WITH SYNC MODE

query
SELECT Status, get_json_string(TaskContext, '$.planSignatureMatches') FROM tasks('type' = 'mv') WHERE MvName = 'mv_fact' ORDER BY TaskId
----
SUCCESS|true
SUCCESS|true
SUCCESS|false

query
SELECT * FROM mv_fact
----
3|9

# A failed refresh does not get as far as comparing plans: its TaskContext has no planSignatureMatches.
statement ok
ALTER TABLE dim DROP COLUMN name

statement error Unknown column 'name'
REFRESH MATERIALIZED VIEW mv_dim COMPLETE WITH SYNC MODE

query
SELECT Status, TaskContext FROM tasks('type' = 'mv') WHERE MvName = 'mv_dim' ORDER BY TaskId DESC LIMIT 1
----
FAILED|{"triggerMode":"MANUAL","partitions":[],"isComplete":true,"refreshMode":"COMPLETE"}
