# DATETIME(p) values are stored at precision p and print with exactly p fractional digits (a
# DATETIME none); DEFAULT CURRENT_TIMESTAMP is shown as written.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE times (k INT NOT NULL, dt DATETIME, dt3 DATETIMEV2(3)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO times VALUES (1, '2024-02-29 23:59:59', '2024-02-29 23:59:59.123'), (2, '2024-01-01 00:00:00.4', '2024-01-01 00:00:00')

# a DATETIME(3) prints three fractional digits, a DATETIME none
query
SELECT k, dt, dt3 FROM times ORDER BY k
----
1|2024-02-29 23:59:59|2024-02-29 23:59:59.123
2|2024-01-01 00:00:00|2024-01-01 00:00:00.000

statement ok
CREATE TABLE defs (k INT NOT NULL, created DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

query columns=Field,Default
SHOW COLUMNS FROM defs
----
k|NULL
created|CURRENT_TIMESTAMP
