# JSON access: get_json_string/int/bigint/double over string and JSON columns; a missing path or a
# value of the wrong JSON type gives NULL.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE j (id INT, s STRING, doc JSON) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO j VALUES
  (1, '{"name":"ann","age":31,"score":9.5,"tags":["a","b"],"addr":{"city":"Oslo"}}', '{"name":"ann","age":31}'),
  (2, '{"name":"bob","age":"unknown"}', '{"name":"bob"}'),
  (3, NULL, NULL)

query
SELECT id, get_json_string(s, '$.name'), get_json_int(s, '$.age'), get_json_double(s, '$.score') FROM j ORDER BY id
----
1|ann|31|9.5
2|bob|NULL|NULL
3|NULL|NULL|NULL

query
SELECT get_json_string(s, '$.addr.city'), get_json_string(s, '$.tags[1]'), get_json_string(s, '$.missing') FROM j WHERE id = 1
----
Oslo|b|NULL

# non-string values come back as their JSON text
query
SELECT get_json_string(s, '$.age'), get_json_string(s, '$.addr'), get_json_string(s, '$.tags') FROM j WHERE id = 1
----
31|{"city":"Oslo"}|["a","b"]

query
SELECT get_json_bigint('{"n":12345678901}', '$.n'), get_json_double('{"n":2}', '$.n'), get_json_int('{"n":2}', '$.n')
----
12345678901|2|2

# a JSON string or a fraction is not an integer
query
SELECT get_json_int('{"k1":1, "k2":"2"}', '$.k2'), get_json_int('{"k":1.5}', '$.k'), get_json_double('{"k":"x"}', '$.k')
----
NULL|NULL|NULL

query
SELECT id, get_json_string(doc, '$.name'), get_json_int(doc, '$.age') FROM j ORDER BY id
----
1|ann|31
2|bob|NULL
3|NULL|NULL

query
SELECT id FROM j WHERE get_json_int(s, '$.age') > 30
----
1

query
SELECT json_extract('{"a":{"b":2}}', '$.a'), get_json_string('not json', '$.a')
----
{"b":2}|NULL
