# Synchronous MVs on each key model: a rollup merges its rows as the table's model would, and
# UPDATE, upserts, DELETE, TRUNCATE of partitions, INSERT OVERWRITE and REPLACE PARTITION keep it in
# step. Every query runs with and without rewrite, and reads the rollup where the EXPLAIN says so.

statement ok
create database km

statement ok
use km

# ---- AGGREGATE KEY: the rollup keeps each value column's aggregation

statement ok
create table agg (k1 int, k2 int, v_sum bigint sum, v_max int max, v_min int min) aggregate key (k1, k2) distributed by hash(k1) buckets 1 properties("replication_num" = "1")

statement ok
insert into agg values (1, 1, 10, 5, 5), (1, 2, 20, 7, 1), (2, 1, 5, 3, 3)

statement ok
create materialized view agg_k1 as select k1 as k1_, sum(v_sum), max(v_max), min(v_min) from agg group by k1

statement ok
insert into agg values (1, 1, 1, 9, 0), (3, 3, 3, 3, 3)

query rowsort both
select k1, sum(v_sum), max(v_max), min(v_min) from agg group by k1
----
1|31|9|0
2|5|3|3
3|3|3|3

materializations
select k1, sum(v_sum), max(v_max), min(v_min) from agg group by k1
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.km.agg.agg_k1 chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

statement ok
delete from agg where k1 = 3

query rowsort both
select k1, sum(v_sum), max(v_max), min(v_min) from agg group by k1
----
1|31|9|0
2|5|3|3

# ---- UNIQUE KEY: a rollup that reorders the columns follows upserts, UPDATE and DELETE

statement ok
create table uq (id int, region varchar(8), amount int) unique key (id, region) distributed by hash(id) buckets 1 properties("replication_num" = "1")

statement ok
insert into uq values (1, 'east', 10), (2, 'west', 20), (3, 'east', 30)

statement ok
create materialized view uq_by_region as select region as region_, id as id_, amount as amount_ from uq

statement ok
insert into uq values (2, 'west', 25), (4, 'north', 40)

statement ok
update uq set amount = amount + 1 where region = 'west' or id = 3

statement ok
delete from uq where id = 1

query rowsort both
select id, region, amount from uq where region = 'west'
----
2|west|26

materializations
select id, region, amount from uq where region = 'west'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.km.uq.uq_by_region chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

query columns=IndexName,IndexKeysType,Field,Key,Extra
desc uq all
----
uq|UNIQUE_KEYS|id|true|(empty)
(empty)|(empty)|region|true|(empty)
(empty)|(empty)|amount|false|(empty)
(empty)|(empty)|(empty)|(empty)|(empty)
uq_by_region|UNIQUE_KEYS|region_|true|(empty)
(empty)|(empty)|id_|true|(empty)
(empty)|(empty)|amount_|false|(empty)

# ---- DUPLICATE KEY, partitioned: partition-wide writes derive the rollup again

statement ok
create table sales (dt date, shop int, amount int) duplicate key (dt) partition by range (dt) (partition p1 values less than ('2024-02-01'), partition p2 values less than ('2024-03-01')) distributed by hash(shop) buckets 1 properties("replication_num" = "1")

statement ok
insert into sales values ('2024-01-05', 1, 10), ('2024-01-06', 2, 20), ('2024-02-05', 1, 30), ('2024-02-06', 1, 40)

statement ok
create materialized view by_shop as select shop as shop_, sum(amount), count(amount), count(*) from sales group by shop

query rowsort both
select shop, sum(amount), count(amount), count(*) from sales group by shop
----
1|80|3|3
2|20|1|1

statement ok
truncate table sales partition (p1)

query rowsort both
select shop, sum(amount), count(*) from sales group by shop
----
1|70|2

statement ok
insert overwrite table sales partition (p2) values ('2024-02-10', 2, 5), ('2024-02-11', 3, null)

query rowsort both
select shop, sum(amount), count(amount), count(*) from sales group by shop
----
2|5|1|1
3|NULL|0|1

statement ok
alter table sales drop partition p2

statement ok
insert into sales values ('2024-01-07', 4, 1), ('2024-01-08', 4, 2)

query rowsort both
select shop, sum(amount), count(*) from sales group by shop
----
4|3|2

materializations
select shop, sum(amount), count(*) from sales group by shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.km.sales.by_shop chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# ---- A rollup with a WHERE: rows outside it never reach it

statement ok
create table events (id int, kind varchar(8), n int) duplicate key (id) distributed by hash(id) buckets 1 properties("replication_num" = "1")

statement ok
insert into events values (1, 'click', 1), (2, 'view', 2)

statement ok
create materialized view clicks as select kind as kind_, sum(n) from events where kind = 'click' group by kind

statement ok
insert into events values (3, 'click', 5), (4, 'view', 7)

query rowsort both
select kind, sum(n) from events where kind = 'click' group by kind
----
click|6

materializations
select kind, sum(n) from events where kind = 'click' group by kind
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.km.events.clicks chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# ---- In an explicit transaction the rollup holds the transaction's own writes

statement ok
begin

statement ok
insert into events values (5, 'click', 100)

query rowsort both
select kind, sum(n) from events where kind = 'click' group by kind
----
click|106

statement ok
rollback

query rowsort both
select kind, sum(n) from events where kind = 'click' group by kind
----
click|6

# ---- The rollups and their rows survive a restart

statement ok
use km

restart

statement ok
use km

query rowsort both
select shop, sum(amount), count(*) from sales group by shop
----
4|3|2

materializations
select shop, sum(amount), count(*) from sales group by shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.km.sales.by_shop chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

query columns=TableName,RollupIndexName,State
show alter table materialized view from km
----
agg|agg_k1|FINISHED
uq|uq_by_region|FINISHED
sales|by_shop|FINISHED
events|clicks|FINISHED
