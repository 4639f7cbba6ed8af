# What MySQL clients and BI tools read about the server: SHOW PLUGINS / PRIVILEGES / CATALOGS /
# PROCEDURE STATUS / FUNCTION STATUS / TRIGGERS, SHOW FULL TABLES types, and information_schema's
# engines, character sets, collations, process list, views, routines, triggers, partitions, statistics.

statement ok
CREATE DATABASE cm

statement ok
USE cm

statement ok
CREATE TABLE events (dt DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(dt, id)
PARTITION BY RANGE(dt) (PARTITION p1 VALUES LESS THAN ('2024-02-01'), PARTITION p2 VALUES LESS THAN ('2024-03-01'))
DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE VIEW recent AS SELECT id, v FROM events WHERE dt >= '2024-02-01'

statement ok
CREATE MATERIALIZED VIEW per_day BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT dt, count(*) AS n FROM events GROUP BY dt

query rowsort
SHOW FULL TABLES
----
events|BASE TABLE
per_day|MATERIALIZED_VIEW
recent|VIEW

query
SHOW PLUGINS
----

query columns=Privilege,Context
SHOW PRIVILEGES
----
Node_priv|GLOBAL
Admin_priv|GLOBAL
Grant_priv|GLOBAL,CATALOG,DATABASE,TABLE
Select_priv|GLOBAL,CATALOG,DATABASE,TABLE
Load_priv|GLOBAL,CATALOG,DATABASE,TABLE
Alter_priv|GLOBAL,CATALOG,DATABASE,TABLE
Create_priv|GLOBAL,CATALOG,DATABASE,TABLE
Drop_priv|GLOBAL,CATALOG,DATABASE,TABLE

query columns=CatalogName,Type,IsCurrent
SHOW CATALOGS
----
internal|internal|Yes

query
SHOW PROCEDURE STATUS
----

query
SHOW FUNCTION STATUS LIKE 'x%'
----

query
SHOW TRIGGERS FROM cm
----

query
SELECT ENGINE, SUPPORT FROM information_schema.engines
----
Olap|DEFAULT

query
SELECT CHARACTER_SET_NAME, DEFAULT_COLLATE_NAME, MAXLEN FROM information_schema.character_sets
----
utf8mb4|utf8mb4_0900_bin|4

query
SELECT COLLATION_NAME, IS_DEFAULT FROM information_schema.collations
----
utf8mb4_0900_bin|Yes

query
SELECT USER, DB, COMMAND FROM information_schema.processlist
----
root|cm|Query

query
SELECT TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION FROM information_schema.views
----
cm|recent|SELECT id, v FROM events WHERE dt >= '2024-02-01'

query
SELECT count(*) FROM information_schema.routines
----
0

query
SELECT count(*) FROM information_schema.triggers
----
0

query
SELECT TABLE_NAME, PARTITION_NAME, PARTITION_ORDINAL_POSITION, PARTITION_METHOD, PARTITION_EXPRESSION FROM information_schema.partitions WHERE TABLE_SCHEMA = 'cm' AND TABLE_NAME = 'events'
----
events|p1|1|RANGE|dt
events|p2|2|RANGE|dt

query
SELECT TABLE_NAME, NON_UNIQUE, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME FROM information_schema.statistics WHERE TABLE_SCHEMA = 'cm' ORDER BY SEQ_IN_INDEX
----
events|0|PRIMARY|1|dt
events|0|PRIMARY|2|id

statement ok
INSERT INTO events VALUES ('2024-01-05', 1, 1), ('2024-02-05', 2, 2)

query
SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.tables WHERE TABLE_SCHEMA = 'cm' ORDER BY TABLE_NAME
----
events|2
per_day|0
recent|NULL

query columns=Name,Rows
SHOW TABLE STATUS
----
events|2
per_day|0
recent|NULL

statement ok
CREATE TABLE typed (id BIGINT NOT NULL, d DECIMAL(10, 3), t DATETIME(3), c CHAR(4), s VARCHAR(20), n DOUBLE)
DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

# MySQL's columns: sizes of strings and numbers, fractional seconds, character set; COLUMN_KEY PRI for
# the key of a UNIQUE / PRIMARY / AGGREGATE table, MUL for a DUPLICATE one.
query
SELECT COLUMN_NAME, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE, DATETIME_PRECISION, CHARACTER_SET_NAME, COLUMN_TYPE, COLUMN_KEY FROM information_schema.columns WHERE TABLE_NAME = 'typed' ORDER BY ORDINAL_POSITION
----
id|bigint|NULL|19|0|NULL|NULL|bigint|MUL
d|decimal|NULL|10|3|NULL|NULL|decimal(10, 3)|(empty)
t|datetime|NULL|NULL|NULL|3|NULL|datetime(3)|(empty)
c|char|4|NULL|NULL|NULL|utf8mb4|char(4)|(empty)
s|varchar|20|NULL|NULL|NULL|utf8mb4|varchar(20)|(empty)
n|double|NULL|22|NULL|NULL|NULL|double|(empty)

query
SELECT COLUMN_NAME, COLUMN_KEY FROM information_schema.columns WHERE TABLE_NAME = 'events' ORDER BY ORDINAL_POSITION
----
dt|PRI
id|PRI
v|(empty)

statement ok
SET query_timeout = 123

query
SELECT VARIABLE_VALUE FROM information_schema.session_variables WHERE VARIABLE_NAME = 'query_timeout'
----
123

query
SELECT VARIABLE_VALUE FROM information_schema.global_variables WHERE VARIABLE_NAME = 'query_timeout'
----
900
