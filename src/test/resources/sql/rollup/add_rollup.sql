# ALTER TABLE .. ADD ROLLUP, Doris's older spelling of a synchronous MV: a rollup of some columns of
# the table (on an AGGREGATE KEY table, its value columns through their own aggregation), built by a
# job, kept at every write and chosen for queries like any synchronous MV; DROP ROLLUP removes it.

statement ok
CREATE DATABASE add_rollup

statement ok
USE add_rollup

statement ok
CREATE TABLE sales (dt DATE NOT NULL, region VARCHAR(10) NOT NULL, city VARCHAR(10) NOT NULL, amount BIGINT SUM, cnt BIGINT SUM,
top BIGINT MAX) AGGREGATE KEY(dt, region, city) DISTRIBUTED BY HASH(region) BUCKETS 1

statement ok
INSERT INTO sales VALUES ('2024-01-01', 'cn', 'bj', 10, 1, 10), ('2024-01-01', 'cn', 'sh', 20, 1, 20),
('2024-01-02', 'us', 'ny', 5, 1, 5)

statement ok
ALTER TABLE sales ADD ROLLUP by_region (region, amount, top), by_day (dt, cnt)

query columns=IndexName,Field,Type,Key
DESC sales ALL
----
sales|dt|DATE|true
(empty)|region|VARCHAR(10)|true
(empty)|city|VARCHAR(10)|true
(empty)|amount|BIGINT|false
(empty)|cnt|BIGINT|false
(empty)|top|BIGINT|false
(empty)|(empty)|(empty)|(empty)
by_region|region|VARCHAR(10)|true
(empty)|amount|BIGINT|false
(empty)|top|BIGINT|false
(empty)|(empty)|(empty)|(empty)
by_day|dt|DATE|true
(empty)|cnt|BIGINT|false

statement ok
INSERT INTO sales VALUES ('2024-01-02', 'cn', 'bj', 7, 1, 30)

query rowsort both
SELECT region, sum(amount), max(top) FROM sales GROUP BY region
----
cn|37|30
us|5|5

materializations
SELECT region, sum(amount), max(top) FROM sales GROUP BY region
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.add_rollup.sales.by_region chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
  internal.add_rollup.sales.by_day fail,
  FailSummary: The columns used by query are not in view: group by region

query columns=TableName,RollupIndexName,State
SHOW ALTER TABLE ROLLUP
----
sales|by_region|FINISHED
sales|by_day|FINISHED

statement error A rollup is built from its table: FROM by_day is not sales
ALTER TABLE sales ADD ROLLUP r2 (region, cnt) FROM by_day

statement error Unknown column 'nope' in 'sales'
ALTER TABLE sales ADD ROLLUP r3 (region, nope)

statement ok
ALTER TABLE sales DROP ROLLUP by_region, by_day

query columns=IndexName
DESC sales ALL
----
sales
(empty)
(empty)
(empty)
(empty)
(empty)

# On a DUPLICATE KEY table a rollup is the columns as they are.
statement ok
CREATE TABLE events (ts DATETIME NOT NULL, user_id INT NOT NULL, kind VARCHAR(8)) DUPLICATE KEY(ts) DISTRIBUTED BY HASH(user_id) BUCKETS 1

statement ok
INSERT INTO events VALUES ('2024-01-01 10:00:00', 1, 'click'), ('2024-01-01 11:00:00', 2, 'view')

statement ok
ALTER TABLE events ADD ROLLUP by_user (user_id, kind)

query rowsort both
SELECT user_id, kind FROM events WHERE user_id = 2
----
2|view
