# String functions with MySQL/Doris semantics: concat's NULL propagation, concat_ws skipping NULLs,
# substr with negative positions, length in bytes vs char_length in characters, case mapping,
# regexp_extract, split_part, and the other common helpers.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE s (id INT, a VARCHAR(20), b STRING) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO s VALUES (1, 'Hello', 'World'), (2, 'Doris', NULL), (3, '中文', 'ab,cd,ef')

query
SELECT concat(a, ' ', b) FROM s ORDER BY id
----
Hello World
NULL
中文 ab,cd,ef

query
SELECT concat('a', 'b', 'c'), concat('x', 1, 2.5), concat('only')
----
abc|x12.5|only

query
SELECT concat_ws('-', a, b, 'z') FROM s ORDER BY id
----
Hello-World-z
Doris-z
中文-ab,cd,ef-z

query
SELECT concat_ws(',', 'a', NULL, 'b'), concat_ws(NULL, 'a', 'b')
----
a,b|NULL

query
SELECT substr('Quadratically', 5), substr('Quadratically', 5, 6), substr('Sakila', -3), substr('Sakila', -5, 3)
----
ratically|ratica|ila|aki

query
SELECT substr('abc', 0), substr('abc', 10), substr('abc', -10), substr('abc', 2, -1), substring('abcdef', 2, 3)
----
(empty)|(empty)|(empty)|(empty)|bcd

query
SELECT substr(b, 2) FROM s ORDER BY id
----
orld
NULL
b,cd,ef

query
SELECT id, length(a), char_length(a), character_length(a) FROM s ORDER BY id
----
1|5|5|5
2|5|5|5
3|6|2|2

query
SELECT length(''), length(NULL), char_length('héllo'), length('héllo')
----
0|NULL|5|6

query
SELECT lower(a), upper(a), lcase('MiXeD'), ucase('MiXeD') FROM s WHERE id = 1
----
hello|HELLO|mixed|MIXED

query
SELECT regexp_extract('AbCdE', '([[:lower:]]+)C([[:lower:]]+)', 1), regexp_extract('AbCdE', '([[:lower:]]+)C([[:lower:]]+)', 2)
----
b|d

# no match gives the empty string
query
SELECT regexp_extract('AbCdE', '([0-9]+)', 1), regexp_extract(NULL, '(a)', 1)
----
(empty)|NULL

query
SELECT regexp_extract('x=10;y=20', 'y=([0-9]+)', 1), regexp_replace('a1b22c333', '[0-9]+', '#')
----
20|a#b#c#

query
SELECT split_part('hello world', ' ', 1), split_part('hello world', ' ', 2), split_part(b, ',', 3) FROM s WHERE id = 3
----
hello|world|ef

# a negative field counts from the end; field 0 is NULL
query
SELECT split_part('prefix_string', '_', -1), split_part('prefix_string', '_', -2), split_part('abca', 'a', 1)
----
string|prefix|(empty)

query
SELECT split_part('a,b,c', ',', 0), split_part(NULL, ',', 1)
----
NULL|NULL

query
SELECT left('abcdef', 2), right('abcdef', 2), repeat('ab', 3), reverse('abc'), lpad('7', 3, '0'), rpad('7', 3, '*')
----
ab|ef|ababab|cba|007|7**

query
SELECT trim('  x  '), ltrim('  x'), rtrim('x  '), replace('aXbXc', 'X', '-'), instr('foobar', 'bar'), locate('bar', 'foobarbar', 5)
----
x|x|x|a-b-c|4|7

query
SELECT starts_with('doris', 'do'), ends_with('doris', 'is'), find_in_set('b', 'a,b,c'), find_in_set('z', 'a,b,c')
----
1|1|2|0

query rowsort
SELECT a FROM s WHERE a LIKE 'D%' OR a LIKE '_ell_'
----
Doris
Hello

query
SELECT 'abc' REGEXP '^a', 'abc' REGEXP 'z', upper(NULL)
----
1|0|NULL

query
SELECT hex(255), hex('abc'), unhex('616263'), to_base64('abc'), from_base64('YWJj'), md5('abc'), ascii('A')
----
FF|616263|abc|YWJj|abc|900150983cd24fb0d6963f7d28e17f72|65

# SUBSTRING_INDEX: up to the count-th delimiter, from the end when negative; the whole string when
# there are fewer delimiters; '' for a count of 0 or an empty delimiter; NULL for a NULL argument.
query
SELECT substring_index('www.apache.org', '.', 2), substring_index('www.apache.org', '.', -2), substring_index('www.apache.org', '.', 5), substring_index('www.apache.org', '.', -5)
----
www.apache|apache.org|www.apache.org|www.apache.org

query
SELECT substring_index('www.apache.org', '.', 0), substring_index('www.apache.org', '', 1), substring_index('a..b', '.', 2), substring_index('a--b--c', '--', -1), substring_index(12321, 2, 1)
----
(empty)|(empty)|a.|c|1

query
SELECT substring_index(NULL, '.', 1), substring_index('a.b', NULL, 1), substring_index('a.b', '.', NULL)
----
NULL|NULL|NULL
