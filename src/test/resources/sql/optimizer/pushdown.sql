# Filters move down to where their columns are produced: into a subquery's projection, below an
# aggregate when they test grouping keys (a HAVING on an aggregate stays), below a window when they
# test its partition keys, into both branches of a UNION, but not below a LIMIT. An outer join whose
# NULL-extended rows a filter rejects is an inner (or one-sided) join.
statement ok
CREATE DATABASE opt_push

statement ok
USE opt_push

statement ok
CREATE TABLE l (id INT NOT NULL, k INT, g INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
CREATE TABLE r (id INT NOT NULL, k INT, w INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO l VALUES (1, 1, 1, 10), (2, 1, 1, 20), (3, 2, 2, 30), (4, NULL, 2, 40), (5, 3, NULL, 50), (6, 3, 3, NULL)

statement ok
INSERT INTO r VALUES (1, 1, 100), (2, 1, 200), (3, 2, NULL), (4, NULL, 400), (5, 9, 900)

query
EXPLAIN OPTIMIZED PLAN SELECT * FROM (SELECT g, v * 2 AS v2 FROM l) s WHERE v2 > 30 AND g = 2
----
Project [g#7:=g#3, v2#8:=(v#4 * 2)] -> [g#7 INT, v2#8 BIGINT]
  Filter (((v#4 * 2) > 30) AND (g#3 = 2))
    Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]

query rowsort
SELECT * FROM (SELECT g, v * 2 AS v2 FROM l) s WHERE v2 > 30 AND g = 2
----
2|60
2|80

query
EXPLAIN OPTIMIZED PLAN SELECT * FROM (SELECT g, sum(v) AS s FROM l GROUP BY g) t WHERE g > 1 AND s > 30
----
Project [g#8:=g#3, s#9:=sum(v)#5] -> [g#8 INT, s#9 BIGINT]
  Filter (sum(v)#5 > 30)
    Aggregate keys=[g#3] aggregates=[sum(v)#5:=sum(v#4)] -> [g#3 INT, sum(v)#5 BIGINT]
      Filter (g#3 > 1)
        Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]

query rowsort
SELECT * FROM (SELECT g, sum(v) AS s FROM l GROUP BY g) t WHERE g > 1 AND s > 30
----
2|70

# ROLLUP: a filter on a key that some grouping set rolls up stays above the aggregate.
query rowsort
SELECT * FROM (SELECT g, sum(v) AS s FROM l GROUP BY ROLLUP(g)) t WHERE g IS NULL
----
NULL|150
NULL|50

query
EXPLAIN OPTIMIZED PLAN SELECT * FROM (SELECT id, g, rank() OVER (PARTITION BY g ORDER BY v) AS rk FROM l) t WHERE g = 1 AND id > 1
----
Project [id#9:=id#1, g#10:=g#3, rk#11:=rank() OVER (PARTITION BY g ORDER BY v)#5] -> [id#9 INT NOT NULL, g#10 INT, rk#11 BIGINT NOT NULL]
  Filter (id#1 > 1)
    Window [rank() OVER (PARTITION BY g ORDER BY v)#5:=rank() OVER (PARTITION BY g#3 ORDER BY v#4 ASC NULLS FIRST)] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT, rank() OVER (PARTITION BY g ORDER BY v)#5 BIGINT NOT NULL]
      Filter (g#3 = 1)
        Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]

query rowsort
SELECT * FROM (SELECT id, g, rank() OVER (PARTITION BY g ORDER BY v) AS rk FROM l) t WHERE g = 1 AND id > 1
----
2|1|2

query
EXPLAIN OPTIMIZED PLAN SELECT * FROM (SELECT k FROM l UNION ALL SELECT k FROM r) u WHERE k = 1
----
Project [k#11:=k#10] -> [k#11 INT]
  SetOperation UNION ALL -> [k#10 INT]
    Project [k#5:=k#2] -> [k#5 INT]
      Filter (k#2 = 1)
        Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]
    Project [k#9:=k#7] -> [k#9 INT]
      Filter (k#7 = 1)
        Scan opt_push.r columns=[id#6:=id, k#7:=k, w#8:=w] -> [id#6 INT NOT NULL, k#7 INT, w#8 INT]

query rowsort
SELECT * FROM (SELECT k FROM l UNION ALL SELECT k FROM r) u WHERE k = 1
----
1
1
1
1

query
EXPLAIN OPTIMIZED PLAN SELECT * FROM (SELECT id, v FROM l ORDER BY id LIMIT 3) t WHERE v > 10
----
Project [id#7:=id#5, v#8:=v#6] -> [id#7 INT NOT NULL, v#8 INT]
  Filter (v#6 > 10)
    Limit 3
      Sort [id#5 ASC NULLS FIRST]
        Project [id#5:=id#1, v#6:=v#4] -> [id#5 INT NOT NULL, v#6 INT]
          Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]

query rowsort
SELECT * FROM (SELECT id, v FROM l ORDER BY id LIMIT 3) t WHERE v > 10
----
2|20
3|30

# Outer joins: a filter on the preserved side goes into it; one that rejects NULLs of the other side
# makes the join inner; IS NULL keeps it outer.
query
EXPLAIN OPTIMIZED PLAN SELECT l.id, r.w FROM l LEFT JOIN r ON l.k = r.k WHERE l.v > 10 AND r.w > 100
----
Project [id#8:=id#1, w#9:=w#7] -> [id#8 INT NOT NULL, w#9 INT]
  Join INNER (k#2 = k#6) -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT, id#5 INT NOT NULL, k#6 INT, w#7 INT]
    Filter (v#4 > 10)
      Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]
    Filter (w#7 > 100)
      Scan opt_push.r columns=[id#5:=id, k#6:=k, w#7:=w] -> [id#5 INT NOT NULL, k#6 INT, w#7 INT]

query rowsort
SELECT l.id, r.w FROM l LEFT JOIN r ON l.k = r.k WHERE l.v > 10 AND r.w > 100
----
2|200

query rowsort
SELECT l.id, r.w FROM l LEFT JOIN r ON l.k = r.k WHERE r.w IS NULL
----
3|NULL
4|NULL
5|NULL
6|NULL

query
EXPLAIN OPTIMIZED PLAN SELECT l.id, r.id FROM l FULL JOIN r ON l.k = r.k WHERE l.v > 10
----
Project [id#8:=id#1, id#9:=id#5] -> [id#8 INT, id#9 INT]
  Join LEFT (k#2 = k#6) -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT, id#5 INT, k#6 INT, w#7 INT]
    Filter (v#4 > 10)
      Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]
    Scan opt_push.r columns=[id#5:=id, k#6:=k, w#7:=w] -> [id#5 INT NOT NULL, k#6 INT, w#7 INT]

query rowsort
SELECT l.id, r.id FROM l FULL JOIN r ON l.k = r.k WHERE l.v > 10
----
2|1
2|2
3|3
4|NULL
5|NULL

# A condition in ON on the side that only matches filters that side; on the preserved side it stays.
query
EXPLAIN OPTIMIZED PLAN SELECT l.id, r.id FROM l LEFT JOIN r ON l.k = r.k AND r.w > 100 AND l.v > 10
----
Project [id#8:=id#1, id#9:=id#5] -> [id#8 INT NOT NULL, id#9 INT]
  Join LEFT ((k#2 = k#6) AND (v#4 > 10)) -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT, id#5 INT, k#6 INT, w#7 INT]
    Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]
    Filter (w#7 > 100)
      Scan opt_push.r columns=[id#5:=id, k#6:=k, w#7:=w] -> [id#5 INT NOT NULL, k#6 INT, w#7 INT]

query rowsort
SELECT l.id, r.id FROM l LEFT JOIN r ON l.k = r.k AND r.w > 100 AND l.v > 10
----
1|NULL
2|2
3|NULL
4|NULL
5|NULL
6|NULL

# Semi and anti joins: a condition on the right goes into it; on the left it goes in for a semi join
# only (an anti join keeps the left rows that fail it).
query rowsort
SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k AND r.w > 100) AND l.v > 10
----
2

query rowsort
SELECT l.id FROM l LEFT ANTI JOIN r ON l.k = r.k AND l.v > 20
----
1
2
4
5
6

query rowsort
SELECT l.id FROM l LEFT SEMI JOIN r ON l.k = r.k AND l.v > 10
----
2
3

# A volatile filter stays where it is written.
query
EXPLAIN OPTIMIZED PLAN SELECT * FROM (SELECT id FROM l) t WHERE rand() < 2
----
Project [id#6:=id#5] -> [id#6 INT NOT NULL]
  Filter (rand() < 2)
    Project [id#5:=id#1] -> [id#5 INT NOT NULL]
      Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]

# A comparison of two constants is folded; one that holds disappears, one that fails empties the result.
query
EXPLAIN OPTIMIZED PLAN SELECT id FROM l WHERE 1 = 1 AND 2 >= 1.5 AND id > 4
----
Project [id#5:=id#1] -> [id#5 INT NOT NULL]
  Filter (id#1 > 4)
    Scan opt_push.l columns=[id#1:=id, k#2:=k, g#3:=g, v#4:=v] -> [id#1 INT NOT NULL, k#2 INT, g#3 INT, v#4 INT]

query rowsort
SELECT id FROM l WHERE 1 = 1 AND id > 4
----
5
6

query rowsort
SELECT id FROM l WHERE 1 = 2 OR id > 4
----
5
6

query
SELECT count(*) FROM l WHERE 1 > 2
----
0
