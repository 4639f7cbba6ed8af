# Synchronous MVs (rollups) keeping states: <agg>_union(<agg>_state(x)) per group is a GENERIC
# column of the rollup, kept in the base table's write, and answers <agg>(x) and its combinators.

statement ok
CREATE DATABASE state_rollups

statement ok
USE state_rollups

statement ok
CREATE TABLE events (dt DATE NOT NULL, site VARCHAR(8) NOT NULL, uid BIGINT NULL, ms INT NULL)
DUPLICATE KEY(dt, site) DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO events VALUES ('2024-01-01', 'a', 1, 10), ('2024-01-01', 'a', 2, NULL), ('2024-01-01', 'b', 1, 30), ('2024-01-02', 'a', 3, 5)

statement ok
CREATE MATERIALIZED VIEW per_site AS SELECT site AS site_, dt AS dt_, sum_union(sum_state(ms)) AS s, avg_union(avg_state(ms)) AS a,
    count_union(count_state(ms)) AS c, bitmap_union_union(bitmap_union_state(to_bitmap(uid))) AS u
FROM events GROUP BY site, dt

wait tasks

query rowsort both
SELECT site, sum(ms), avg(ms), count(ms), bitmap_count(bitmap_union(to_bitmap(uid))) FROM events GROUP BY site
----
a|15|7.5|2|3
b|30|30|1|1

materializations
SELECT site, sum(ms), avg(ms), count(ms) FROM events GROUP BY site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.state_rollups.events.per_site chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# The base table's writes keep the rollup's states merged.
statement ok
INSERT INTO events VALUES ('2024-01-01', 'a', 4, 20), ('2024-01-03', 'b', NULL, NULL)

query rowsort both
SELECT site, sum_merge(sum_state(ms)), avg(ms), count(ms), bitmap_count(bitmap_union(to_bitmap(uid))) FROM events GROUP BY site
----
a|35|11.666666666666666|3|4
b|30|30|1|1

statement ok
DELETE FROM events WHERE dt = '2024-01-02'

query rowsort both
SELECT site, dt, sum(ms), avg(ms), count(ms) FROM events GROUP BY site, dt
----
a|2024-01-01|30|15|2
b|2024-01-01|30|30|1
b|2024-01-03|NULL|NULL|0

materializations
SELECT site, dt, sum(ms), avg(ms), count(ms) FROM events GROUP BY site, dt
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.state_rollups.events.per_site chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# A combinator other than union keeps no states, and is refused as any other function is.
statement error The materialized view does not support aggregate function sum_merge(sum_state(ms))
CREATE MATERIALIZED VIEW merged AS SELECT site AS site_m, sum_merge(sum_state(ms)) FROM events GROUP BY site

# On an AGGREGATE table, a rollup of a state column unions the column's states.
statement ok
CREATE TABLE totals (site VARCHAR(8) NOT NULL, dt DATE NOT NULL, s agg_state<sum(int)> GENERIC, m agg_state<max(int)> GENERIC)
AGGREGATE KEY(site, dt) DISTRIBUTED BY HASH(site) BUCKETS 1

statement ok
INSERT INTO totals SELECT site, dt, sum_state(ms), max_state(ms) FROM events

statement ok
CREATE MATERIALIZED VIEW totals_by_site AS SELECT site AS site_, sum_union(s), max_union(m) FROM totals GROUP BY site

wait tasks

statement ok
INSERT INTO totals VALUES ('a', '2024-01-05', sum_state(100), max_state(100))

query rowsort both
SELECT site, sum_merge(s), max_merge(m) FROM totals GROUP BY site
----
a|130|100
b|30|30

materializations
SELECT site, sum_merge(s), max_merge(m) FROM totals GROUP BY site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.state_rollups.totals.totals_by_site chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

statement error Aggregate function require same with slot aggregate type, input: MAX, required: GENERIC
CREATE MATERIALIZED VIEW bad_rollup AS SELECT site AS site_b, max(m) FROM totals GROUP BY site

# Doris's older spelling: a rollup of an AGGREGATE KEY table's columns unions its state columns.
statement ok
ALTER TABLE totals ADD ROLLUP r_site (site, s)

wait tasks

statement ok
INSERT INTO totals VALUES ('b', '2024-01-06', sum_state(7), max_state(7))

query rowsort both
SELECT site, sum_merge(s) FROM totals GROUP BY site
----
a|130
b|37

statement ok
DROP MATERIALIZED VIEW totals_by_site ON totals

materializations
SELECT site, sum_merge(s) FROM totals GROUP BY site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.state_rollups.totals.r_site chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)
