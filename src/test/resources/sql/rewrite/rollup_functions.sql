# The roll-up table of seed 002 2.2.5, function by function: what a query's aggregate is computed
# from when the MV keeps finer groups.

statement ok
CREATE DATABASE rollup

statement ok
USE rollup

statement ok
CREATE TABLE visits (day DATE NOT NULL, site VARCHAR(8) NOT NULL, page INT NOT NULL, uid INT NULL, ms INT NULL)
DUPLICATE KEY(day) DISTRIBUTED BY HASH(day) BUCKETS 1

statement ok
INSERT INTO visits VALUES
('2024-01-01', 'a', 1, 10, 100), ('2024-01-01', 'a', 2, 11, NULL), ('2024-01-01', 'b', 1, 10, 300),
('2024-01-02', 'a', 1, 12, 50), ('2024-01-02', 'b', 3, NULL, 70), ('2024-01-02', 'b', 3, 13, 80),
('2024-01-03', 'a', 2, 10, 20)

statement ok
CREATE MATERIALIZED VIEW daily BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT day, site, page,
    count(*) AS n, count(ms) AS n_ms, sum(ms) AS total_ms, min(ms) AS fastest, max(ms) AS slowest,
    bitmap_union(to_bitmap(uid)) AS users, hll_union(hll_hash(uid)) AS users_hll, any_value(page) AS a_page
FROM visits GROUP BY day, site, page

wait tasks

# COUNT rolls up as the SUM of counts, AVG as their quotient, MIN and MAX as themselves.
query rowsort both
SELECT site, count(*), count(ms), sum(ms), min(ms), max(ms), avg(ms) FROM visits GROUP BY site
----
a|4|3|170|20|100|56.666666666666664
b|3|3|450|70|300|150

materializations
SELECT site, count(*), count(ms), sum(ms), min(ms), max(ms), avg(ms) FROM visits GROUP BY site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: daily
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# COUNT(DISTINCT) and BITMAP_UNION_COUNT from the bitmap; the approximate counts from the HLL.
query rowsort both
SELECT site, count(DISTINCT uid), bitmap_union_count(to_bitmap(uid)), approx_count_distinct(uid), ndv(uid),
    hll_union_agg(hll_hash(uid))
FROM visits GROUP BY site
----
a|3|3|3|3|3
b|2|2|2|2|2

materializations
SELECT site, count(DISTINCT uid), bitmap_union_count(to_bitmap(uid)), approx_count_distinct(uid), ndv(uid),
    hll_union_agg(hll_hash(uid))
FROM visits GROUP BY site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: daily
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# Aggregates that duplicates do not change, over the MV's group columns.
query rowsort both
SELECT day, count(DISTINCT site), max(page), min(site), any_value(page) IS NOT NULL FROM visits GROUP BY day
----
2024-01-01|2|2|a|1
2024-01-02|2|3|a|1
2024-01-03|1|2|a|1

materializations
SELECT day, count(DISTINCT site), max(page), min(site) FROM visits GROUP BY day
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: daily
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# The whole table as one group: counts of no rows are 0, not NULL.
query both
SELECT count(*), count(DISTINCT uid), sum(ms) FROM visits WHERE day > '2024-01-05'
----
0|0|NULL

# A SUM over a group column would count each MV row once, not each visit: not answered.
materializations
SELECT site, sum(page) FROM visits GROUP BY site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: daily
  FailSummary: The aggregate function of query can not roll up: sum(page)

# AVG of a DECIMAL from the MV's sums and counts: the same digits avg gives, truncated as Doris does.
statement ok
CREATE TABLE prices (day DATE NOT NULL, site VARCHAR(8) NOT NULL, price DECIMAL(10, 2) NULL)
DUPLICATE KEY(day) DISTRIBUTED BY HASH(day) BUCKETS 1

statement ok
INSERT INTO prices VALUES ('2024-01-01', 'a', 10.00), ('2024-01-01', 'a', 10.01), ('2024-01-02', 'a', 0.01),
('2024-01-01', 'b', 3.33), ('2024-01-02', 'b', NULL), ('2024-01-03', 'b', 1.00), ('2024-01-03', 'c', NULL)

statement ok
CREATE MATERIALIZED VIEW price_days BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT day, site, sum(price) AS total, count(price) AS priced FROM prices GROUP BY day, site

wait tasks

query rowsort both
SELECT site, avg(price) FROM prices GROUP BY site
----
a|6.6733
b|2.1650
c|NULL

query both
SELECT avg(price), count(price) FROM prices
----
4.8700|5

materializations
SELECT site, avg(price) FROM prices GROUP BY site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: price_days
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)
