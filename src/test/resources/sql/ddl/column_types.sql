# Every CREATE TABLE column type round-trips a value; NULL / NOT NULL, DEFAULT (a literal and
# CURRENT_TIMESTAMP), COMMENT and AUTO_INCREMENT behave as in Doris.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE nums (
  k INT NOT NULL,
  b BOOLEAN,
  ti TINYINT,
  si SMALLINT,
  i INT,
  bi BIGINT,
  li LARGEINT,
  f FLOAT,
  d DOUBLE,
  dec1 DECIMAL(10, 2),
  dec2 DECIMALV3(27, 9)
) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO nums VALUES
  (1, true, -128, -32768, -2147483648, -9223372036854775808, -170141183460469231731687303715884105728, 1.5, -2.25, -12345678.91, 123456789012345678.123456789),
  (2, false, 127, 32767, 2147483647, 9223372036854775807, 170141183460469231731687303715884105727, 3.25, 1234.5678, 0.05, 0.000000001),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)

query
SELECT * FROM nums ORDER BY k
----
1|1|-128|-32768|-2147483648|-9223372036854775808|-170141183460469231731687303715884105728|1.5|-2.25|-12345678.91|123456789012345678.123456789
2|0|127|32767|2147483647|9223372036854775807|170141183460469231731687303715884105727|3.25|1234.5678|0.05|0.000000001
3|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL

# values keep their type in arithmetic: LARGEINT goes beyond 2^63, DECIMAL stays exact
query
SELECT bi - 1, li - 1, dec1 * 2, dec2 + dec2 FROM nums WHERE k = 2
----
9223372036854775806|170141183460469231731687303715884105726|0.10|0.000000002

query
SELECT CAST(bi AS LARGEINT) + 1, b AND true, NOT b FROM nums WHERE k = 2
----
9223372036854775808|0|1

query columns=Field,Type,Null
DESC nums
----
k|INT|No
b|BOOLEAN|Yes
ti|TINYINT|Yes
si|SMALLINT|Yes
i|INT|Yes
bi|BIGINT|Yes
li|LARGEINT|Yes
f|FLOAT|Yes
d|DOUBLE|Yes
dec1|DECIMAL(10, 2)|Yes
dec2|DECIMAL(27, 9)|Yes

statement ok
CREATE TABLE times (
  k INT NOT NULL,
  d DATE,
  d2 DATEV2,
  dt DATETIME,
  dt3 DATETIMEV2(3),
  dt6 DATETIME(6)
) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO times VALUES (1, '2024-02-29', '0001-01-01', '2024-02-29 23:59:59', '2024-02-29 23:59:59.123', '2024-02-29 23:59:59.123456'),
  (2, '9999-12-31', '1970-01-01', '1970-01-01 00:00:00', '2024-01-01 00:00:00', '2024-01-01 00:00:00.000001')

query
SELECT k, d, d2, dt, dt6 FROM times ORDER BY k
----
1|2024-02-29|0001-01-01|2024-02-29 23:59:59|2024-02-29 23:59:59.123456
2|9999-12-31|1970-01-01|1970-01-01 00:00:00|2024-01-01 00:00:00.000001

query
SELECT date_format(dt3, '%Y-%m-%d %H:%i:%s.%f') FROM times ORDER BY k
----
2024-02-29 23:59:59.123000
2024-01-01 00:00:00.000000

query
SELECT k FROM times WHERE d = '2024-02-29' AND dt > '2024-02-29 23:59:58' AND dt3 < '2024-02-29 23:59:59.124'
----
1

query columns=Field,Type
DESC times
----
k|INT
d|DATE
d2|DATE
dt|DATETIME
dt3|DATETIME(3)
dt6|DATETIME(6)

