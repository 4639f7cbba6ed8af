# Functions Doris and StarRocks users put in materialized views: murmur3 hashes (with Doris's
# documented values), bitmap_hash, multi_distinct_*, and StarRocks's storable PERCENTILE states.

statement ok
CREATE DATABASE db

statement ok
USE db

# Doris documents murmur_hash3_32('hello') = 1321743225 and ('hello', 'world') = 984713481,
# murmur_hash3_64('hello') = -3215607508166160593 and ('hello', 'world') = 3583109472027628045.
query
SELECT murmur_hash3_32('hello'), murmur_hash3_32('hello', 'world'), murmur_hash3_32(NULL), murmur_hash3_32('hello', NULL)
----
1321743225|984713481|NULL|NULL

query
SELECT murmur_hash3_64('hello'), murmur_hash3_64('hello', 'world'), murmur_hash3_64(NULL)
----
-3215607508166160593|3583109472027628045|NULL

# every tail length, a multi-byte string, a number hashed as its text
query
SELECT murmur_hash3_32(''), murmur_hash3_32('a'), murmur_hash3_32('abc'), murmur_hash3_32('abcd'), murmur_hash3_32('abcde'), murmur_hash3_32('ä日本'), murmur_hash3_32(123) = murmur_hash3_32('123')
----
-965378730|1086686554|-885266671|-873246740|-457003122|-946277339|1

statement ok
CREATE TABLE hashed AS SELECT murmur_hash3_32('x') AS h32, murmur_hash3_64('x') AS h64

query columns=Field,Type
DESC hashed
----
h32|INT
h64|BIGINT

# bitmap_hash holds the unsigned 32-bit hash (Doris documents 1321743225 for 'hello'), bitmap_hash64
# the unsigned 64-bit one (15231136565543391023); NULL gives the empty bitmap.
query
SELECT bitmap_to_string(bitmap_hash('hello')), bitmap_to_string(bitmap_hash('abc')), bitmap_to_string(bitmap_hash64('hello')), bitmap_count(bitmap_hash(NULL))
----
1321743225|3409700625|15231136565543391023|0

statement ok
CREATE TABLE visits (dt DATE, page VARCHAR(10), user_name VARCHAR(20), amount INT) DUPLICATE KEY(dt) DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO visits VALUES
  ('2024-01-01', 'home', 'ann', 10), ('2024-01-01', 'home', 'bob', 20), ('2024-01-01', 'home', 'ann', 10),
  ('2024-01-01', 'cart', 'cid', 30), ('2024-01-02', 'home', 'bob', 40), ('2024-01-02', 'home', NULL, NULL)

query
SELECT dt, count(DISTINCT user_name), bitmap_union_count(bitmap_hash(user_name)), bitmap_count(bitmap_union(bitmap_hash(user_name))), multi_distinct_count(user_name), multi_distinct_sum(amount) FROM visits GROUP BY dt ORDER BY dt
----
2024-01-01|3|3|3|3|60
2024-01-02|1|1|1|1|40

query
SELECT multi_distinct_count(user_name), multi_distinct_sum(amount) FROM visits WHERE dt > '2025-01-01'
----
0|NULL

# a BITMAP_UNION column fed by bitmap_hash
statement ok
CREATE TABLE uv (dt DATE NOT NULL, users BITMAP BITMAP_UNION NOT NULL) AGGREGATE KEY(dt) DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO uv SELECT dt, bitmap_hash(user_name) FROM visits

statement ok
INSERT INTO uv VALUES ('2024-01-02', bitmap_hash('ann'))

query
SELECT dt, bitmap_count(users) FROM uv ORDER BY dt
----
2024-01-01|3
2024-01-02|2

# an async MV keeps bitmap_union(bitmap_hash(x)) per group and answers distinct counts from it
statement ok
CREATE MATERIALIZED VIEW uv_mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY HASH(dt) BUCKETS 1
AS SELECT dt, page, bitmap_union(bitmap_hash(user_name)) AS users FROM visits GROUP BY dt, page

wait tasks

query
SELECT dt, bitmap_union_count(users) FROM uv_mv GROUP BY dt ORDER BY dt
----
2024-01-01|3
2024-01-02|1

# StarRocks's PERCENTILE state: percentile_hash stores a value as FLOAT, as StarRocks does
# (its documented percentile_approx_raw(percentile_hash(234.234), 0.99) is 234.23399353027344)
query
SELECT percentile_approx_raw(percentile_hash(234.234), 0.99), percentile_approx_raw(percentile_empty(), 0.5)
----
234.23399353027344|NULL

query
SELECT percentile_approx_raw(percentile_union(percentile_hash(amount)), 0.5) FROM visits
----
20

# StarRocks documents 2.5 as the median of the states of 1, 2, 3 and 4
statement ok
CREATE MATERIALIZED VIEW pct_mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY HASH(k) BUCKETS 1
AS SELECT k, percentile_union(percentile_hash(v)) AS state FROM (SELECT number % 2 AS k, number + 1 AS v FROM numbers("number" = "4")) s GROUP BY k

wait tasks

query
SELECT k, percentile_approx_raw(state, 0.5) FROM pct_mv ORDER BY k
----
0|2
1|3

query
SELECT percentile_approx_raw(percentile_union(state), 0.5), percentile_approx_raw(percentile_union(state), 1) FROM pct_mv
----
2.5|4
