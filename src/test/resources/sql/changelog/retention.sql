# Retention by ttl_seconds: the cleanup (run at startup and periodically) removes older changes; a
# window that starts before the retained history fails for MIN_DELTA and is clamped otherwise.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
SET time_zone = 'UTC'

statement ok
SET cairn_debug_commit_time = '2020-01-01 00:00:00'

statement ok
CREATE TABLE t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true", "changelog.ttl_seconds" = "3600")

statement ok
INSERT INTO t VALUES (1, 1), (2, 2)

statement ok
SET cairn_debug_commit_time = ''

statement ok
INSERT INTO t VALUES (3, 3)

restart

statement ok
USE db

statement ok
SET time_zone = 'UTC'

# The 2020 changes are past the one-hour retention and were removed; the recent one is kept.
query
SELECT k, __DORIS_CHANGELOG_OP__ FROM t@incr("incrementType" = "DETAIL")
----
3|0

query
SELECT k FROM t@incr("startTimestamp" = "2019-12-31 00:00:00", "incrementType" = "APPEND_ONLY")
----
3

statement error startTimestamp is before the retained changelog of table t
SELECT k FROM t@incr("startTimestamp" = "2019-12-31 00:00:00", "incrementType" = "MIN_DELTA")

# The table itself keeps every row.
query
SELECT count(*) FROM t
----
3
