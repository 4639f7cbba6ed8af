# Synchronous MVs, seed 004: the sales records example. A rollup that sums sale_amt by store is
# built as a job over the existing rows, listed by SHOW ALTER TABLE MATERIALIZED VIEW, described by
# DESC .. ALL and SHOW CREATE MATERIALIZED VIEW, kept by every write and chosen for the query it answers.

statement ok
create database test_db

statement ok
use test_db

statement ok
create table sales_records
(
record_id int,
seller_id int,
store_id int,
sale_date date,
sale_amt bigint
)
distributed by hash(record_id)
properties("replication_num" = "1")

statement ok
insert into sales_records values(1,1,1,"2020-02-02",1), (1,1,1,"2020-02-02",2)

statement ok
create materialized view store_amt as
select store_id as store_id_, sum(sale_amt) from sales_records group by store_id

query columns=TableName,BaseIndexName,RollupIndexName,State,Msg,Progress,Timeout
show alter table materialized view from test_db
----
sales_records|sales_records|store_amt|FINISHED|(empty)|NULL|2592000

query
desc sales_records all
----
sales_records|DUP_KEYS|record_id|INT|INT|Yes|true|NULL|(empty)|true|(empty)|(empty)
(empty)|(empty)|seller_id|INT|INT|Yes|true|NULL|(empty)|true|(empty)|(empty)
(empty)|(empty)|store_id|INT|INT|Yes|true|NULL|(empty)|true|(empty)|(empty)
(empty)|(empty)|sale_date|DATE|DATE|Yes|false|NULL|NONE|true|(empty)|(empty)
(empty)|(empty)|sale_amt|BIGINT|BIGINT|Yes|false|NULL|NONE|true|(empty)|(empty)
(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)|(empty)
store_amt|AGG_KEYS|store_id_|INT|INT|Yes|true|NULL|(empty)|true|store_id|(empty)
(empty)|(empty)|sum(sale_amt)|BIGINT|BIGINT|Yes|false|NULL|SUM|true|sale_amt|(empty)

query
show create materialized view store_amt on sales_records
----
sales_records|store_amt|select store_id as store_id_, sum(sale_amt) from sales_records group by store_id

query rowsort both
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----
1|3

materializations
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.sales_records.store_amt chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# Every write keeps the rollup: new rows add to their store's sum, a DELETE on a column the rollup
# holds removes its groups, TRUNCATE empties it. The query reads the rollup each time.
statement ok
insert into sales_records values(2,1,2,"2020-02-03",5), (3,2,1,"2020-02-04",7), (4,2,3,"2020-02-04",null)

query rowsort both
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----
1|10
2|5
3|NULL

statement ok
delete from sales_records where store_id = 2

query rowsort both
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----
1|10
3|NULL

# A DELETE whose condition names a column the rollup does not hold cannot be applied to it.
statement error Column[sale_amt] not exist in index store_amt. maybe you need drop the corresponding materialized-view.
delete from sales_records where sale_amt = 2

query rowsort both
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----
1|10
3|NULL

materializations
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  internal.test_db.sales_records.store_amt chose,
MaterializedViewRewriteSuccessButNotChose:
  not chose: none,
MaterializedViewRewriteFail:
(empty)

# A count the rollup does not keep is computed from the table.
query rowsort both
SELECT store_id, SUM(sale_amt), count(*) FROM sales_records GROUP BY store_id
----
1|10|3
3|NULL|1

# A rollup is not a table: it cannot be queried by its name.
statement error Table [store_amt] does not exist in database [test_db].
select * from store_amt

statement error Materialized view[store_amt] already exists
create materialized view store_amt as select store_id as s2, max(sale_amt) from sales_records group by store_id

statement ok
truncate table sales_records

query rowsort both
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----

statement ok
insert into sales_records values(5,1,4,"2020-02-05",9)

query rowsort both
SELECT store_id, SUM(sale_amt) FROM sales_records GROUP BY store_id
----
4|9

statement ok
drop materialized view store_amt on sales_records

statement error Materialized view [store_amt] does not exist in table [sales_records]
drop materialized view store_amt on sales_records

# The seed's FAQ: Doris 3.0 chooses synchronous MVs by the plan's structure, the only way here.
statement ok
SET enable_sync_mv_cost_based_rewrite = true

statement error Variable 'enable_sync_mv_cost_based_rewrite' can't be set to the value of '0': synchronous materialized views are chosen by the structure of the query's plan only
SET enable_sync_mv_cost_based_rewrite = false
