# MIN_DELTA edge cases, with commit times pinned a minute apart: updates spanning the window start,
# a key deleted and re-inserted inside the window (existing at the start or not), several rows of
# one key in one statement, an update to the same values, a key created and removed inside the
# window; each net row is one of the window's change rows (its TSO and LSN), relabelled.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
SET time_zone = 'UTC'

statement ok
SET cairn_debug_commit_time = '2025-03-01 09:00:00'

statement ok
CREATE TABLE e (k INT NOT NULL, v VARCHAR(8)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true", "changelog.ttl_seconds" = "315360000")

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:00:00'

statement ok
INSERT INTO e VALUES (1, 'a'), (2, 'a'), (3, 'a')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:01:00'

statement ok
INSERT INTO e VALUES (1, 'b')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:02:00'

statement ok
INSERT INTO e VALUES (1, 'c')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:03:00'

statement ok
INSERT INTO e VALUES (1, 'd')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:04:00'

statement ok
DELETE FROM e WHERE k = 2

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:05:00'

statement ok
INSERT INTO e VALUES (2, 'e')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:06:00'

statement ok
INSERT INTO e VALUES (4, 'x')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:07:00'

statement ok
DELETE FROM e WHERE k = 4

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:08:00'

statement ok
INSERT INTO e VALUES (4, 'y')

# Several rows of key 5 in one statement: the last one is the change.
statement ok
SET cairn_debug_commit_time = '2025-03-01 10:09:00'

statement ok
INSERT INTO e VALUES (5, 'p'), (6, 'z'), (5, 'q')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:10:00'

statement ok
INSERT INTO e VALUES (3, 'a')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:11:00'

statement ok
INSERT INTO e VALUES (6, 'z2')

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:12:00'

statement ok
DELETE FROM e WHERE k = 6

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:13:00'

statement ok
UPDATE e SET v = concat(v, '!') WHERE k = 1

# Key 1 changed before and three times after the start: its value at the start, then its last.
# Key 2 deleted and re-inserted: an update. Key 3 set to the same value: still an update.
# Key 4 created, deleted and re-created, key 5 created: appends. Key 6 came and went: nothing.
query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM e@incr("startTimestamp" = "2025-03-01 10:02:00", "endTimestamp" = "2025-03-01 10:14:00")
ORDER BY k, __DORIS_CHANGELOG_OP__
----
1|b|2
1|d!|3
2|a|2
2|e|3
3|a|2
3|a|3
4|y|0
5|q|0

# Each net row is the window's first or last change of its key, with that change's TSO and LSN.
query
SELECT m.k, m.__DORIS_CHANGELOG_OP__, d.__DORIS_CHANGELOG_OP__
FROM e@incr("startTimestamp" = "2025-03-01 10:02:00", "endTimestamp" = "2025-03-01 10:14:00") m
JOIN e@incr("startTimestamp" = "2025-03-01 10:02:00", "endTimestamp" = "2025-03-01 10:14:00", "incrementType" = "DETAIL") d
ON m.__DORIS_CHANGELOG_TSO__ = d.__DORIS_CHANGELOG_TSO__ AND m.__DORIS_CHANGELOG_LSN__ = d.__DORIS_CHANGELOG_LSN__
ORDER BY 1, 2
----
1|2|2
1|3|3
2|2|1
2|3|0
3|2|2
3|3|3
4|0|0
5|0|0

# A window holding one update of key 1 and the delete and re-insert of key 2.
query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM e@incr("startTimestamp" = "2025-03-01 10:03:00", "endTimestamp" = "2025-03-01 10:06:00")
ORDER BY k, __DORIS_CHANGELOG_OP__
----
1|c|2
1|d|3
2|a|2
2|e|3

# Key 2's re-insert without its delete, key 4 created twice: appends.
query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM e@incr("startTimestamp" = "2025-03-01 10:05:00", "endTimestamp" = "2025-03-01 10:09:00")
ORDER BY k
----
2|e|0
4|y|0

query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM e@incr("startTimestamp" = "2025-03-01 10:07:00", "endTimestamp" = "2025-03-01 10:08:00")
----
4|x|1

# From the start of the history every surviving key is an append of its last value.
query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM e@incr() ORDER BY k
----
1|d!|0
2|e|0
3|a|0
4|y|0
5|q|0

# The bookkeeping survives a restart.
restart

statement ok
USE db

statement ok
SET time_zone = 'UTC'

query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM e@incr("startTimestamp" = "2025-03-01 10:02:00", "endTimestamp" = "2025-03-01 10:14:00")
ORDER BY k, __DORIS_CHANGELOG_OP__
----
1|b|2
1|d!|3
2|a|2
2|e|3
3|a|2
3|a|3
4|y|0
5|q|0

# Before images switched on later: a window that starts earlier still sees the updates recorded
# without them as they were read before (an UPDATE_AFTER first means the key was new).
statement ok
SET cairn_debug_commit_time = '2025-03-01 10:20:00'

statement ok
CREATE TABLE h (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.ttl_seconds" = "315360000")

statement ok
INSERT INTO h VALUES (1, 1)

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:21:00'

statement ok
INSERT INTO h VALUES (1, 2)

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:22:00'

statement ok
ALTER TABLE h SET ("changelog.need_historical_value" = "true")

statement ok
SET cairn_debug_commit_time = '2025-03-01 10:23:00'

statement ok
INSERT INTO h VALUES (1, 3)

statement ok
INSERT INTO h VALUES (2, 1)

query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM h@incr() ORDER BY k
----
1|3|0
2|1|0

query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM h@incr("startTimestamp" = "2025-03-01 10:21:00") ORDER BY k, __DORIS_CHANGELOG_OP__
----
1|3|0
2|1|0

query
SELECT k, v, __DORIS_CHANGELOG_OP__ FROM h@incr("startTimestamp" = "2025-03-01 10:23:00") ORDER BY k, __DORIS_CHANGELOG_OP__
----
1|2|2
1|3|3
2|1|0
