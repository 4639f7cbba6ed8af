# CREATE TABLE validation with Doris's rules and messages: key prefixes, key types, aggregation types,
# duplicate columns, distribution and partition columns. A rejected CREATE leaves no table behind. Table
# names are case-sensitive.

statement error No database selected
CREATE TABLE t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Unknown database 'nope'
CREATE TABLE nope.t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE DATABASE db

statement ok
USE db

statement error Key columns should be a ordered prefix of the schema.
CREATE TABLE t (a INT, b INT, c INT) DUPLICATE KEY(b) DISTRIBUTED BY HASH(b) BUCKETS 1

statement error Key columns should be a ordered prefix of the schema.
CREATE TABLE t (a INT, b INT, c INT) UNIQUE KEY(b, a) DISTRIBUTED BY HASH(a) BUCKETS 1

statement error Key columns should be a ordered prefix of the schema.
CREATE TABLE t (a INT, b INT) DUPLICATE KEY(a, b, a) DISTRIBUTED BY HASH(a) BUCKETS 1

statement error Key column[zz] doesn't exist.
CREATE TABLE t (a INT, b INT) DUPLICATE KEY(zz) DISTRIBUTED BY HASH(a) BUCKETS 1

statement error Float or double can not used as a key, use decimal instead.
CREATE TABLE t (f FLOAT, v INT) DUPLICATE KEY(f) DISTRIBUTED BY HASH(v) BUCKETS 1

statement error Float or double can not used as a key, use decimal instead.
CREATE TABLE t (k INT NOT NULL, d DOUBLE NOT NULL, v INT) UNIQUE KEY(k, d) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Column[v] can not specify aggregation type SUM because the table is not an AGGREGATE KEY table
CREATE TABLE t (k INT, v INT SUM) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Column[v] can not specify aggregation type MAX because the table is not an AGGREGATE KEY table
CREATE TABLE t (k INT NOT NULL, v INT MAX) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error The value column[v] of AGGREGATE KEY table must specify an aggregation type
CREATE TABLE t (k INT, v INT) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Key column k can not set aggregation type
CREATE TABLE t (k INT SUM, v INT SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Aggregate type SUM is not compatible with column v of type VARCHAR(10)
CREATE TABLE t (k INT, v VARCHAR(10) SUM) AGGREGATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Duplicate column name 'k'
CREATE TABLE t (k INT, v INT, k BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Duplicate column name 'K'
CREATE TABLE t (k INT, K INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Distribution column[zz] is not found
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(zz) BUCKETS 1

statement error Distribution column[v] is not key column
CREATE TABLE t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(v) BUCKETS 1

statement error Random distribution for non-DUPLICATE/AGGREGATE table is unsupported
CREATE TABLE t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY RANDOM BUCKETS 1

statement error Number of hash distribution should be greater than zero.
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 0

statement error partition column[zz] does not exist
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) PARTITION BY RANGE(zz) (PARTITION p1 VALUES LESS THAN ("10")) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error The partition column could not be aggregated column
CREATE TABLE t (k INT, v INT SUM) AGGREGATE KEY(k) PARTITION BY RANGE(v) (PARTITION p1 VALUES LESS THAN ("10")) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Duplicate partition name p1
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) PARTITION BY RANGE(k) (PARTITION p1 VALUES LESS THAN ("10"), PARTITION p1 VALUES LESS THAN ("20")) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error DECIMAL(40, 2) is not supported: the maximum precision is 38
CREATE TABLE t (k INT, v DECIMAL(40, 2)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Syntax error at line 1:22 near 'v'
CREATE TABLE t (k INT v INT) DISTRIBUTED BY HASH(k) BUCKETS 1

# nothing was created by the failed statements
query
SHOW TABLES
----

statement ok
CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Table 't' already exists
CREATE TABLE t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE IF NOT EXISTS t (x STRING) DISTRIBUTED BY HASH(x) BUCKETS 1

query columns=Field,Type
DESC t
----
k|INT
v|INT

# without a key clause a table is DUPLICATE KEY on its leading columns
statement ok
CREATE TABLE plain (a INT, b VARCHAR(5), c INT) DISTRIBUTED BY HASH(a) BUCKETS 1

query columns=Field,Key
DESC plain
----
a|true
b|true
c|false

# table names are case-sensitive (Doris's lower_case_table_names = 0): T is another table than t
statement ok
CREATE TABLE T (k INT, v INT) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO T VALUES (1, 2)

query
SELECT count(*) FROM t
----
0

query
SELECT k, v FROM T
----
1|2

statement error Table 'T' already exists
CREATE TABLE T (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

query
SHOW TABLES
----
T
plain
t

# ENGINE = OLAP is the only engine: Doris's external-table engines keep their rows elsewhere.
statement ok
CREATE TABLE engine_olap (k INT) ENGINE = olap DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error ENGINE=mysql is not supported: tables here are OLAP tables, stored and queried by this server
CREATE TABLE engine_mysql (k INT) ENGINE = mysql PROPERTIES ("host" = "127.0.0.1", "port" = "3306")
