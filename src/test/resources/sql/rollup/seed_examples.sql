# Synchronous MVs, seed 004: the usage examples. (1) count(distinct) answered from a
# bitmap_union(to_bitmap(..)) rollup; (2) a rollup that reorders columns, chosen for a query that
# filters on its first column; (3) pre-computed expressions and a pre-filtering WHERE.

statement ok
create database test_db

statement ok
use test_db

# ---- Example 1: advertisers' UV through a bitmap rollup

statement ok
create table advertiser_view_record
(
click_time datetime,
advertiser varchar(10),
channel varchar(10),
user_id int
) distributed by hash(user_id) properties("replication_num" = "1")

statement ok
insert into advertiser_view_record values("2020-02-02 02:02:02",'a','a',1), ("2020-02-02 02:02:02",'a','a',2)

statement ok
create materialized view advertiser_uv as
select
advertiser as advertiser_,
channel as channel_,
bitmap_union(to_bitmap(user_id))
from
advertiser_view_record
group by
advertiser, channel

statement ok
insert into advertiser_view_record values("2020-02-03 02:02:02",'a','a',2), ("2020-02-03 02:02:02",'a','b',3), ("2020-02-03 02:02:02",'b','a',1)

query rowsort both
select
advertiser,
channel,
count(distinct user_id)
from
advertiser_view_record
group by
advertiser, channel
----
a|a|2
a|b|1
b|a|1

materializations
select
advertiser,
channel,
count(distinct user_id)
from
advertiser_view_record
group by
advertiser, channel
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.advertiser_view_record.advertiser_uv chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# Grouped as the rollup is, each row's bitmap is counted as it is, without a union.
query
explain shape plan select advertiser, channel, count(distinct user_id) from advertiser_view_record group by advertiser, channel
----
Project
  Scan test_db.advertiser_view_record(advertiser_uv)

# Rolled up further: the UV per advertiser unions the channels' bitmaps.
query rowsort both
select advertiser, count(distinct user_id) from advertiser_view_record group by advertiser
----
a|3
b|1

materializations
select advertiser, count(distinct user_id) from advertiser_view_record group by advertiser
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.advertiser_view_record.advertiser_uv chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

query columns=IndexName,IndexKeysType,Field,Type,Key,Extra,DefineExpr
desc advertiser_view_record all
----
advertiser_view_record|DUP_KEYS|click_time|DATETIME|true|(empty)|(empty)
(empty)|(empty)|advertiser|VARCHAR(10)|true|(empty)|(empty)
(empty)|(empty)|channel|VARCHAR(10)|false|NONE|(empty)
(empty)|(empty)|user_id|INT|false|NONE|(empty)
(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)
advertiser_uv|AGG_KEYS|advertiser_|VARCHAR(10)|true|(empty)|advertiser
(empty)|(empty)|channel_|VARCHAR(10)|true|(empty)|channel
(empty)|(empty)|bitmap_union(to_bitmap(user_id))|BITMAP|false|BITMAP_UNION|to_bitmap(user_id)

# ---- Example 2: another prefix index

statement ok
create table test_table
(
k1 int,
k2 int,
k3 int,
kx int
)
distributed by hash(k1)
properties("replication_num" = "1")

statement ok
insert into test_table values(1,1,1,1),(3,3,3,3)

statement ok
create materialized view mv_1 as SELECT k3 as k3_, k2 as k2_, k1 as k1_ FROM test_table

query rowsort both
select k1, k2, k3 from test_table where k3=3
----
3|3|3

materializations
select k1, k2, k3 from test_table where k3=3
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.test_table.mv_1 chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# As many rows as the table and no filter on k3: the table is read.
materializations
select k1, k2, k3 from test_table where k1=3
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  chose: none,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
  internal.test_db.test_table.mv_1 fail,
  FailSummary: The materialized view holds as many rows as its table and is sorted first by k3, which the query does not filter on: reading it is not cheaper

# ---- Example 3: pre-filtering and expressions computed ahead of time

