# A partitioned async MV of states: a partition refresh rebuilds the states of the partitions that
# changed, and while some are stale the MV answers from its fresh ones UNION ALL the base's states
# for the rest, merged together.

statement ok
CREATE DATABASE state_parts

statement ok
USE state_parts

statement ok
CREATE TABLE orders (dt DATE NOT NULL, shop VARCHAR(8) NOT NULL, amount DECIMAL(10, 2) NULL, buyer INT NULL)
DUPLICATE KEY(dt) PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY)
DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO orders VALUES ('2024-01-01', 'a', 10.00, 1), ('2024-01-01', 'b', 5.50, 2), ('2024-01-02', 'a', 7.25, 1),
('2024-01-03', 'b', NULL, 3), ('2024-01-03', 'a', 1.00, 4)

statement ok
CREATE MATERIALIZED VIEW daily_states BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt) DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, shop, sum_union(sum_state(amount)) AS s, avg_union(avg_state(amount)) AS a, count_union(count_state()) AS n,
    ndv_union(ndv_state(buyer)) AS b
FROM orders GROUP BY dt, shop

wait tasks

query rowsort both
SELECT shop, sum(amount), avg(amount), count(*), ndv(buyer) FROM orders GROUP BY shop
----
a|18.25|6.0833|3|2
b|5.50|5.5000|2|2

# New rows in one partition: the MV's other partitions answer, the base the changed one.
statement ok
INSERT INTO orders VALUES ('2024-01-02', 'b', 2.00, 5), ('2024-01-02', 'a', 3.00, 6)

query rowsort both
SELECT shop, sum(amount), avg(amount), count(*), ndv(buyer) FROM orders GROUP BY shop
----
a|21.25|5.3125|4|3
b|7.50|3.7500|3|3

materializations
SELECT shop, sum(amount), avg(amount), count(*), ndv(buyer) FROM orders GROUP BY shop
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: daily_states
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

statement ok
REFRESH MATERIALIZED VIEW daily_states AUTO

wait tasks

query rowsort both
SELECT dt, sum_merge(sum_state(amount)), count(*) FROM orders GROUP BY dt
----
2024-01-01|15.50|2
2024-01-02|12.25|3
2024-01-03|1.00|2

query rowsort
SELECT dt, shop, sum_merge(s), avg_merge(a), count_merge(n), ndv_merge(b) FROM daily_states GROUP BY dt, shop
----
2024-01-01|a|10.00|10.0000|1|1
2024-01-01|b|5.50|5.5000|1|1
2024-01-02|a|10.25|5.1250|2|2
2024-01-02|b|2.00|2.0000|1|1
2024-01-03|a|1.00|1.0000|1|1
2024-01-03|b|NULL|NULL|1|1
