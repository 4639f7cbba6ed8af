# Table functions: numbers("number" = "N") as a row generator, local(..) over a CSV fixture (paths are
# relative to user_files_secure_path, which the script runner sets to the fixtures directory), and
# LATERAL VIEW generators.

statement ok
CREATE DATABASE db

statement ok
USE db

query
SELECT number FROM numbers("number" = "5") ORDER BY number
----
0
1
2
3
4

query
SELECT count(*), sum(number), min(number), max(number) FROM numbers("number" = "1000")
----
1000|499500|0|999

query
SELECT count(*) FROM numbers("number" = "0")
----
0

# a calendar from a row generator
query
SELECT date_add(CAST('2024-02-27' AS DATE), number) AS d FROM numbers("number" = "4") ORDER BY d
----
2024-02-27
2024-02-28
2024-02-29
2024-03-01

query
SELECT a.number, b.number FROM numbers("number" = "2") a CROSS JOIN numbers("number" = "2") b ORDER BY 1, 2
----
0|0
0|1
1|0
1|1

statement ok
CREATE TABLE sq (n BIGINT, sq BIGINT) DUPLICATE KEY(n) DISTRIBUTED BY HASH(n) BUCKETS 1

statement ok
INSERT INTO sq SELECT number, number * number FROM numbers("number" = "4")

query
SELECT * FROM sq ORDER BY n
----
0|0
1|1
2|4
3|9

statement error number not set in numbers function
SELECT * FROM numbers("rows" = "3")

statement error Illegal number: many
SELECT * FROM numbers("number" = "many")

statement error Unknown table function 'no_such_tvf'
SELECT * FROM no_such_tvf("a" = "b")

# local(): csv_with_names takes the column names from the header (plain csv: see local_csv.sql)
query
SELECT count(*) FROM local("file_path" = "people.csv", "format" = "csv")
----
3

query
SELECT name, age FROM local("file_path" = "people_with_names.csv", "format" = "csv_with_names") WHERE age > 26 ORDER BY name
----
ann|30
cy|41

statement error No such file: missing.csv
SELECT * FROM local("file_path" = "missing.csv", "format" = "csv")

statement error file_path is required for local function
SELECT * FROM local("format" = "csv")

# local() reads only inside user_files_secure_path (symbolic links leading out: LocalFilesConfinementTest)
statement error can not contain '..' in path
SELECT * FROM local("file_path" = "../fixtures/people.csv", "format" = "csv")

statement error file path is not allowed: /etc/passwd
SELECT * FROM local("file_path" = "/etc/passwd", "format" = "csv")

statement error file path is not allowed: /etc/*
SELECT * FROM local("file_path" = "/etc/*", "format" = "csv")

# a glob matches inside the directory: both fixtures, one with a header line read as data
query
SELECT count(*) FROM local("file_path" = "people*.csv", "format" = "csv")
----
7

statement error No such file: nobody*.csv
SELECT * FROM local("file_path" = "nobody*.csv", "format" = "csv")

# LATERAL VIEW generators
statement ok
CREATE TABLE tags (id INT, tags ARRAY<STRING>, csv VARCHAR(20)) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO tags VALUES (1, ['a', 'b'], 'x,y,z'), (2, [], ''), (3, NULL, NULL)

query
SELECT id, tag FROM tags LATERAL VIEW explode(tags) t AS tag ORDER BY id, tag
----
1|a
1|b

query
SELECT id, tag FROM tags LATERAL VIEW explode_outer(tags) t AS tag ORDER BY id, tag
----
1|a
1|b
2|NULL
3|NULL

query
SELECT id, part FROM tags LATERAL VIEW explode_split(csv, ',') t AS part WHERE id = 1 ORDER BY part
----
1|x
1|y
1|z

query
SELECT id, n FROM tags LATERAL VIEW explode_numbers(id) t AS n WHERE id <= 2 ORDER BY id, n
----
1|0
2|0
2|1

query
SELECT e FROM (SELECT 1 AS k) s LATERAL VIEW explode_json_array_int('[1, 2, 3]') t AS e ORDER BY e
----
1
2
3

query
SELECT id, tag, n FROM tags LATERAL VIEW explode(tags) t1 AS tag LATERAL VIEW explode_numbers(2) t2 AS n WHERE id = 1 ORDER BY tag, n
----
1|a|0
1|a|1
1|b|0
1|b|1
