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
