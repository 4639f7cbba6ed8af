# An MV's rows are stored in the order of its key (its first column unless KEY (..) names others), as
# Doris keeps them: a query filtering on the leading key columns then skips most of the MV's blocks.
# Read without ORDER BY, they come back in that order.

statement ok
CREATE DATABASE ko

statement ok
USE ko

statement ok
CREATE TABLE events (id INT NOT NULL, region VARCHAR(8) NOT NULL, day DATE NOT NULL, n INT NOT NULL)
DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO events VALUES (1, 'west', '2024-01-03', 5), (2, 'east', '2024-01-01', 1), (3, 'north', '2024-01-02', 2),
(4, 'east', '2024-01-03', 7), (5, 'south', '2024-01-01', 4), (6, 'west', '2024-01-01', 3)

statement ok
CREATE MATERIALIZED VIEW by_region BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT region, day, sum(n) AS total FROM events GROUP BY region, day

statement ok
CREATE MATERIALIZED VIEW by_day BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL KEY (day, region) DISTRIBUTED BY RANDOM BUCKETS 1
AS SELECT day, region, sum(n) AS total FROM events GROUP BY day, region

wait tasks

query
SELECT region FROM by_region
----
east
east
north
south
west
west

query
SELECT day, region FROM by_day
----
2024-01-01|east
2024-01-01|south
2024-01-01|west
2024-01-02|north
2024-01-03|east
2024-01-03|west