statement ok
create table d_table (
k1 int null,
k2 int not null,
k3 bigint null,
k4 date null
)
duplicate key (k1,k2,k3)
distributed BY hash(k1) buckets 3
properties("replication_num" = "1")

statement ok
insert into d_table select 1,1,1,'2020-02-20'

statement ok
insert into d_table select 2,2,2,'2021-02-20'

statement ok
insert into d_table select 3,-3,null,'2022-02-20'

statement ok
create materialized view mv1 as
select
abs(k1)+k2+1,
sum(abs(k2+2)+k3+3)
from
d_table
group by
abs(k1)+k2+1

statement ok
create materialized view mv2 as
select
year(k4),
month(k4)
from
d_table
where
year(k4) = 2020

statement ok
insert into d_table values (4,0,5,'2020-03-01'), (-1,3,7,'2023-01-01')

# Hit mv1
query rowsort both
select
abs(k1)+k2+1,
sum(abs(k2+2)+k3+3)
from
d_table
group by
abs(k1)+k2+1
----
1|NULL
3|7
5|34

materializations
select
abs(k1)+k2+1,
sum(abs(k2+2)+k3+3)
from
d_table
group by
abs(k1)+k2+1
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.d_table.mv1 chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
  internal.test_db.d_table.mv2 fail,
  FailSummary: Rewrite compensate predicate by view fail: the view's predicate (year(k4) = 2020) is not in the query

# Hit mv1
query rowsort both
select
bin(abs(k1)+k2+1),
sum(abs(k2+2)+k3+3)
from
d_table
group by
bin(abs(k1)+k2+1)
----
101|34
11|7
1|NULL

materializations
select
bin(abs(k1)+k2+1),
sum(abs(k2+2)+k3+3)
from
d_table
group by
bin(abs(k1)+k2+1)
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.d_table.mv1 chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
  internal.test_db.d_table.mv2 fail,
  FailSummary: Rewrite compensate predicate by view fail: the view's predicate (year(k4) = 2020) is not in the query

# Hit mv2
query rowsort both
select
year(k4) + month(k4)
from
d_table
where
year(k4) = 2020
----
2022
2023

materializations
select
year(k4) + month(k4)
from
d_table
where
year(k4) = 2020
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.d_table.mv2 chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
  internal.test_db.d_table.mv1 fail,
  FailSummary: Match mode is invalid: the view aggregates and the query does not

# Hit table d_table but not hit mv2, because where condition does not match
query rowsort both
select
year(k4),
month(k4)
from
d_table
----
2020|2
2020|3
2021|2
2022|2
2023|1

materializations
select
year(k4),
month(k4)
from
d_table
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  chose: none,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
  internal.test_db.d_table.mv2 fail,
  FailSummary: Rewrite compensate predicate by view fail: the view's predicate (year(k4) = 2020) is not in the query
  internal.test_db.d_table.mv1 fail,
  FailSummary: Match mode is invalid: the view aggregates and the query does not

query columns=IndexName,IndexKeysType,Field,Type,Key,Extra,DefineExpr,WhereClause
desc d_table all
----
d_table|DUP_KEYS|k1|INT|true|(empty)|(empty)|(empty)
(empty)|(empty)|k2|INT|true|(empty)|(empty)|(empty)
(empty)|(empty)|k3|BIGINT|true|(empty)|(empty)|(empty)
(empty)|(empty)|k4|DATE|false|NONE|(empty)|(empty)
(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)
mv1|AGG_KEYS|abs(k1) + k2 + 1|LARGEINT|true|(empty)|abs(k1) + k2 + 1|(empty)
(empty)|(empty)|sum(abs(k2 + 2) + k3 + 3)|LARGEINT|false|SUM|abs(k2 + 2) + k3 + 3|(empty)
(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)
mv2|DUP_KEYS|year(k4)|SMALLINT|true|(empty)|year(k4)|year(k4) = 2020
(empty)|(empty)|month(k4)|TINYINT|true|(empty)|month(k4)|(empty)
