# Async MVs over aggregate states, and transparent rewrite with them as Doris's agg_state MV suites
# show: an MV keeping sum_union(sum_state(x)) per finer group answers sum(x), sum_merge(sum_state(x))
# and sum_union(sum_state(x)) over coarser groups, merging its states. An MV keeping values
# (sum(x), or sum_merge(..)) answers a combinator only where it groups exactly as the query does.

statement ok
CREATE DATABASE state_mvs

statement ok
USE state_mvs

statement ok
CREATE TABLE sales (dt DATE NOT NULL, shop VARCHAR(8) NOT NULL, item INT NOT NULL, qty INT NULL, price DECIMAL(10, 2) NULL, buyer BIGINT NULL, note VARCHAR(20) NULL)
DUPLICATE KEY(dt) DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO sales VALUES
('2024-01-01', 'a', 1, 3, 10.50, 100, 'x'), ('2024-01-01', 'a', 2, NULL, 4.25, 101, NULL), ('2024-01-01', 'b', 1, 5, 10.50, 100, 'y'),
('2024-01-02', 'a', 1, 1, 11.00, 102, 'z'), ('2024-01-02', 'b', 3, 7, NULL, NULL, 'x'), ('2024-01-02', 'b', 3, 2, 2.00, 103, 'w'),
('2024-01-03', 'a', 2, 4, 4.25, 100, NULL)

statement ok
CREATE MATERIALIZED VIEW shop_states BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, shop, item,
    sum_union(sum_state(qty)) AS s_qty, count_union(count_state(qty)) AS c_qty, count_union(count_state()) AS c_all,
    avg_union(avg_state(price)) AS a_price, min_union(min_state(price)) AS lo, max_union(max_state(note)) AS hi,
    max_by_union(max_by_state(item, price)) AS top_item, bitmap_union_union(bitmap_union_state(to_bitmap(buyer))) AS buyers,
    ndv_union(ndv_state(buyer)) AS ndv_buyers, group_concat_union(group_concat_state(note)) AS notes,
    multi_distinct_count_union(multi_distinct_count_state(buyer)) AS d_buyers
FROM sales GROUP BY dt, shop, item

wait tasks

# The MV's state columns are states: DESC shows their types, SELECT shows them as binary data.
query columns=Field,Type,Null
DESC shop_states
----
dt|DATE|No
shop|VARCHAR(8)|No
item|INT|No
s_qty|agg_state<sum(INT null)>|No
c_qty|agg_state<count(INT null)>|No
c_all|agg_state<count()>|No
a_price|agg_state<avg(DECIMAL(10, 2) null)>|No
lo|agg_state<min(DECIMAL(10, 2) null)>|No
hi|agg_state<max(VARCHAR(20) null)>|No
top_item|agg_state<max_by(INT not null, DECIMAL(10, 2) null)>|No
buyers|agg_state<bitmap_union(BITMAP not null)>|No
ndv_buyers|agg_state<ndv(BIGINT null)>|No
notes|agg_state<group_concat(VARCHAR(20) null)>|No
d_buyers|agg_state<multi_distinct_count(BIGINT null)>|No

query rowsort
SELECT dt, shop, item, s_qty FROM shop_states WHERE dt = '2024-01-01'
----
2024-01-01|a|1|0x7B2776273A20337D
2024-01-01|a|2|0x7B2776273A204E554C4C7D
2024-01-01|b|1|0x7B2776273A20357D

# A plain aggregate rolls up from the MV's states with <agg>_merge.
query rowsort both
SELECT shop, sum(qty), count(qty), count(*), avg(price), min(price), max(note), max_by(item, price), bitmap_count(bitmap_union(to_bitmap(buyer))), ndv(buyer)
FROM sales GROUP BY shop
----
a|8|3|4|7.5000|4.25|z|1|3|3
b|14|3|3|6.2500|2.00|y|1|2|2

materializations
SELECT shop, sum(qty), count(qty), count(*), avg(price), min(price), max(note), max_by(item, price), bitmap_count(bitmap_union(to_bitmap(buyer))), ndv(buyer)
FROM sales GROUP BY shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: shop_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# COUNT(DISTINCT x) from the distinct values multi_distinct_count keeps.
query rowsort both
SELECT shop, count(DISTINCT buyer), multi_distinct_count(buyer) FROM sales GROUP BY shop
----
a|3|3
b|2|2

materializations
SELECT shop, count(DISTINCT buyer), multi_distinct_count(buyer) FROM sales GROUP BY shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: shop_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# So do the merges of states, and unions of states stay states to merge further up.
query rowsort both
SELECT shop, sum_merge(sum_state(qty)), avg_merge(avg_state(price)), count_merge(count_state()), length(group_concat_merge(group_concat_state(note)))
FROM sales GROUP BY shop
----
a|8|7.5000|4|4
b|14|6.2500|3|7

