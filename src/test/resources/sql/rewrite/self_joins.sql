# A table joined with itself: each of the query's occurrences is paired with one of the MV's, every
# pairing tried (up to materialized_view_relation_mapping_max_count) until one matches.

statement ok
CREATE DATABASE selfjoin

statement ok
USE selfjoin

statement ok
CREATE TABLE emp (id INT NOT NULL, mgr INT NULL, name VARCHAR(8) NOT NULL, dept VARCHAR(8) NOT NULL)
DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO emp VALUES (1, NULL, 'ada', 'eng'), (2, 1, 'bo', 'eng'), (3, 1, 'cy', 'ops'), (4, 2, 'di', 'eng'), (5, 3, 'ed', 'ops')

statement ok
CREATE MATERIALIZED VIEW bosses BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT e.id, e.name, e.dept, m.name AS boss, m.dept AS boss_dept FROM emp e JOIN emp m ON e.mgr = m.id

wait tasks

query rowsort both
SELECT e.name, m.name FROM emp e JOIN emp m ON e.mgr = m.id WHERE e.dept = 'eng'
----
bo|ada
di|bo

materializations
SELECT e.name, m.name FROM emp e JOIN emp m ON e.mgr = m.id WHERE e.dept = 'eng'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: bosses
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

# The same join written the other way round: the first pairing fails, the second matches.
query rowsort both
SELECT worker.name, chief.dept FROM emp chief JOIN emp worker ON worker.mgr = chief.id WHERE chief.dept = 'ops'
----
ed|ops

materializations
SELECT worker.name, chief.dept FROM emp chief JOIN emp worker ON worker.mgr = chief.id WHERE chief.dept = 'ops'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
  Names: bosses
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
(empty)

statement ok
SET materialized_view_relation_mapping_max_count = 1

materializations
SELECT worker.name, chief.dept FROM emp chief JOIN emp worker ON worker.mgr = chief.id WHERE chief.dept = 'ops'
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: bosses
  FailSummary: Predicate compensate fail: the view's predicate mgr = id is not in the query

statement ok
SET materialized_view_relation_mapping_max_count = 8

# Colleagues (the same manager) are another join of the same tables.
materializations
SELECT a.name, b.name FROM emp a JOIN emp b ON a.mgr = b.mgr
----
MaterializedView
MaterializedViewRewriteSuccessAndChose:
(empty)
MaterializedViewRewriteSuccessButNotChose:
(empty)
MaterializedViewRewriteFail:
  Name: bosses
  FailSummary: Predicate compensate fail: the view's predicate mgr = id is not in the query
