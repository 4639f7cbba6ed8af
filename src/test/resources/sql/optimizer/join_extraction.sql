# A comma join and its WHERE become inner joins with their equi-conditions: each next table is the first
# one a condition connects to those already joined, a condition on one table filters that table, and
# the columns keep their written order. A join stays a cross join only where nothing connects the sides.
statement ok
CREATE DATABASE opt_join

statement ok
USE opt_join

statement ok
CREATE TABLE dates (d_datekey INT NOT NULL, d_year INT) DUPLICATE KEY(d_datekey) DISTRIBUTED BY HASH(d_datekey) BUCKETS 1

statement ok
CREATE TABLE customer (c_custkey INT NOT NULL, c_region VARCHAR(12), c_nation VARCHAR(15)) DUPLICATE KEY(c_custkey) DISTRIBUTED BY HASH(c_custkey) BUCKETS 1

statement ok
CREATE TABLE lineorder (lo_orderkey INT NOT NULL, lo_custkey INT, lo_orderdate INT, lo_revenue INT) DUPLICATE KEY(lo_orderkey) DISTRIBUTED BY HASH(lo_orderkey) BUCKETS 1

statement ok
INSERT INTO dates VALUES (19970101, 1997), (19980101, 1998), (19990101, NULL)

statement ok
INSERT INTO customer VALUES (1, 'AMERICA', 'PERU'), (2, 'ASIA', 'CHINA'), (3, NULL, NULL), (4, 'AMERICA', 'BRAZIL')

statement ok
INSERT INTO lineorder VALUES (10, 1, 19970101, 100), (11, 1, 19980101, 50), (12, 2, 19970101, 70), (13, NULL, 19970101, 5),
    (14, 4, NULL, 8), (15, 3, 19990101, 1), (16, 4, 19980101, 20), (17, 4, 19980101, 20)

