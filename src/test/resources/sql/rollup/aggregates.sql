# Synchronous MVs: what a rollup answers beyond its own query (fewer keys, a filter on a key, an
# average from its sum and count, distinct counts from its bitmap and HLL), and its groups after a DELETE.

statement ok
create database agg_db

statement ok
use agg_db

statement ok
create table visits (day date, site int, user_id int, ms int) duplicate key (day) distributed by hash(site) buckets 1 properties("replication_num" = "1")

statement ok
insert into visits values ('2024-01-01', 1, 10, 100), ('2024-01-01', 1, 11, 300), ('2024-01-01', 2, 10, 50), ('2024-01-02', 1, 12, 70), ('2024-01-02', 2, 13, 900), ('2024-01-02', 2, 13, null)

statement ok
create materialized view daily as select day as d_, site as s_, sum(ms), count(ms), count(*), min(ms), max(ms), bitmap_union(to_bitmap(user_id)), hll_union(hll_hash(user_id)) from visits group by day, site

# Rolled up to fewer keys, filtered on a key, an average from the sum and count, distinct counts.
query rowsort both
select site, sum(ms), count(*), avg(ms), min(ms), max(ms), count(distinct user_id), approx_count_distinct(user_id) from visits group by site
----
1|470|3|156.66666666666666|70|300|3|3
2|950|3|475|50|900|2|2

materializations
select site, sum(ms), count(*), avg(ms), min(ms), max(ms), count(distinct user_id), approx_count_distinct(user_id) from visits group by site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.agg_db.visits.daily chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

query rowsort both
select day, max(ms) from visits where site = 2 group by day
----
2024-01-01|50
2024-01-02|900

query rowsort both
select count(*), sum(ms) from visits
----
6|1420

# A DELETE names only the rollup's columns, so its groups go whole; they are derived again from the
# remaining rows (none), and a later insert starts them afresh.
statement ok
delete from visits where day = '2024-01-02' and site = 2

query rowsort both
select day, site, min(ms), max(ms), count(distinct user_id), count(*) from visits group by day, site
----
2024-01-01|1|100|300|2|2
2024-01-01|2|50|50|1|1
2024-01-02|1|70|70|1|1

materializations
select day, site, min(ms), max(ms), count(distinct user_id), count(*) from visits group by day, site
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.agg_db.visits.daily chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

statement ok
insert into visits values ('2024-01-02', 2, 14, 5)

query rowsort both
select day, site, min(ms), max(ms), count(distinct user_id), count(*) from visits group by day, site
----
2024-01-01|1|100|300|2|2
2024-01-01|2|50|50|1|1
2024-01-02|1|70|70|1|1
2024-01-02|2|5|5|1|1

# A rollup that aggregates appends partial rows and folds them into one per key once there are as
# many as its last fold left (at least 256): answers stay the same across folds.
statement ok
create table many (k int, g int, v int) duplicate key (k) distributed by hash(k) buckets 1 properties("replication_num" = "1")

statement ok
create materialized view many_g as select g as g_, sum(v), count(*), max(v) from many group by g

statement ok
insert into many select number, number % 1500, 1 from numbers("number" = "3000")

statement ok
insert into many select number, number % 1700, 2 from numbers("number" = "1700")

statement ok
insert into many select number, number % 3, 5 from numbers("number" = "9")

query rowsort both
select count(*), sum(s), sum(n), max(m) from (select g, sum(v) s, count(*) n, max(v) m from many group by g) t
----
1700|6445|4709|5

query rowsort both
select g, sum(v), count(*), max(v) from many where g in (0, 1, 2, 1499, 1500, 1699) group by g
----
0|19|6|5
1499|4|3|2
1500|2|1|2
1699|2|1|2
1|19|6|5
2|19|6|5

materializations
select g, sum(v), count(*), max(v) from many where g in (0, 1, 2, 1499, 1500, 1699) group by g
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.agg_db.many.many_g chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)
