# Inspection statements: DESC, SHOW [FULL] COLUMNS, SHOW TABLE STATUS, SHOW CREATE VIEW, SHOW VARIABLES
# with LIKE and WHERE, SHOW PROCESSLIST, SHOW WARNINGS/ERRORS, SHOW INDEX, EXPLAIN.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE orders (
  id BIGINT NOT NULL COMMENT 'order id',
  dt DATE NOT NULL,
  customer VARCHAR(20) DEFAULT 'anon' COMMENT 'who ordered',
  amount DECIMAL(10, 2),
  note STRING,
  paid BOOLEAN
) DUPLICATE KEY(id, dt) COMMENT 'all orders' DISTRIBUTED BY HASH(id) BUCKETS 2

statement ok
CREATE TABLE totals (dt DATE NOT NULL, n BIGINT SUM DEFAULT "0") AGGREGATE KEY(dt) DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
CREATE VIEW big_orders AS SELECT id, amount FROM orders WHERE amount > 100

query columns=Field,Type,Null,Key,Default,Extra
DESC orders
----
id|BIGINT|No|true|NULL|(empty)
dt|DATE|No|true|NULL|(empty)
customer|VARCHAR(20)|Yes|false|anon|(empty)
amount|DECIMAL(10, 2)|Yes|false|NULL|(empty)
note|TEXT|Yes|false|NULL|(empty)
paid|BOOLEAN|Yes|false|NULL|(empty)

query columns=Field,Type,Null,Key,Default,Extra
DESCRIBE db.totals
----
dt|DATE|No|true|NULL|(empty)
n|BIGINT|Yes|false|0|SUM

query columns=Field,Type
DESC big_orders
----
id|BIGINT
amount|DECIMAL(10, 2)

# SHOW COLUMNS uses MySQL's type names and keys
query columns=Field,Type,Null,Key,Default,Extra
SHOW COLUMNS FROM orders
----
id|bigint|NO|MUL|NULL|(empty)
dt|date|NO|MUL|NULL|(empty)
customer|varchar(20)|YES|(empty)|anon|(empty)
amount|decimal(10, 2)|YES|(empty)|NULL|(empty)
note|text|YES|(empty)|NULL|(empty)
paid|tinyint(1)|YES|(empty)|NULL|(empty)

query columns=Field,Key,Extra
SHOW COLUMNS FROM totals FROM db
----
dt|PRI|(empty)
n|(empty)|SUM

query columns=Field,Type,Privileges,Comment
SHOW FULL COLUMNS FROM orders
----
id|bigint|select,insert,update,references|order id
dt|date|select,insert,update,references|(empty)
customer|varchar(20)|select,insert,update,references|who ordered
amount|decimal(10, 2)|select,insert,update,references|(empty)
note|text|select,insert,update,references|(empty)
paid|tinyint(1)|select,insert,update,references|(empty)

query columns=Field
SHOW COLUMNS FROM orders LIKE '%t'
----
dt
amount

statement error Table [nope] does not exist in database [db].
SHOW COLUMNS FROM nope

query columns=Name
SHOW TABLE STATUS
----
big_orders
orders
totals

query columns=Name,Engine,Comment
SHOW TABLE STATUS FROM db LIKE 'o%'
----
orders|Doris|all orders

query columns=View,Create_View,character_set_client
SHOW CREATE VIEW big_orders
----
big_orders|CREATE VIEW `big_orders` (`id`, `amount`) AS SELECT id, amount FROM orders WHERE amount > 100|utf8mb4

query columns=Table
SHOW CREATE TABLE db.orders
----
orders

statement ok
SET time_zone = 'Asia/Tokyo'

query columns=Variable_name,Value
SHOW VARIABLES WHERE Variable_name = 'time_zone'
----
time_zone|Asia/Tokyo

query rowsort columns=Variable_name,Value,Changed
SHOW VARIABLES WHERE Variable_name IN ('time_zone', 'autocommit')
----
autocommit|1|0
time_zone|Asia/Tokyo|1

query columns=Variable_name
SHOW SESSION VARIABLES LIKE 'time_zon_'
----
time_zone

# a session setting is not the global value
query columns=Variable_name,Changed
SHOW GLOBAL VARIABLES LIKE 'time_zone'
----
time_zone|0

query columns=CurrentConnected,Id,User,Db,Command,Info
SHOW PROCESSLIST
----
Yes|1|root|db|Query|SHOW PROCESSLIST

query
SHOW WARNINGS
----

query
SHOW ERRORS
----

# A DUPLICATE KEY table has no unique key; an AGGREGATE (or UNIQUE) one's key is its PRIMARY index.
query
SHOW INDEX FROM orders
----

query columns=Table,Non_unique,Key_name,Seq_in_index,Column_name
SHOW KEYS FROM totals
----
totals|0|PRIMARY|1|dt

statement ok
EXPLAIN SELECT customer, sum(amount) FROM orders WHERE dt > '2024-01-01' GROUP BY customer

statement ok
EXPLAIN SELECT * FROM big_orders

statement error Table [nope] does not exist in database [db].
EXPLAIN SELECT * FROM nope
