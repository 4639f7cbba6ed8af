# Doris's partial-column update: with enable_unique_key_partial_update an INSERT that names some
# columns of a merge-on-write UNIQUE KEY table changes only those columns of existing rows; a new
# key takes the defaults (NULL where there is none), or fails under
# partial_update_new_key_behavior = ERROR. Without the variable an INSERT writes whole rows.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE orders (
  id INT NOT NULL,
  amount INT,
  status VARCHAR(20) DEFAULT 'new',
  updated DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1
PROPERTIES ("binlog.enable" = "true", "binlog.need_historical_value" = "true")

statement ok
INSERT INTO orders VALUES (1, 100, 'pending', '2000-01-01 00:00:00'), (2, 200, 'pending', '2000-01-01 00:00:00')

# Without the variable a column list still writes whole rows: the others take their defaults.
statement ok
INSERT INTO orders (id, status) VALUES (2, 'paid')

query
SELECT id, amount, status FROM orders ORDER BY id
----
1|100|pending
2|NULL|paid

statement ok
SET enable_unique_key_partial_update = true

statement ok
INSERT INTO orders (id, status) VALUES (1, 'shipped'), (3, 'fresh')

query
SELECT id, amount, status, updated > '2020-01-01' FROM orders ORDER BY id
----
1|100|shipped|1
2|NULL|paid|1
3|NULL|fresh|1

# A new key without the status column takes its default.
statement ok
INSERT INTO orders (id, amount) SELECT 4, 40 UNION ALL SELECT 2, 222

query
SELECT id, amount, status FROM orders ORDER BY id
----
1|100|shipped
2|222|paid
3|NULL|fresh
4|40|new

# The changelog records whole before and after images.
query
SELECT id, amount, status, __DORIS_CHANGELOG_OP__ FROM orders@incr("incrementType" = "DETAIL") WHERE id = 1 ORDER BY __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_OP__
----
1|100|pending|0
1|100|pending|2
1|100|shipped|3

statement ok
SET partial_update_new_key_behavior = error

query
SHOW VARIABLES LIKE 'partial_update_new_key_behavior'
----
partial_update_new_key_behavior|ERROR|APPEND|1

statement error [E-7003]Can't append new rows in partial update when partial_update_new_key_behavior is ERROR. Row with key=[9] is not in table.
INSERT INTO orders (id, amount) VALUES (1, 1), (9, 9)

query
SELECT count(*), sum(amount) FROM orders
----
4|362

statement ok
INSERT INTO orders (id, amount) VALUES (1, 111)

query
SELECT id, amount, status FROM orders WHERE id = 1
----
1|111|shipped

statement error Partial update should include all key columns, missing: id
INSERT INTO orders (amount) VALUES (5)

statement error Variable 'partial_update_new_key_behavior' can't be set to the value of 'maybe'
SET partial_update_new_key_behavior = maybe

statement ok
SET partial_update_new_key_behavior = APPEND

# A NOT NULL column without a default cannot be filled for a new key: the row is refused.
statement ok
CREATE TABLE strict_cols (k INT NOT NULL, a INT NOT NULL, b INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO strict_cols VALUES (1, 10, 100)

statement ok
INSERT INTO strict_cols (k, b) VALUES (1, 101)

statement error Insert has filtered data in strict mode. Reason: column_name[a], null value for not null column
INSERT INTO strict_cols (k, b) VALUES (2, 102)

query
SELECT k, a, b FROM strict_cols
----
1|10|101

# A sequence column not named keeps its stored value: the row is updated, its version unchanged; a
# named one decides as in any INSERT (an older version changes nothing).
statement ok
CREATE TABLE versioned (k INT NOT NULL, ver INT, a INT, b INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("function_column.sequence_col" = "ver")

statement ok
INSERT INTO versioned VALUES (1, 5, 10, 100)

statement ok
INSERT INTO versioned (k, a) VALUES (1, 11)

statement ok
INSERT INTO versioned (k, ver, b) VALUES (1, 4, 999)

query
SELECT k, ver, a, b FROM versioned
----
1|5|11|100

statement ok
INSERT INTO versioned (k, ver, b) VALUES (1, 6, 101)

query
SELECT k, ver, a, b FROM versioned
----
1|6|11|101

# Other key models keep whole-row semantics.
statement ok
CREATE TABLE dup (k INT NOT NULL, a INT DEFAULT '7', b INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO dup (k, b) VALUES (1, 1)

query
SELECT k, a, b FROM dup
----
1|7|1
