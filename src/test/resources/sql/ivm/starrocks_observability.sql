# StarRocks's view of incremental MVs: information_schema.materialized_views shows REFRESH_MODE
# INCREMENTAL; task_runs EXTRA_MESSAGE says what ran (PCT for the bootstrap, INCREMENTAL after) and the
# change range consumed; materialized_view_refresh_jobs shows the range for incremental refreshes only.

statement ok
CREATE DATABASE sr_ivm

statement ok
USE sr_ivm

statement ok
CREATE TABLE pk_base (id INT NOT NULL, g INT, v BIGINT) PRIMARY KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 2
PROPERTIES ('enable_change_data_capture' = 'true')

statement ok
INSERT INTO pk_base VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)

statement ok
CREATE MATERIALIZED VIEW sums REFRESH DEFERRED MANUAL PROPERTIES ('refresh_mode' = 'INCREMENTAL') AS
SELECT g, count(*) AS c, sum(v) AS s FROM pk_base GROUP BY g

query
SELECT TABLE_NAME, REFRESH_MODE, REFRESH_TRIGGER FROM information_schema.materialized_views WHERE TABLE_SCHEMA = 'sr_ivm'
----
sums|INCREMENTAL|MANUAL

statement ok
REFRESH MATERIALIZED VIEW sums WITH SYNC MODE

statement ok
UPDATE pk_base SET v = 25 WHERE id = 2

statement ok
DELETE FROM pk_base WHERE id = 3

statement ok
REFRESH MATERIALIZED VIEW sums WITH SYNC MODE

query
SELECT * FROM sums ORDER BY g
----
1|2|35

query
SELECT get_json_string(EXTRA_MESSAGE, '$.refreshMode'), STATE,
       get_json_string(EXTRA_MESSAGE, '$.imvSourceVersionRange') LIKE '{"default_catalog.sr_ivm.pk_base":{"start":"%","end":"%"}}'
FROM information_schema.task_runs WHERE `DATABASE` = 'sr_ivm' ORDER BY get_json_double(EXTRA_MESSAGE, '$.processStartTime')
----
PCT|SUCCESS|1
INCREMENTAL|SUCCESS|1

query
SELECT REFRESH_MODE, REFRESH_STATE, IMV_SOURCE_VERSION_RANGE IS NULL, IMV_SOURCE_TIMESTAMP_RANGE IS NULL
FROM information_schema.materialized_view_refresh_jobs WHERE TABLE_SCHEMA = 'sr_ivm' ORDER BY CAST(JOB_ID AS BIGINT)
----
INCREMENTAL|SUCCESS|1|1
INCREMENTAL|SUCCESS|0|0

# The range consumed: from the bootstrap's end to the newest change, in TSOs and in commit times.
query
SELECT IMV_SOURCE_VERSION_RANGE LIKE '{"default_catalog.sr_ivm.pk_base":{"start":"%","end":"%"}}',
       IMV_SOURCE_TIMESTAMP_RANGE LIKE '{"default_catalog.sr_ivm.pk_base":{"start":"17%","end":"17%"}}'
FROM information_schema.materialized_view_refresh_jobs WHERE TABLE_SCHEMA = 'sr_ivm' AND IMV_SOURCE_VERSION_RANGE IS NOT NULL
----
1|1

# No changes since: the refresh is SKIPPED for the reason MV_UP_TO_DATE (Doris: NOT_REFRESH).
statement ok
REFRESH MATERIALIZED VIEW sums WITH SYNC MODE

query
SELECT STATE, get_json_string(EXTRA_MESSAGE, '$.refreshMode'), get_json_string(EXTRA_MESSAGE, '$.skipReason')
FROM information_schema.task_runs WHERE `DATABASE` = 'sr_ivm' ORDER BY get_json_double(EXTRA_MESSAGE, '$.processStartTime') DESC LIMIT 1
----
SKIPPED|INCREMENTAL|MV_UP_TO_DATE

query
SELECT RefreshMode FROM tasks("type" = "mv") ORDER BY TaskId DESC LIMIT 1
----
NOT_REFRESH

# The skipped refresh consumed an empty window: start equals end, the previous refresh's end.
query
SELECT count(*) FROM information_schema.materialized_view_refresh_jobs a, information_schema.materialized_view_refresh_jobs b
WHERE a.TABLE_SCHEMA = 'sr_ivm' AND b.TABLE_SCHEMA = 'sr_ivm' AND CAST(b.JOB_ID AS BIGINT) > CAST(a.JOB_ID AS BIGINT)
  AND get_json_string(a.IMV_SOURCE_VERSION_RANGE, '$."default_catalog.sr_ivm.pk_base".end')
    = get_json_string(b.IMV_SOURCE_VERSION_RANGE, '$."default_catalog.sr_ivm.pk_base".start')
  AND get_json_string(b.IMV_SOURCE_VERSION_RANGE, '$."default_catalog.sr_ivm.pk_base".start')
    = get_json_string(b.IMV_SOURCE_VERSION_RANGE, '$."default_catalog.sr_ivm.pk_base".end')
----
1