statement ok
CREATE TABLE strs (k INT NOT NULL, c CHAR(5), v VARCHAR(10), s STRING, t TEXT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO strs VALUES (1, 'ab', 'hello', 'a longer string value', 'text'), (2, '', '', '', ''), (3, NULL, NULL, NULL, NULL), (4, 'x', 'it''s', '中文', 'tab	in')

query
SELECT k, c, v, s, t, length(c) FROM strs ORDER BY k
----
1|ab|hello|a longer string value|text|2
2|(empty)|(empty)|(empty)|(empty)|0
3|NULL|NULL|NULL|NULL|NULL
4|x|it's|中文|tab	in|1

query columns=Field,Type
DESC strs
----
k|INT
c|CHAR(5)
v|VARCHAR(10)
s|TEXT
t|TEXT

statement ok
CREATE TABLE nested (
  k INT NOT NULL,
  j JSON,
  a ARRAY<INT>,
  sa ARRAY<STRING>,
  m MAP<STRING, INT>,
  st STRUCT<id:INT, name:STRING>
) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO nested VALUES (1, '{"a":1,"b":[true,null]}', [1, 2, 3], ['x', 'y'], map('p', 1, 'q', 2), named_struct('id', 7, 'name', 'seven')),
  (2, '[]', [], [], map(), named_struct('id', 0, 'name', '')),
  (3, NULL, NULL, NULL, NULL, NULL)

query
SELECT * FROM nested ORDER BY k
----
1|{"a":1,"b":[true,null]}|[1, 2, 3]|["x", "y"]|{"p":1, "q":2}|{"id":7, "name":"seven"}
2|[]|[]|[]|{}|{"id":0, "name":""}
3|NULL|NULL|NULL|NULL|NULL

query
SELECT a[2], size(a), sa[1], m['q'], struct_element(st, 'name'), get_json_int(j, '$.a') FROM nested WHERE k = 1
----
2|3|x|2|seven|1

query columns=Field,Type
DESC nested
----
k|INT
j|JSON
a|ARRAY<INT>
sa|ARRAY<TEXT>
m|MAP<TEXT,INT>
st|STRUCT<id:INT,name:TEXT>

# NOT NULL, DEFAULT, COMMENT
statement ok
CREATE TABLE defs (
  k BIGINT NOT NULL AUTO_INCREMENT COMMENT 'surrogate',
  name VARCHAR(20) NOT NULL COMMENT 'who',
  qty INT NOT NULL DEFAULT "1",
  note VARCHAR(20) DEFAULT 'none',
  maybe INT NULL
) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO defs (name) VALUES ('a'), ('b')

statement ok
INSERT INTO defs (name, qty, note, maybe) VALUES ('c', 5, NULL, 9)

query
SELECT name, qty, note, maybe FROM defs ORDER BY name
----
a|1|none|NULL
b|1|none|NULL
c|5|NULL|9

# AUTO_INCREMENT assigns distinct values when the column is omitted
query
SELECT count(*), count(DISTINCT k), min(k) >= 0 FROM defs
----
3|3|1

# an explicit value for the AUTO_INCREMENT column is kept
statement ok
INSERT INTO defs (k, name) VALUES (1000, 'explicit')

query
SELECT name FROM defs WHERE k = 1000
----
explicit

statement error Column has no default value. column: name
INSERT INTO defs (qty) VALUES (3)

# (the message is specified in dml/insert_forms.pending)
statement error
INSERT INTO defs (name, qty) VALUES ('d', NULL)

query
SELECT count(*) FROM defs
----
4

query columns=Field,Null,Default,Extra,Comment
SHOW FULL COLUMNS FROM defs
----
k|NO|NULL|auto_increment|surrogate
name|NO|NULL|(empty)|who
qty|NO|1|(empty)|(empty)
note|YES|none|(empty)|(empty)
maybe|YES|NULL|(empty)|(empty)

# CURRENT_TIMESTAMP is the time of the insert
statement ok
CREATE TABLE stamps (k INT NOT NULL, created DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
INSERT INTO stamps (k) VALUES (1), (2)

query
SELECT count(*) FROM stamps WHERE abs(timestampdiff(SECOND, created, now())) < 600
----
2

statement error the auto increment must be BIGINT type.
CREATE TABLE bad_ai (k INT NOT NULL AUTO_INCREMENT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Can not set null default value to non nullable column: v
CREATE TABLE bad_def (k INT, v INT NOT NULL DEFAULT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
