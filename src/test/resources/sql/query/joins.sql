# Joins of every kind.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE l (id INT, name VARCHAR(10)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE r (id INT, score INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO l VALUES (1, 'a'), (2, 'b'), (3, 'c'), (NULL, 'n')

statement ok
INSERT INTO r VALUES (2, 20), (3, 30), (3, 31), (4, 40)

query
SELECT l.id, name, score FROM l JOIN r ON l.id = r.id ORDER BY l.id, score
----
2|b|20
3|c|30
3|c|31

query
SELECT l.id, score FROM l INNER JOIN r USING (id) ORDER BY score
----
2|20
3|30
3|31

query
SELECT l.name, r.score FROM l LEFT OUTER JOIN r ON l.id = r.id ORDER BY l.name, r.score
----
a|NULL
b|20
c|30
c|31
n|NULL

query
SELECT l.name, r.id FROM l RIGHT JOIN r ON l.id = r.id ORDER BY r.id, l.name
----
b|2
c|3
c|3
NULL|4

query
SELECT l.id, r.id FROM l FULL OUTER JOIN r ON l.id = r.id ORDER BY l.id, r.id
----
NULL|NULL
NULL|4
1|NULL
2|2
3|3
3|3

query
SELECT count(*) FROM l CROSS JOIN r
----
16

query
SELECT count(*) FROM l, r WHERE l.id = r.id
----
3

query
SELECT name FROM l LEFT SEMI JOIN r ON l.id = r.id ORDER BY name
----
b
c

query
SELECT name FROM l LEFT ANTI JOIN r ON l.id = r.id ORDER BY name
----
a
n

query
SELECT score FROM l RIGHT SEMI JOIN r ON l.id = r.id ORDER BY score
----
20
30
31

query
SELECT score FROM l RIGHT ANTI JOIN r ON l.id = r.id
----
40

query
SELECT a.name, b.name FROM l a JOIN [broadcast] l b ON a.id + 1 = b.id ORDER BY a.name
----
a|b
b|c
