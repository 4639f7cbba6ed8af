# Nested date roll-ups: a query over a join grouped by date_trunc(.., 'month' | 'year') is answered from
# an MV of the same join at a finer level (day, month), also with range predicates on the date: a DATE
# truncated to its day is the date itself, and truncating a day to a month, or a month to a year, nests
# (weeks do not nest in months, so a week-level MV does not answer by month).

statement ok
CREATE DATABASE date_rollups

statement ok
USE date_rollups

statement ok
CREATE TABLE f (dt DATE NOT NULL, k INT, v INT) DUPLICATE KEY(dt) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE dm (k INT NOT NULL, name VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO f VALUES ('2023-12-31', 1, 7), ('2024-01-01', 1, 1), ('2024-01-15', 1, 2), ('2024-02-01', 2, 3),
('2024-02-29', 1, 4), ('2025-03-01', 2, 5)

statement ok
INSERT INTO dm VALUES (1, 'a'), (2, 'b')

statement ok
CREATE MATERIALIZED VIEW by_day BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT date_trunc(dt, 'day') AS d, name, sum(v) AS s, count(*) AS c FROM f JOIN dm ON f.k = dm.k
GROUP BY date_trunc(dt, 'day'), name

statement ok
CREATE MATERIALIZED VIEW by_week BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT date_trunc(dt, 'week') AS w, name, sum(v) AS s FROM f JOIN dm ON f.k = dm.k GROUP BY date_trunc(dt, 'week'), name

wait tasks

query rowsort both
SELECT date_trunc(dt, 'month') AS m, name, sum(v), count(*) FROM f JOIN dm ON f.k = dm.k GROUP BY date_trunc(dt, 'month'), name
----
2023-12-01|a|7|1
2024-01-01|a|3|2
2024-02-01|a|4|1
2024-02-01|b|3|1
2025-03-01|b|5|1

materializations
SELECT date_trunc(dt, 'month') AS m, name, sum(v), count(*) FROM f JOIN dm ON f.k = dm.k GROUP BY date_trunc(dt, 'month'), name
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_day
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_week
  FailSummary: The columns used by query are not in view: group by date_trunc(dt, 'month')

query rowsort both
SELECT date_trunc(dt, 'year') AS y, sum(v) FROM f JOIN dm ON f.k = dm.k WHERE dt >= '2024-01-01' AND dt < '2025-01-01'
GROUP BY date_trunc(dt, 'year')
----
2024-01-01|10

materializations
SELECT date_trunc(dt, 'year') AS y, sum(v) FROM f JOIN dm ON f.k = dm.k WHERE dt >= '2024-01-01' AND dt < '2025-01-01'
GROUP BY date_trunc(dt, 'year')
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: by_day
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: by_week
  FailSummary: The columns used by query are not in view: dt

# A month-level MV answers by year, not by day.
statement ok
CREATE MATERIALIZED VIEW by_month BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT date_trunc(dt, 'month') AS m, name, sum(v) AS s FROM f JOIN dm ON f.k = dm.k GROUP BY date_trunc(dt, 'month'), name

wait tasks

query rowsort both
SELECT date_trunc(dt, 'year') AS y, name, sum(v) FROM f JOIN dm ON f.k = dm.k GROUP BY date_trunc(dt, 'year'), name
----
2023-01-01|a|7
2024-01-01|a|7
2024-01-01|b|3
2025-01-01|b|5

query rowsort both
SELECT dt, sum(v) FROM f JOIN dm ON f.k = dm.k WHERE dt BETWEEN '2024-01-01' AND '2024-01-31' GROUP BY dt
----
2024-01-01|1
2024-01-15|2