materializations
SELECT shop, sum_merge(sum_state(qty)), avg_merge(avg_state(price)) FROM sales GROUP BY shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: shop_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

query rowsort both
SELECT dt, sum_merge(s), avg_merge(a) FROM (SELECT dt, shop, sum_union(sum_state(qty)) AS s, avg_union(avg_state(price)) AS a FROM sales GROUP BY dt, shop) t GROUP BY dt
----
2024-01-01|8|8.4166
2024-01-02|10|6.5000
2024-01-03|4|4.2500

materializations
SELECT dt, shop, sum_union(sum_state(qty)), avg_union(avg_state(price)) FROM sales GROUP BY dt, shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: shop_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# The whole table as one group, and the MV's own groups.
query both
SELECT sum(qty), count(qty), count(*), avg(price) FROM sales WHERE shop = 'a'
----
8|3|4|7.5000

query rowsort both
SELECT dt, shop, item, sum(qty), sum_merge(sum_state(qty)), sum_union(sum_state(qty)) FROM sales GROUP BY dt, shop, item
----
2024-01-01|a|1|3|3|0x7B2776273A20337D
2024-01-01|a|2|NULL|NULL|0x7B2776273A204E554C4C7D
2024-01-01|b|1|5|5|0x7B2776273A20357D
2024-01-02|a|1|1|1|0x7B2776273A20317D
2024-01-02|b|3|9|9|0x7B2776273A20397D
2024-01-03|a|2|4|4|0x7B2776273A20347D

materializations
SELECT dt, shop, item, sum(qty), sum_merge(sum_state(qty)) FROM sales GROUP BY dt, shop, item
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: shop_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# An aggregate the MV keeps no state of is not rolled up.
materializations
SELECT shop, sum(price) FROM sales GROUP BY shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: shop_states
  FailSummary: The aggregate function of query can not roll up: sum(price)

# A refresh after new rows keeps the answers right.
statement ok
INSERT INTO sales VALUES ('2024-01-03', 'b', 1, 10, 1.00, 104, 'v')

statement ok
REFRESH MATERIALIZED VIEW shop_states COMPLETE

wait tasks

query rowsort both
SELECT shop, sum(qty), count(*), avg(price), bitmap_count(bitmap_union(to_bitmap(buyer))) FROM sales GROUP BY shop
----
a|8|4|7.5000|3
b|24|4|4.5000|3

# An MV keeping values answers a combinator over coarser groups neither from sum(x) nor from
# sum_merge(sum_state(x)), as in Doris; over its own groups, the same expression is its column.
statement ok
CREATE MATERIALIZED VIEW shop_values BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT shop, item, sum(qty) AS s, sum_merge(sum_state(qty)) AS m FROM sales GROUP BY shop, item

wait tasks

materializations
SELECT shop, sum_merge(sum_state(qty)) FROM sales GROUP BY shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: shop_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: shop_values
  FailSummary: The aggregate function of query can not roll up: sum_merge(sum_state(qty))

materializations
SELECT shop, item, sum_merge(sum_state(qty)) FROM sales GROUP BY shop, item
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: shop_values
MaterializedViewRewriteSuccessButNotChose:
  Names: shop_states
MaterializedViewRewriteFail:
(empty)

query rowsort both
SELECT shop, item, sum_merge(sum_state(qty)) FROM sales GROUP BY shop, item
----
a|1|4
a|2|4
b|1|15
b|3|9

statement ok
DROP MATERIALIZED VIEW shop_values

# An MV of one state per row answers the aggregate over any groups.
statement ok
CREATE MATERIALIZED VIEW row_states BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, shop, sum_state(qty) AS s, avg_state(price) AS a FROM sales

wait tasks

statement ok
DROP MATERIALIZED VIEW shop_states

query rowsort both
SELECT shop, sum(qty), avg(price), sum_merge(sum_state(qty)) FROM sales GROUP BY shop
----
a|8|7.5000|8
b|24|4.5000|24

materializations
SELECT shop, sum(qty), avg(price) FROM sales GROUP BY shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: row_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# Incremental maintenance does not keep states (as Doris's IVM, whose functions are plain aggregates):
# an MV of states is refreshed COMPLETE or by partitions.
statement error IVMAnalyzer does not support aggregate function: sum_union
CREATE MATERIALIZED VIEW incremental_states REFRESH INCREMENTAL ON MANUAL AS SELECT shop, sum_union(sum_state(qty)) AS s FROM sales GROUP BY shop
