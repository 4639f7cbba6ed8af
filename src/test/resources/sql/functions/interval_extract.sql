# Standard date arithmetic and EXTRACT as TPC-H's text writes them: DATE and DATETIME literals and
# columns plus or minus INTERVAL 'n' unit (a quoted or bare count), and EXTRACT(unit FROM x) for
# every unit Doris has.
statement ok
CREATE DATABASE interval_extract

statement ok
USE interval_extract

statement ok
CREATE TABLE t (k INT, d DATE, dt DATETIME) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO t VALUES (1, '1998-09-02', '1998-09-02 10:11:12'), (2, '1998-12-01', '1998-12-01 23:59:59'), (3, NULL, NULL)

query types
SELECT date '1998-12-01' - interval '90' day, date '1998-12-01' + interval 1 year, DATE '1994-01-01' + INTERVAL '3' MONTH
----
DATE|DATE|DATE
1998-09-02|1999-12-01|1994-04-01

query types
SELECT timestamp '1998-12-01 10:00:00' - interval '90' minute, DATETIME '1998-12-01 10:00:00' + INTERVAL 2 HOUR
----
DATETIME|DATETIME
1998-12-01 08:30:00|1998-12-01 12:00:00

query rowsort
SELECT k FROM t WHERE d <= date '1998-12-01' - interval '90' day
----
1

query rowsort
SELECT k, d + interval '1' day, dt - interval '1' second FROM t
----
1|1998-09-03|1998-09-02 10:11:11
2|1998-12-02|1998-12-01 23:59:58
3|NULL|NULL

query types
SELECT extract(year FROM d), extract(month FROM d), extract(day FROM d), extract(quarter FROM d), extract(week FROM d) FROM t WHERE k = 1
----
SMALLINT|TINYINT|TINYINT|TINYINT|TINYINT
1998|9|2|3|35

query types
SELECT extract(hour FROM dt), extract(minute FROM dt), extract(second FROM dt), EXTRACT(YEAR FROM dt) FROM t WHERE k = 1
----
TINYINT|TINYINT|TINYINT|SMALLINT
10|11|12|1998

query
SELECT extract(year FROM d) FROM t WHERE k = 3
----
NULL

statement error EXTRACT does not support the unit FORTNIGHT
SELECT extract(fortnight FROM d) FROM t
