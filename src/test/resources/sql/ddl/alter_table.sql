# ALTER TABLE: columns, rename, properties, comment.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (k INT NOT NULL, v VARCHAR(10)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 'a'), (2, 'b')

statement ok
ALTER TABLE t ADD COLUMN n INT DEFAULT "7"

query
SELECT k, v, n FROM t ORDER BY k
----
1|a|7
2|b|7

statement ok
INSERT INTO t (k, v) VALUES (3, 'c')

query
SELECT * FROM t ORDER BY k
----
1|a|7
2|b|7
3|c|7

statement ok
ALTER TABLE t ADD COLUMN first_val INT DEFAULT "0" AFTER k

query
SELECT * FROM t WHERE k = 1
----
1|0|a|7

statement ok
ALTER TABLE t RENAME COLUMN v val

query
SELECT val FROM t WHERE k = 2
----
b

statement error Unknown column 'v'
SELECT v FROM t

statement ok
ALTER TABLE t MODIFY COLUMN n BIGINT

statement ok
ALTER TABLE t DROP COLUMN first_val

query
SELECT * FROM t ORDER BY k
----
1|a|7
2|b|7
3|c|7

statement error Can not drop key column in UNIQUE KEY table
ALTER TABLE t DROP COLUMN k

statement error Can not add column which already exists in base table: n
ALTER TABLE t ADD COLUMN n INT

# A property Doris does not know is refused by name, and nothing changes.
statement error Unknown table property: [my.property]
ALTER TABLE t SET ("my.property" = "x")

statement ok
ALTER TABLE t SET ("storage_medium" = "SSD")

statement ok
ALTER TABLE t MODIFY COMMENT 'renamed soon'

statement ok
ALTER TABLE t RENAME t2

statement error does not exist
SELECT * FROM t

query
SELECT count(*) FROM t2
----
3

query columns=Field,Type,Null,Key
DESC t2
----
k|INT|No|true
val|VARCHAR(10)|Yes|false
n|BIGINT|Yes|false
