# UPDATE and DELETE forms beyond the basics: UPDATE .. FROM a joined table, expressions over the row's
# own values, updating every row, DELETE .. USING, DELETE within PARTITION (..), and failed statements
# that leave the table unchanged.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE acc (id INT NOT NULL, owner VARCHAR(10), balance DECIMAL(10, 2) NOT NULL, tier VARCHAR(5))
UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 2

statement ok
INSERT INTO acc VALUES (1, 'ann', 100.00, 'std'), (2, 'bob', 50.50, 'std'), (3, 'cy', 0.00, 'gold'), (4, 'dee', 10.00, NULL)

statement ok
CREATE TABLE adj (id INT, delta DECIMAL(10, 2), new_tier VARCHAR(5)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO adj VALUES (1, 5.25, 'gold'), (3, -1.00, NULL), (9, 1.00, 'x')

# UPDATE .. FROM: rows without a match are untouched
statement ok
UPDATE acc SET balance = acc.balance + adj.delta, tier = coalesce(adj.new_tier, acc.tier) FROM adj WHERE acc.id = adj.id

query
SELECT * FROM acc ORDER BY id
----
1|ann|105.25|gold
2|bob|50.50|std
3|cy|-1.00|gold
4|dee|10.00|NULL

# UPDATE .. FROM a subquery with an alias
statement ok
UPDATE acc SET owner = s.up FROM (SELECT id, upper(owner) AS up FROM acc WHERE id >= 3) s WHERE acc.id = s.id

query
SELECT id, owner FROM acc ORDER BY id
----
1|ann
2|bob
3|CY
4|DEE

# SET uses the values before the update, whatever the order of the assignments
statement ok
UPDATE acc SET balance = balance * 2, tier = CASE WHEN balance > 50 THEN 'rich' ELSE tier END WHERE id IN (1, 2)

query
SELECT id, balance, tier FROM acc WHERE id <= 2 ORDER BY id
----
1|210.50|rich
2|101.00|rich

statement ok
UPDATE acc SET tier = 'none' WHERE id > 100

statement ok
UPDATE acc SET tier = lower(tier)

query
SELECT id, tier FROM acc ORDER BY id
----
1|rich
2|rich
3|gold
4|NULL

statement error Unknown column 'nope'
UPDATE acc SET nope = 1 WHERE id = 1

statement error
UPDATE acc SET balance = NULL WHERE id = 1

query
SELECT balance FROM acc WHERE id = 1
----
210.50

# DELETE .. USING another table
statement ok
CREATE TABLE closed (id INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO closed VALUES (2), (4), (99)

statement ok
DELETE FROM acc USING closed WHERE acc.id = closed.id

query
SELECT id FROM acc ORDER BY id
----
1
3

statement ok
DELETE FROM acc WHERE id IN (SELECT id FROM adj WHERE delta < 0)

query
SELECT id FROM acc
----
1

# DELETE with PARTITION (..) only touches rows of the named partitions
statement ok
CREATE TABLE ev (dt DATE NOT NULL, kind VARCHAR(5), n INT) DUPLICATE KEY(dt)
PARTITION BY RANGE(dt) (PARTITION p1 VALUES LESS THAN ("2024-02-01"), PARTITION p2 VALUES LESS THAN ("2024-03-01"))
DISTRIBUTED BY HASH(dt) BUCKETS 1

statement ok
INSERT INTO ev VALUES ('2024-01-05', 'a', 1), ('2024-01-06', 'b', 2), ('2024-02-05', 'a', 3), ('2024-02-06', 'b', 4)

statement ok
DELETE FROM ev PARTITION (p2) WHERE kind = 'a'

query
SELECT dt, kind FROM ev ORDER BY dt
----
2024-01-05|a
2024-01-06|b
2024-02-06|b

query columns=PartitionName,VisibleVersion,RowCount
SHOW PARTITIONS FROM ev
----
p1|2|2
p2|3|1

statement ok
DELETE FROM ev WHERE n BETWEEN 2 AND 4 AND kind <> 'zz'

query
SELECT dt, kind, n FROM ev
----
2024-01-05|a|1

statement error does not exist
DELETE FROM ev PARTITION (p7) WHERE n = 1

statement error Unknown column 'nope'
DELETE FROM ev WHERE nope = 1

query
SELECT count(*) FROM ev
----
1
