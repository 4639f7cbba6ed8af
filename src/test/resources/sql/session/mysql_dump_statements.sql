# What mysqldump and mariadb-dump send and write, beyond Doris's own statements.

statement ok
CREATE DATABASE dumpdb

statement ok
USE dumpdb

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(10)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

# Executable comments run on a server of their version or later (5.7.99 here); a later version's and
# MariaDB's own (/*M!) stay comments.
statement ok
/*!40101 SET @saved = @@character_set_client */

query
SELECT @saved
----
utf8mb4

query
SELECT /*!40001 SQL_NO_CACHE */ 1 /*!99999 + 100 */ /*M!100101 + 1000 */ /*! + 10 */
----
11

statement ok
/*!50001 CREATE VIEW w AS SELECT k FROM t */

query
SHOW FULL TABLES
----
t|BASE TABLE
w|VIEW

# Inside a string or a plain comment nothing is executable.
query
SELECT '/*!40101 x */' /* /*!40101 + 1 */
----
/*!40101 x */

# The dump's switches: SQL_MODE, UNIQUE_CHECKS and FOREIGN_KEY_CHECKS are 0 / 1 switches, and keys stay unique.
statement ok
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */

statement ok
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */

statement ok
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */

query
SELECT @@unique_checks, @OLD_UNIQUE_CHECKS, @@foreign_key_checks, @@sql_notes
----
0|1|0|0

statement error Variable 'unique_checks' can't be set to the value of 'maybe'
SET unique_checks = 'maybe'

statement ok
LOCK TABLES `t` WRITE

statement ok
/*!40000 ALTER TABLE `t` DISABLE KEYS */

statement ok
INSERT INTO `t` VALUES (1,'a'),(2,'b'),(1,'c')

statement ok
/*!40000 ALTER TABLE `t` ENABLE KEYS */

statement ok
UNLOCK TABLES

query
SELECT * FROM t ORDER BY k
----
1|c
2|b

# A READ lock lets the session read but not write the table; UNLOCK TABLES with none held does nothing.
statement ok
LOCK TABLES t READ LOCAL, w READ

statement error Table 't' was locked with a READ lock and can't be updated
INSERT INTO t VALUES (3, 'x')

query
SELECT count(*) FROM w
----
2

statement ok
UNLOCK TABLES

statement ok
UNLOCK TABLES

statement ok
INSERT INTO t VALUES (3, 'x')

statement error Table [nosuch] does not exist in database [dumpdb].
LOCK TABLES nosuch WRITE

statement error Table [nosuch] does not exist in database [dumpdb].
ALTER TABLE nosuch DISABLE KEYS

# SHOW CREATE quotes every name unless sql_quote_show_create is 0; then only those that need it.
statement ok
CREATE TABLE `select` (`from` INT, plain INT) DUPLICATE KEY(`from`) DISTRIBUTED BY HASH(`from`) BUCKETS 1

statement ok
SET sql_quote_show_create = 0

query columns=Create_Table
SHOW CREATE TABLE `select`
----
CREATE TABLE `select` (
  `from` int NULL COMMENT "",
  plain int NULL COMMENT ""
) ENGINE=OLAP
DUPLICATE KEY(`from`)
DISTRIBUTED BY HASH(`from`) BUCKETS 1;

query columns=Create_Database
SHOW CREATE DATABASE IF NOT EXISTS dumpdb
----
CREATE DATABASE /*!32312 IF NOT EXISTS*/ dumpdb

statement ok
SET sql_quote_show_create = 1

query columns=Create_Database
SHOW CREATE DATABASE dumpdb
----
CREATE DATABASE `dumpdb`

# mysqldump --single-transaction: a consistent snapshot, a savepoint around each table's read.
statement ok
START TRANSACTION /*!40100 WITH CONSISTENT SNAPSHOT */

statement ok
UNLOCK TABLES

statement ok
SAVEPOINT sp

query
SELECT /*!40001 SQL_NO_CACHE */ count(*) FROM t
----
3

statement ok
ROLLBACK TO SAVEPOINT sp

# A read that fails leaves the transaction open, as in MySQL.
statement error Unknown column 'nosuch'
SELECT nosuch FROM t

statement ok
ROLLBACK TO sp

statement ok
INSERT INTO t VALUES (4, 'y')

statement error ROLLBACK TO SAVEPOINT sp is not supported after writes: only the whole transaction can be rolled back
ROLLBACK TO SAVEPOINT sp

statement ok
RELEASE SAVEPOINT sp

statement error SAVEPOINT sp does not exist
RELEASE SAVEPOINT sp

statement ok
COMMIT

query
SELECT count(*) FROM t
----
4

statement error SAVEPOINT sp does not exist
ROLLBACK TO SAVEPOINT sp

# Routines and events: none exist, with MySQL's columns and filters.
query
SHOW EVENTS
----

query
SHOW FUNCTION STATUS WHERE Db = 'dumpdb'
----

query
SHOW PROCEDURE STATUS LIKE 'x%'
----

# Character set introducers; a FROM-less SELECT with a WHERE.
query
SELECT _utf8mb4 'ab', _binary 'cd', 1 FROM DUAL WHERE 1 = 1
----
ab|cd|1

query
SELECT '' AS a FROM DUAL WHERE 1 = 0
----
