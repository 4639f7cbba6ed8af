# A view's column list renames the query's columns and may comment them (Doris): the comments show in
# SHOW FULL COLUMNS and information_schema.columns, and SHOW CREATE VIEW prints the list (and the view's
# comment), so that its text creates the same view again.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE t (a INT NOT NULL, b VARCHAR(10)) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, 'x'), (2, 'y')

statement ok
CREATE VIEW v (id COMMENT 'the "id"', label) COMMENT 'two columns' AS SELECT a, b FROM t WHERE a > 1

query
SELECT id, label FROM v
----
2|y

query columns=Field,Comment
SHOW FULL COLUMNS FROM v
----
id|the "id"
label|(empty)

query
SELECT column_name, column_comment FROM information_schema.columns WHERE table_schema = 'db' AND table_name = 'v' ORDER BY ordinal_position
----
id|the "id"
label|(empty)

query
SHOW CREATE VIEW v
----
v|CREATE VIEW `v` (`id` COMMENT "the \"id\"", `label`) COMMENT "two columns" AS SELECT a, b FROM t WHERE a > 1|utf8mb4|utf8mb4_0900_bin

# The printed text, run again, makes the same view.
statement ok
DROP VIEW v

statement ok
CREATE VIEW `v` (`id` COMMENT "the \"id\"", `label`) COMMENT "two columns" AS SELECT a, b FROM t WHERE a > 1

query
SHOW CREATE VIEW v
----
v|CREATE VIEW `v` (`id` COMMENT "the \"id\"", `label`) COMMENT "two columns" AS SELECT a, b FROM t WHERE a > 1|utf8mb4|utf8mb4_0900_bin

query
SELECT id, label FROM v
----
2|y

restart

statement ok
USE db

query columns=Field,Comment
SHOW FULL COLUMNS FROM v
----
id|the "id"
label|(empty)

# A backslash in a comment prints escaped and reads back as one backslash.
statement ok
CREATE VIEW w (x COMMENT 'C:\\temp') AS SELECT a FROM t

query
SELECT column_comment FROM information_schema.columns WHERE table_schema = 'db' AND table_name = 'w'
----
C:\temp

query
SHOW CREATE VIEW w
----
w|CREATE VIEW `w` (`x` COMMENT "C:\\temp") AS SELECT a FROM t|utf8mb4|utf8mb4_0900_bin

statement error The number of columns in the view definition does not match the query
CREATE VIEW w2 (x COMMENT 'one') AS SELECT a, b FROM t
