# Privileges as Doris grants them: on *.*.*, a database or a table, to accounts and roles, checked on
# every statement. Sessions of other accounts log in from host 'test'.

statement ok
CREATE DATABASE d1

statement ok
CREATE TABLE d1.t1 (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE d1.t2 (k INT, w VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO d1.t1 VALUES (1, 10), (2, 20)

statement ok
INSERT INTO d1.t2 VALUES (1, 'a')

statement ok
CREATE VIEW d1.v2 AS SELECT k, w FROM d1.t2

statement ok
CREATE DATABASE d2

statement ok
CREATE USER jack IDENTIFIED BY 'pw'

# ---------------------------------------------------------------- nothing granted

connection j as jack

statement error SELECT command denied to user 'jack'@'test' for table 'd1.t1'
SELECT * FROM d1.t1

statement error Access denied for user 'jack'@'test' to database 'd1'
USE d1

query
SHOW DATABASES
----

query
SELECT count(*) FROM information_schema.tables WHERE TABLE_SCHEMA = 'd1'
----
0

statement error Access denied; you need (at least one of) the ADMIN privilege(s) for this operation
ADMIN SET FRONTEND CONFIG ("max_running_txn_num_per_db" = "100")

statement error Access denied; you need (at least one of) the ADMIN privilege(s) for this operation
SET GLOBAL query_timeout = 100

statement error Access denied; you need (at least one of) the ADMIN privilege(s) for this operation
SELECT * FROM local("file_path" = "csv/people.csv", "format" = "csv")

statement error Access denied; you need (at least one of) the GRANT privilege(s) for this operation
CREATE USER other

statement error Access denied; you need (at least one of) the GRANT privilege(s) for this operation
GRANT SELECT_PRIV ON d1.* TO jack

statement error Access denied for user 'jack'@'test' to database 'd2'
CREATE DATABASE d2

statement error CREATE command denied to user 'jack'@'test' for table 'd1.t9'
CREATE TABLE d1.t9 (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

# A session may set its own session variables and its own password.
statement ok
SET query_timeout = 100

statement ok
SET PASSWORD = PASSWORD('pw2')

statement error Access denied; you need (at least one of) the GRANT privilege(s) for this operation
SET PASSWORD FOR root = PASSWORD('x')

# ---------------------------------------------------------------- one table

connection default

statement ok
GRANT SELECT_PRIV ON d1.t1 TO jack

connection j

query rowsort
SELECT * FROM d1.t1
----
1|10
2|20

query
SHOW DATABASES
----
d1

statement ok
USE d1

query
SHOW TABLES
----
t1

query rowsort
SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.columns WHERE TABLE_SCHEMA = 'd1'
----
t1|k
t1|v

statement error SELECT command denied to user 'jack'@'test' for table 'd1.t2'
SELECT * FROM t1 JOIN t2 ON t1.k = t2.k

# Reading through a subquery, a CTE or INSERT .. SELECT is reading.
statement error SELECT command denied to user 'jack'@'test' for table 'd1.t2'
SELECT * FROM t1 WHERE k IN (SELECT k FROM t2)

statement error SELECT command denied to user 'jack'@'test' for table 'd1.t2'
WITH c AS (SELECT * FROM t2) SELECT * FROM c

statement error LOAD command denied to user 'jack'@'test' for table 'd1.t1'
INSERT INTO t1 VALUES (3, 30)

statement error LOAD command denied to user 'jack'@'test' for table 'd1.t1'
DELETE FROM t1 WHERE k = 1

statement error LOAD command denied to user 'jack'@'test' for table 'd1.t1'
TRUNCATE TABLE t1

statement error DROP command denied to user 'jack'@'test' for table 'd1.t1'
DROP TABLE t1

statement error ALTER command denied to user 'jack'@'test' for table 'd1.t1'
ALTER TABLE t1 ADD COLUMN x INT

statement error SHOW command denied to user 'jack'@'test' for table 'd1.t2'
DESC t2

query columns=Table
SHOW CREATE TABLE t1
----
t1

# ---------------------------------------------------------------- a database

connection default

statement ok
GRANT LOAD_PRIV, ALTER_PRIV ON d1.* TO jack

connection j

statement ok
INSERT INTO t1 VALUES (3, 30)

# UPDATE and DELETE read the rows they change with LOAD_PRIV alone.
statement ok
DELETE FROM t1 WHERE k = 3

statement ok
ALTER TABLE t1 ADD COLUMN x INT

statement error SELECT command denied to user 'jack'@'test' for table 'd1.t2'
INSERT INTO t1 SELECT k, 0, 0 FROM t2

# A view is read with SELECT_PRIV on the view, not on the tables it reads.
connection default

statement ok
GRANT SELECT_PRIV ON d1.v2 TO jack

connection j

query
SELECT * FROM v2
----
1|a

statement error SELECT command denied to user 'jack'@'test' for table 'd1.t2'
SELECT * FROM t2

# ---------------------------------------------------------------- roles

connection default

statement ok
CREATE ROLE analyst COMMENT 'reads d1'

statement error Role analyst already exists
CREATE ROLE analyst

statement ok
GRANT SELECT_PRIV ON d1.* TO ROLE 'analyst'

statement ok
GRANT 'analyst' TO jack

connection j

query
SELECT count(*) FROM t2
----
1

connection default

query columns=Name,Comment,Users,GlobalPrivs,DatabasePrivs
SHOW ROLES
----
operator|built-in operator role|'root'@'%'|Node_priv,Admin_priv|NULL
admin|built-in admin role|'admin'@'%'|Admin_priv|NULL
analyst|reads d1|'jack'@'%'|NULL|internal.d1: Select_priv

query
SHOW GRANTS FOR jack
----
'jack'@'%'|(empty)|Yes|analyst|NULL|NULL|internal.d1: Select_priv,Load_priv,Alter_priv|internal.d1.t1: Select_priv; internal.d1.v2: Select_priv

statement ok
REVOKE 'analyst' FROM jack

statement error Role analyst is not granted to 'jack'@'%'
REVOKE 'analyst' FROM jack

connection j

statement error SELECT command denied to user 'jack'@'test' for table 'd1.t2'
SELECT count(*) FROM t2

# A user sees its own grants only.
query columns=UserIdentity,Roles,DatabasePrivs
SHOW GRANTS
----
'jack'@'%'|(empty)|internal.d1: Load_priv,Alter_priv

statement error Access denied; you need (at least one of) the GRANT privilege(s) for this operation
SHOW GRANTS FOR root

statement error Access denied; you need (at least one of) the GRANT privilege(s) for this operation
SHOW ALL GRANTS

statement error Access denied; you need (at least one of) the GRANT privilege(s) for this operation
SHOW ROLES

query
SELECT * FROM information_schema.user_privileges
----

# ---------------------------------------------------------------- revoking

connection default

statement ok
REVOKE SELECT_PRIV ON d1.t1 FROM jack

statement error There is no such grant defined for user 'jack' on host '%'
REVOKE SELECT_PRIV ON d1.t1 FROM jack

statement error There is no such grant defined for user 'jack' on host '%'
REVOKE DROP_PRIV ON d1.* FROM jack

connection j

statement error SELECT command denied to user 'jack'@'test' for table 'd1.t1'
SELECT * FROM t1

# ---------------------------------------------------------------- global privileges

connection default

statement ok
GRANT GRANT_PRIV, SELECT_PRIV ON *.*.* TO jack

connection j

query rowsort
SELECT PRIVILEGE_TYPE, IS_GRANTABLE FROM information_schema.user_privileges WHERE GRANTEE = '''jack''@''%'''
----
Grant_priv|YES
Select_priv|YES

statement ok
CREATE USER other

statement ok
GRANT SELECT_PRIV ON d2.* TO other

statement error Access denied; you need (at least one of) the NODE privilege(s) for this operation
GRANT NODE_PRIV ON *.*.* TO other

query rowsort
SELECT * FROM t1
----
1|10|NULL
2|20|NULL

# ---------------------------------------------------------------- bad grants change nothing

connection default

statement error Unknown privilege type SUPER_PRIV
GRANT SUPER_PRIV ON *.*.* TO other

statement error NODE_PRIV and ADMIN_PRIV can only be granted on *.*.*
GRANT ADMIN_PRIV ON d1.* TO other

statement error USAGE_PRIV is granted on a resource or a workload group, and CairnDB has neither
GRANT USAGE_PRIV ON *.*.* TO other

statement error user 'nobody'@'%' does not exist
GRANT SELECT_PRIV ON d1.* TO nobody

statement error Role nobody does not exist
GRANT SELECT_PRIV ON d1.* TO ROLE 'nobody'

statement error Unknown catalog 'hive'
GRANT SELECT_PRIV ON hive.db.tbl TO other

statement error Invalid privilege level *.t1
GRANT SELECT_PRIV ON *.t1 TO other

statement error Can not grant role operator
GRANT 'operator' TO other

statement error Can not drop role admin: it is built in
DROP ROLE admin

query columns=UserIdentity,GlobalPrivs,DatabasePrivs,TablePrivs
SHOW GRANTS FOR other
----
'other'@'%'|NULL|internal.d2: Select_priv|NULL

# ALL is Doris's SELECT, LOAD, ALTER, CREATE and DROP.
statement ok
GRANT ALL ON d2.* TO other

query columns=DatabasePrivs
SHOW GRANTS FOR other
----
internal.d2: Select_priv,Load_priv,Alter_priv,Create_priv,Drop_priv

# CREATE TABLE .. AS SELECT, .. LIKE and CREATE VIEW read their sources with the creator's privileges.
connection o as other

statement error SELECT command denied to user 'other'@'test' for table 'd1.t2'
CREATE TABLE d2.copy DISTRIBUTED BY HASH(k) BUCKETS 1 AS SELECT * FROM d1.t2

statement error SELECT command denied to user 'other'@'test' for table 'd1.t2'
CREATE TABLE d2.like_t2 LIKE d1.t2

statement error SELECT command denied to user 'other'@'test' for table 'd1.t2'
CREATE VIEW d2.v AS SELECT * FROM d1.t2

statement error CREATE command denied to user 'other'@'test' for table 'd1.v'
CREATE VIEW d1.v AS SELECT 1

statement ok
CREATE TABLE d2.copy DISTRIBUTED BY HASH(k) BUCKETS 1 AS SELECT k FROM numbers("number" = "3") n(k)

query
SELECT count(*) FROM d2.copy
----
3

# ---------------------------------------------------------------- KILL and the process list

connection o

query columns=User
SHOW PROCESSLIST
----
other

statement error You are not owner of thread 1
KILL 1

# ---------------------------------------------------------------- grants, roles and accounts survive a restart

connection default

statement ok
CREATE ROLE loader

statement ok
GRANT LOAD_PRIV ON d1.t1 TO ROLE 'loader'

statement ok
GRANT 'loader' TO other

restart

query columns=UserIdentity,Roles,DatabasePrivs
SHOW GRANTS FOR other
----
'other'@'%'|loader|internal.d2: Select_priv,Load_priv,Alter_priv,Create_priv,Drop_priv

query columns=Name,TablePrivs
SHOW ROLES
----
operator|NULL
admin|NULL
analyst|NULL
loader|internal.d1.t1: Load_priv

connection o2 as other

statement ok
INSERT INTO d1.t1 VALUES (4, 40, 0)

statement error SELECT command denied to user 'other'@'test' for table 'd1.t1'
SELECT * FROM d1.t1

# Dropping a role takes it from its members; dropping an account its grants.
connection default

statement ok
DROP ROLE loader

connection o2

statement error LOAD command denied to user 'other'@'test' for table 'd1.t1'
INSERT INTO d1.t1 VALUES (5, 50, 0)

connection default

statement ok
DROP USER other

statement ok
CREATE USER other

query columns=Roles,DatabasePrivs
SHOW GRANTS FOR other
----
(empty)|NULL

# ---------------------------------------------------------------- changelog windows and streams

statement ok
CREATE TABLE d1.log (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true")

statement ok
INSERT INTO d1.log VALUES (1, 1)

statement ok
GRANT CREATE_PRIV ON d1.s_log TO other

connection o3 as other

# A stream is created with CREATE on it and SELECT on its table.
statement error SELECT command denied to user 'other'@'test' for table 'd1.log'
CREATE STREAM d1.s_log ON TABLE d1.log

statement error SELECT command denied to user 'other'@'test' for table 'd1.log'
SELECT k FROM d1.log@incr("incrementType" = "DETAIL")

connection default

statement ok
GRANT SELECT_PRIV ON d1.log TO other

connection o3

query
SELECT k, v FROM d1.log@incr("incrementType" = "DETAIL")
----
1|1

statement ok
CREATE STREAM d1.s_log ON TABLE d1.log

connection default

statement ok
INSERT INTO d1.log VALUES (2, 2)

# As in Doris, creating an object grants nothing on it: reading the stream needs SELECT on it.
statement ok
GRANT SELECT_PRIV ON d1.s_log TO other

connection o3

query
SELECT k FROM d1.s_log
----
2

# A stream is read with SELECT on the stream: the table's is not enough.
connection default

statement ok
CREATE STREAM d1.s_root ON TABLE d1.log

connection o3

statement error SELECT command denied to user 'other'@'test' for table 'd1.s_root'
SELECT k FROM d1.s_root

query columns=StreamName
SHOW STREAMS FROM d1
----
s_log

query
SELECT STREAM_NAME FROM information_schema.table_streams
----
s_log

# Logging in to a database the account may not see is refused like USE.
connection default

statement ok
CREATE USER stranger

connection s as stranger

statement error Access denied for user 'stranger'@'test' to database 'd1'
USE d1

# SHOW TABLE STATUS names a database: it lists the tables of it the user may see.
connection o3

query columns=Name
SHOW TABLE STATUS FROM d1
----
log