query
EXPLAIN ANALYZED PLAN SELECT d_year, c_nation, sum(lo_revenue) AS revenue FROM dates, customer, lineorder
WHERE lo_custkey = c_custkey AND lo_orderdate = d_datekey AND c_region = 'AMERICA' GROUP BY d_year, c_nation
----
Project [d_year#11:=d_year#2, c_nation#12:=c_nation#5, revenue#13:=sum(lo_revenue)#10] -> [d_year#11 INT, c_nation#12 VARCHAR(15), revenue#13 BIGINT]
  Aggregate keys=[d_year#2, c_nation#5] aggregates=[sum(lo_revenue)#10:=sum(lo_revenue#9)] -> [d_year#2 INT, c_nation#5 VARCHAR(15), sum(lo_revenue)#10 BIGINT]
    Filter (((lo_custkey#7 = c_custkey#3) AND (lo_orderdate#8 = d_datekey#1)) AND (c_region#4 = 'AMERICA'))
      Join CROSS -> [d_datekey#1 INT NOT NULL, d_year#2 INT, c_custkey#3 INT NOT NULL, c_region#4 VARCHAR(12), c_nation#5 VARCHAR(15), lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT]
        Join CROSS -> [d_datekey#1 INT NOT NULL, d_year#2 INT, c_custkey#3 INT NOT NULL, c_region#4 VARCHAR(12), c_nation#5 VARCHAR(15)]
          Scan opt_join.dates columns=[d_datekey#1:=d_datekey, d_year#2:=d_year] -> [d_datekey#1 INT NOT NULL, d_year#2 INT]
          Scan opt_join.customer columns=[c_custkey#3:=c_custkey, c_region#4:=c_region, c_nation#5:=c_nation] -> [c_custkey#3 INT NOT NULL, c_region#4 VARCHAR(12), c_nation#5 VARCHAR(15)]
        Scan opt_join.lineorder columns=[lo_orderkey#6:=lo_orderkey, lo_custkey#7:=lo_custkey, lo_orderdate#8:=lo_orderdate, lo_revenue#9:=lo_revenue] -> [lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT]

query
EXPLAIN OPTIMIZED PLAN SELECT d_year, c_nation, sum(lo_revenue) AS revenue FROM dates, customer, lineorder
WHERE lo_custkey = c_custkey AND lo_orderdate = d_datekey AND c_region = 'AMERICA' GROUP BY d_year, c_nation
----
Project [d_year#11:=d_year#2, c_nation#12:=c_nation#5, revenue#13:=sum(lo_revenue)#10] -> [d_year#11 INT, c_nation#12 VARCHAR(15), revenue#13 BIGINT]
  Aggregate keys=[d_year#2, c_nation#5] aggregates=[sum(lo_revenue)#10:=sum(lo_revenue#9)] -> [d_year#2 INT, c_nation#5 VARCHAR(15), sum(lo_revenue)#10 BIGINT]
    Project [d_datekey#1, d_year#2, c_custkey#3, c_region#4, c_nation#5, lo_orderkey#6, lo_custkey#7, lo_orderdate#8, lo_revenue#9] -> [d_datekey#1 INT NOT NULL, d_year#2 INT, c_custkey#3 INT NOT NULL, c_region#4 VARCHAR(12), c_nation#5 VARCHAR(15), lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT]
      Join INNER (lo_custkey#7 = c_custkey#3) -> [d_datekey#1 INT NOT NULL, d_year#2 INT, lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT, c_custkey#3 INT NOT NULL, c_region#4 VARCHAR(12), c_nation#5 VARCHAR(15)]
        Join INNER (lo_orderdate#8 = d_datekey#1) -> [d_datekey#1 INT NOT NULL, d_year#2 INT, lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT]
          Scan opt_join.dates columns=[d_datekey#1:=d_datekey, d_year#2:=d_year] -> [d_datekey#1 INT NOT NULL, d_year#2 INT]
          Scan opt_join.lineorder columns=[lo_orderkey#6:=lo_orderkey, lo_custkey#7:=lo_custkey, lo_orderdate#8:=lo_orderdate, lo_revenue#9:=lo_revenue] -> [lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT]
        Filter (c_region#4 = 'AMERICA')
          Scan opt_join.customer columns=[c_custkey#3:=c_custkey, c_region#4:=c_region, c_nation#5:=c_nation] -> [c_custkey#3 INT NOT NULL, c_region#4 VARCHAR(12), c_nation#5 VARCHAR(15)]

query rowsort
SELECT d_year, c_nation, sum(lo_revenue) AS revenue FROM dates, customer, lineorder
WHERE lo_custkey = c_custkey AND lo_orderdate = d_datekey AND c_region = 'AMERICA' GROUP BY d_year, c_nation
----
1997|PERU|100
1998|BRAZIL|40
1998|PERU|50

# SELECT *: the columns in the order written, though the tables are joined in another.
query
SELECT * FROM dates, customer, lineorder WHERE lo_custkey = c_custkey AND lo_orderdate = d_datekey AND lo_orderkey = 12
----
19970101|1997|2|ASIA|CHINA|12|2|19970101|70

# Nothing connects customer to the others: its join stays a cross join, and every pair is kept.
query
EXPLAIN OPTIMIZED PLAN SELECT count(*) FROM customer, dates, lineorder WHERE lo_orderdate = d_datekey
----
Project [count(*)#11:=count(*)#10] -> [count(*)#11 BIGINT NOT NULL]
  Aggregate keys=[] aggregates=[count(*)#10:=count(*)] -> [count(*)#10 BIGINT NOT NULL]
    Join INNER (lo_orderdate#8 = d_datekey#4) -> [c_custkey#1 INT NOT NULL, c_region#2 VARCHAR(12), c_nation#3 VARCHAR(15), d_datekey#4 INT NOT NULL, d_year#5 INT, lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT]
      Join CROSS -> [c_custkey#1 INT NOT NULL, c_region#2 VARCHAR(12), c_nation#3 VARCHAR(15), d_datekey#4 INT NOT NULL, d_year#5 INT]
        Scan opt_join.customer columns=[c_custkey#1:=c_custkey, c_region#2:=c_region, c_nation#3:=c_nation] -> [c_custkey#1 INT NOT NULL, c_region#2 VARCHAR(12), c_nation#3 VARCHAR(15)]
        Scan opt_join.dates columns=[d_datekey#4:=d_datekey, d_year#5:=d_year] -> [d_datekey#4 INT NOT NULL, d_year#5 INT]
      Scan opt_join.lineorder columns=[lo_orderkey#6:=lo_orderkey, lo_custkey#7:=lo_custkey, lo_orderdate#8:=lo_orderdate, lo_revenue#9:=lo_revenue] -> [lo_orderkey#6 INT NOT NULL, lo_custkey#7 INT, lo_orderdate#8 INT, lo_revenue#9 INT]

query
SELECT count(*) FROM customer, dates, lineorder WHERE lo_orderdate = d_datekey
----
28

# A condition over three tables joins when all three are there; a constant condition stays on top.
query
SELECT count(*) FROM dates, customer, lineorder WHERE lo_custkey + lo_orderdate = c_custkey + d_datekey AND 1 = 1
----
6

# JOIN .. ON chains are one region with the WHERE too.
query
EXPLAIN OPTIMIZED PLAN SELECT lo_orderkey FROM lineorder JOIN customer ON lo_custkey = c_custkey CROSS JOIN dates
WHERE d_datekey = lo_orderdate AND d_year = 1998
----
Project [lo_orderkey#10:=lo_orderkey#1] -> [lo_orderkey#10 INT NOT NULL]
  Join INNER (d_datekey#8 = lo_orderdate#3) -> [lo_orderkey#1 INT NOT NULL, lo_custkey#2 INT, lo_orderdate#3 INT, lo_revenue#4 INT, c_custkey#5 INT NOT NULL, c_region#6 VARCHAR(12), c_nation#7 VARCHAR(15), d_datekey#8 INT NOT NULL, d_year#9 INT]
    Join INNER (lo_custkey#2 = c_custkey#5) -> [lo_orderkey#1 INT NOT NULL, lo_custkey#2 INT, lo_orderdate#3 INT, lo_revenue#4 INT, c_custkey#5 INT NOT NULL, c_region#6 VARCHAR(12), c_nation#7 VARCHAR(15)]
      Scan opt_join.lineorder columns=[lo_orderkey#1:=lo_orderkey, lo_custkey#2:=lo_custkey, lo_orderdate#3:=lo_orderdate, lo_revenue#4:=lo_revenue] -> [lo_orderkey#1 INT NOT NULL, lo_custkey#2 INT, lo_orderdate#3 INT, lo_revenue#4 INT]
      Scan opt_join.customer columns=[c_custkey#5:=c_custkey, c_region#6:=c_region, c_nation#7:=c_nation] -> [c_custkey#5 INT NOT NULL, c_region#6 VARCHAR(12), c_nation#7 VARCHAR(15)]
    Filter (d_year#9 = 1998)
      Scan opt_join.dates columns=[d_datekey#8:=d_datekey, d_year#9:=d_year] -> [d_datekey#8 INT NOT NULL, d_year#9 INT]

query rowsort
SELECT lo_orderkey FROM lineorder JOIN customer ON lo_custkey = c_custkey CROSS JOIN dates
WHERE d_datekey = lo_orderdate AND d_year = 1998
----
11
16
17
