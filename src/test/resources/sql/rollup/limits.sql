# Synchronous MVs: every limit of seed 004 is refused with Doris's message, and a refused
# definition leaves the table without a rollup or a job.

statement ok
create database limits_db

statement ok
use limits_db

statement ok
create table t (k1 int, k2 int, v1 bigint, s varchar(10), id bigint auto_increment) duplicate key (k1) distributed by hash(k1) buckets 1 properties("replication_num" = "1")

statement ok
create table u (k1 int, k2 int, v1 bigint) unique key (k1, k2) distributed by hash(k1) buckets 1 properties("replication_num" = "1")

statement ok
create table a (k1 int, k2 int, v_sum bigint sum, v_max int max) aggregate key (k1, k2) distributed by hash(k1) buckets 1 properties("replication_num" = "1")

statement ok
create table other (k1 int, x int) distributed by hash(k1) buckets 1 properties("replication_num" = "1")

statement error The materialized view only support one table in from clause.
create materialized view m as select t.k1 as kk, other.x from t join other on t.k1 = other.k1

statement error The having clause is not supported in add materialized view clause, expr:sum(v1) > 1
create materialized view m as select k1 as kk, sum(v1) from t group by k1 having sum(v1) > 1

statement error The limit clause is not supported in add materialized view clause, expr: limit 1
create materialized view m as select k1 as kk, k2 as kk2 from t limit 1

statement error The lateral view clause is not supported in add materialized view clause
create materialized view m as select k1 as kk, e from t lateral view explode([1, 2]) tmp as e

statement error table in from clause is invalid, please check if it's single table and not sub-query
create materialized view m as select kk from (select k1 as kk from t) s

statement error The materialized view contain constant expr is disallowed, expr: 1
create materialized view m as select k1 as kk, 1 from t

statement error The select expr is duplicated.
create materialized view m as select k1 + 1, k1 + 1 as x from t

statement error The materialized view only support the single column or function expr. Error column: row_number() OVER (ORDER BY k1)
create materialized view m as select k1 as kk, row_number() over (order by k1) from t

statement error The materialized view can not involved auto increment column
create materialized view m as select k1 as kk, id + 1 from t

statement error The materialized view's expr calculations cannot be included outside aggregate functions, expr: sum(v1) + 1
create materialized view m as select k1 as kk, sum(v1) + 1 from t group by k1

statement error The aggregate column should be after none agg column
create materialized view m as select sum(v1), k1 as kk from t group by k1

statement error The materialized view must contain at least one key column
create materialized view m as select sum(v1) from t

statement error The materialized view contain now is disallowed
create materialized view m as select k1 as kk, v1 from t where k2 < unix_timestamp(now())

statement error Duplicate column name 'k1'
create materialized view m as select k1, sum(v1) from t group by k1

statement error The group expr k2 not in select list
create materialized view m as select k1 as kk, sum(v1) from t group by k1, k2

statement error The select expr k2 not in grouping or aggregate columns
create materialized view m as select k1 as kk, k2 as kk2, sum(v1) from t group by k1

statement error The materialized view does not support aggregate function avg(v1); it stores sum, min, max, count, bitmap_union, hll_union and <agg>_union of states
create materialized view m as select k1 as kk, avg(v1) from t group by k1

statement error BITMAP_UNION need input a bitmap column, but input INT
create materialized view m as select k1 as kk, bitmap_union(k2) from t group by k1

statement error The order of columns in order by clause must be same as the order of columns in select list, k1 vs k2
create materialized view m as select k1 as kk, k2 as kk2 from t order by k2

statement error The number of columns in order clause must be less than the number of columns in select clause
create materialized view m as select k1 as kk from t order by k1, k2

statement error MV same with base table is useless.
create materialized view m as select k1 as a, x as b from other

statement error The materialized view of unique table must not has grouping columns
create materialized view m as select k1 as kk, sum(v1) from u group by k1

statement error The materialized view of uniq table must contain all key columns. column:k2
create materialized view m as select k1 as kk, v1 as vv from u

statement error The materialized view of unique table can only reorder columns, expr: v1 + 1
create materialized view m as select k2 as kk2, k1 as kk, v1 + 1 from u

statement error The mvItem[v_sum]'s isKey must same with all slot, mvItem.isKey=true
create materialized view m as select k1 as kk, v_sum as vv from a

statement error Aggregate function require same with slot aggregate type, input: SUM, required: MAX
create materialized view m as select k1 as kk, sum(v_max) from a group by k1

statement error The where clause contained aggregate column is not supported, expr is sum(v1) > 0
create materialized view m as select k1 as kk, k2 as kk2 from t where sum(v1) > 0

# A name taken by another rollup of the table needs an alias too.
statement ok
create materialized view m1 as select k2 as k2_, k1 as k1_ from t

statement error Duplicate column name 'k2_'
create materialized view m2 as select k2 as k2_, sum(v1) from t group by k2

statement error Cannot drop base index by using DROP ROLLUP or DROP MATERIALIZED VIEW.
drop materialized view t on t

statement ok
drop materialized view if exists nothing on t

# Nothing is being built: there is nothing to cancel.
statement error Table[t] is not under ROLLUP. Use 'ALTER TABLE DROP ROLLUP' if you want to.
cancel alter table materialized view from limits_db.t

query columns=RollupIndexName,State
show alter table materialized view
----
m1|FINISHED

# A column a rollup is computed from stays until the rollup is dropped.
statement error Can not change column[k2]: materialized view [m1] on table [t] is computed from it. Drop the materialized view first
alter table t drop column k2

statement ok
drop materialized view m1 on t

statement ok
alter table t drop column k2

query
show create materialized view m1 on t
----

# ALTER TABLE's column clauses may name the table's base index, never a rollup: a rollup's columns are
# those of its defining query (before, the rollup name was dropped and DROP COLUMN .. FROM r dropped
# the base table's column).
statement ok
create materialized view k2_sum as select v1 as v1_, k1 as k1_ from t

statement error Changing the columns of rollup k2_sum is not supported: drop it and create it again with the columns it should have
alter table t drop column s from k2_sum

statement error Changing the columns of rollup k2_sum is not supported: drop it and create it again with the columns it should have
alter table t add column extra int to k2_sum

statement error Changing the columns of rollup k2_sum is not supported: drop it and create it again with the columns it should have
alter table t modify column s varchar(20) from k2_sum

statement ok
alter table t add column extra int to t

query columns=Field
desc t
----
k1
v1
s
id
extra
