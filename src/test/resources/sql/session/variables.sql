# Session variables that clients read and set when they connect.

query
SELECT @@version_comment
----
CairnDB 0.1.0 (Doris dialect on DuckDB)

query
SELECT @@session.auto_increment_increment AS auto_increment_increment, @@autocommit
----
1|1

statement ok
SET NAMES utf8mb4

statement ok
SET autocommit = 1

statement ok
SET SESSION query_timeout = 60

query columns=Variable_name,Value
SHOW VARIABLES LIKE 'query_timeout'
----
query_timeout|60

statement ok
SET time_zone = 'Asia/Tokyo'

query
SELECT @@time_zone
----
Asia/Tokyo

statement error Unknown system variable 'no_such_var'
SET no_such_var = 1

statement error Unknown or incorrect time zone
SET time_zone = 'Mars/Olympus'

statement ok
SET @x = 42

query
SELECT @x
----
42

# max_allowed_packet reports the server's packet limit (max_allowed_packet in cairn.conf, fixed at
# startup): clients size their packets by it, so it can not be set per session.
query
SELECT @@max_allowed_packet
----
67108864

statement error Variable 'max_allowed_packet' is a read only variable
SET max_allowed_packet = 1024

statement error Variable 'max_allowed_packet' is a read only variable
SET GLOBAL max_allowed_packet = 1024

# sql_mode takes the flags whose promise the server keeps, in MySQL's spelling; a flag that would
# change how SQL reads or prints is refused, the value left as it was.
statement ok
SET sql_mode = 'traditional, no_auto_value_on_zero'

query
SELECT @@sql_mode
----
TRADITIONAL,NO_AUTO_VALUE_ON_ZERO

statement ok
SET sql_mode = CONCAT(@@sql_mode, ',STRICT_TRANS_TABLES')

query
SELECT @@sql_mode
----
TRADITIONAL,NO_AUTO_VALUE_ON_ZERO,STRICT_TRANS_TABLES

statement error Variable 'sql_mode' can't be set to the value of 'ANSI_QUOTES'
SET sql_mode = 'ONLY_FULL_GROUP_BY,ANSI_QUOTES'

statement error Variable 'sql_mode' can't be set to the value of 'PIPES_AS_CONCAT'
SET sql_mode = 'PIPES_AS_CONCAT'

query
SELECT @@sql_mode
----
TRADITIONAL,NO_AUTO_VALUE_ON_ZERO,STRICT_TRANS_TABLES

# Without ONLY_FULL_GROUP_BY a query is checked all the same.
statement ok
SET sql_mode = ''

statement error
SELECT k, v FROM (SELECT 1 AS k, 2 AS v) t GROUP BY k

statement ok
SET sql_mode = DEFAULT

query
SELECT @@sql_mode
----
ONLY_FULL_GROUP_BY

# NO_AUTO_VALUE_ON_ZERO's promise: a 0 given to an auto-increment column stays 0.
statement ok
CREATE DATABASE IF NOT EXISTS vars_ai

statement ok
CREATE TABLE vars_ai.t (id BIGINT NOT NULL AUTO_INCREMENT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO vars_ai.t VALUES (0, 1)

query
SELECT id, v FROM vars_ai.t
----
0|1
