# USING in FULL, RIGHT SEMI and RIGHT ANTI joins, as Doris and StarRocks accept it: the USING column of
# a FULL join is the value of whichever side has a row (COALESCE of both), first in *; each side's own
# column stays reachable qualified. Checked with and without transparent rewrite.

statement ok
CREATE DATABASE full_using

statement ok
USE full_using

statement ok
CREATE TABLE a (k INT NULL, x VARCHAR(4)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE TABLE b (k INT NULL, y VARCHAR(4)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO a VALUES (1, 'a1'), (2, 'a2'), (NULL, 'an')

statement ok
INSERT INTO b VALUES (2, 'b2'), (3, 'b3'), (NULL, 'bn')

query rowsort both
SELECT * FROM a FULL JOIN b USING (k)
----
1|a1|NULL
2|a2|b2
3|NULL|b3
NULL|NULL|bn
NULL|an|NULL

query rowsort both
SELECT k, a.k, b.k, x, y FROM a FULL OUTER JOIN b USING (k)
----
1|1|NULL|a1|NULL
2|2|2|a2|b2
3|NULL|3|NULL|b3
NULL|NULL|NULL|NULL|bn
NULL|NULL|NULL|an|NULL

query rowsort both
SELECT k, count(*) FROM a FULL JOIN b USING (k) GROUP BY k
----
1|1
2|1
3|1
NULL|2

query rowsort both
SELECT * FROM a RIGHT SEMI JOIN b USING (k)
----
2|b2

query rowsort both
SELECT * FROM a RIGHT ANTI JOIN b USING (k)
----
3|b3
NULL|bn
