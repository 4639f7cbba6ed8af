# BITMAP and HLL as stored column types: an AGGREGATE KEY table merges BITMAP_UNION and HLL_UNION
# columns across INSERTs, and the bitmap/hll functions give the exact distinct counts.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE uv (
  dt DATE NOT NULL,
  page VARCHAR(10) NOT NULL,
  users BITMAP BITMAP_UNION NOT NULL,
  visitors HLL HLL_UNION NOT NULL,
  hits BIGINT SUM
) AGGREGATE KEY(dt, page) DISTRIBUTED BY HASH(dt) BUCKETS 2

statement ok
INSERT INTO uv VALUES
  ('2024-01-01', 'home', to_bitmap(1), hll_hash(1), 1),
  ('2024-01-01', 'home', to_bitmap(2), hll_hash(2), 1),
  ('2024-01-01', 'cart', to_bitmap(1), hll_hash(1), 1)

statement ok
INSERT INTO uv VALUES
  ('2024-01-01', 'home', to_bitmap(2), hll_hash(2), 1),
  ('2024-01-01', 'home', to_bitmap(3), hll_hash(3), 1),
  ('2024-01-02', 'home', to_bitmap(3), hll_hash(3), 1)

statement ok
INSERT INTO uv SELECT '2024-01-02', 'cart', to_bitmap(number + 10), hll_hash(number + 10), 1 FROM numbers("number" = "5")

# one row per key after the merges
query
SELECT dt, page, bitmap_count(users), hll_cardinality(visitors), hits FROM uv ORDER BY dt, page
----
2024-01-01|cart|1|1|1
2024-01-01|home|3|3|4
2024-01-02|cart|5|5|5
2024-01-02|home|1|1|1

query
SELECT dt, bitmap_union_count(users), hll_union_agg(visitors), sum(hits) FROM uv GROUP BY dt ORDER BY dt
----
2024-01-01|3|3|5
2024-01-02|6|6|6

query
SELECT bitmap_union_count(users), hll_union_agg(visitors), bitmap_count(bitmap_union(users)), hll_cardinality(hll_union(visitors)) FROM uv
----
8|8|8|8

query
SELECT bitmap_to_string(users) FROM uv WHERE dt = '2024-01-01' AND page = 'home'
----
1,2,3

query
SELECT bitmap_to_string(bitmap_union(users)) FROM uv WHERE page = 'cart'
----
1,10,11,12,13,14

query
SELECT page, bitmap_contains(users, 2), bitmap_contains(users, 4) FROM uv WHERE dt = '2024-01-01' ORDER BY page
----
cart|0|0
home|1|0

# a NULL member adds nothing
statement ok
INSERT INTO uv VALUES ('2024-01-01', 'cart', to_bitmap(NULL), hll_hash(NULL), 1)

query
SELECT bitmap_count(users), hll_cardinality(visitors), hits FROM uv WHERE dt = '2024-01-01' AND page = 'cart'
----
1|1|2

query
SELECT bitmap_count(to_bitmap(7)), bitmap_count(bitmap_empty()), hll_cardinality(hll_empty()), bitmap_to_string(bitmap_from_string('3,1,2'))
----
1|0|0|1,2,3

query
SELECT bitmap_count(bitmap_or(to_bitmap(1), to_bitmap(2))), bitmap_count(bitmap_and(bitmap_from_string('1,2,3'), bitmap_from_string('2,3,4')))
----
2|2

# the distinct counts agree with count(DISTINCT) over the raw members
statement ok
CREATE TABLE raw (dt DATE, user_id BIGINT) DUPLICATE KEY(dt) DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO raw VALUES ('2024-01-01', 1), ('2024-01-01', 2), ('2024-01-01', 2), ('2024-01-02', 7), ('2024-01-02', 1)

query
SELECT dt, count(DISTINCT user_id), bitmap_union_count(to_bitmap(user_id)), hll_union_agg(hll_hash(user_id)), bitmap_count(bitmap_agg(user_id)) FROM raw GROUP BY dt ORDER BY dt
----
2024-01-01|2|2|2|2
2024-01-02|2|2|2|2

# an AGGREGATE table over the raw rows
statement ok
CREATE TABLE daily (dt DATE NOT NULL, users BITMAP BITMAP_UNION NOT NULL) AGGREGATE KEY(dt) DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO daily SELECT dt, to_bitmap(user_id) FROM raw

query
SELECT dt, bitmap_count(users), bitmap_to_string(users) FROM daily ORDER BY dt
----
2024-01-01|2|1,2
2024-01-02|2|1,7

statement error Aggregate type SUM is not compatible with column b
CREATE TABLE bad (k INT, b BITMAP SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Aggregate type BITMAP_UNION is not compatible with column b
CREATE TABLE bad (k INT, b INT BITMAP_UNION) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
