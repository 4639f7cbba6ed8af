# Date and time functions with Doris/MySQL semantics: date_trunc(x, unit) argument order, date_format
# specifiers, to_date and the field extractors, interval arithmetic, datediff, and the unix-time
# conversions under a fixed session time zone.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE ev (id INT, d DATE, ts DATETIME) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO ev VALUES (1, '2024-01-31', '2024-03-05 14:07:09'), (2, '2023-12-31', '2020-01-01 00:00:00'), (3, NULL, NULL)

# date_trunc takes the value first and the unit second (Doris order)
query
SELECT date_trunc(ts, 'month'), date_trunc(ts, 'year'), date_trunc(ts, 'hour'), date_trunc(ts, 'day') FROM ev WHERE id = 1
----
2024-03-01 00:00:00|2024-01-01 00:00:00|2024-03-05 14:00:00|2024-03-05 00:00:00

query
SELECT date_trunc(ts, 'quarter'), date_trunc(ts, 'minute'), date_trunc(ts, 'second') FROM ev WHERE id = 1
----
2024-01-01 00:00:00|2024-03-05 14:07:00|2024-03-05 14:07:09

# weeks start on Monday: 2024-03-05 is a Tuesday
query
SELECT date_trunc(ts, 'week') FROM ev WHERE id = 1
----
2024-03-04 00:00:00

query
SELECT date_trunc(ts, 'month') FROM ev WHERE id = 3
----
NULL

# a DATE truncates to a DATE; newer Doris also accepts the unit first
query
SELECT date_trunc(d, 'month'), date_trunc(d, 'year'), date_trunc('month', d), date_trunc('week', ts) FROM ev WHERE id = 1
----
2024-01-01|2024-01-01|2024-01-01|2024-03-04 00:00:00

query
SELECT date_trunc(d, 'month') AS m, count(*) FROM ev WHERE d IS NOT NULL GROUP BY m ORDER BY m
----
2023-12-01|1
2024-01-01|1

query
SELECT date_trunc('2010-12-02 19:28:30', 'quarter'), date_trunc(CAST('2010-12-02' AS DATE), 'month')
----
2010-10-01 00:00:00|2010-12-01

query
SELECT date_format(ts, '%Y-%m-%d %H:%i:%s'), date_format(ts, '%W %M %e %Y'), date_format(ts, '%a %b %d %y') FROM ev WHERE id = 1
----
2024-03-05 14:07:09|Tuesday March 5 2024|Tue Mar 05 24

query
SELECT date_format(ts, '%j'), date_format(ts, '%h:%i %p'), date_format(ts, '%T'), date_format(ts, '%r') FROM ev WHERE id = 1
----
065|02:07 PM|14:07:09|02:07:09 PM

query
SELECT date_format(ts, '%c/%e'), date_format(ts, '%k %l'), date_format(ts, '%w'), date_format(ts, '100%%'), date_format(ts, '%f') FROM ev WHERE id = 1
----
3/5|14 2|2|100%|000000

# week numbers: %U weeks start on Sunday (mode 0), %u on Monday with week 1 the first week of four or
# more days (mode 1), %v is the ISO week. 2020-01-01 is a Wednesday.
query
SELECT date_format(ts, '%U'), date_format(ts, '%u'), date_format(ts, '%v') FROM ev WHERE id = 2
----
00|01|01

query
SELECT date_format(ts, '%U %u %v') FROM ev WHERE id = 1
----
09 10 10

# %D is the day with its English suffix; %x is the year of the ISO week (%v)
query
SELECT date_format(ts, '%D of %M'), date_format(d, '%D'), date_format('2024-03-22', '%D'), date_format('2024-03-13', '%D'), date_format('2024-03-02', '%D'), date_format('2024-03-23', '%D') FROM ev WHERE id = 1
----
5th of March|31st|22nd|13th|2nd|23rd

query
SELECT date_format('2021-01-01', '%x-%v %u'), date_format('2021-01-04', '%x-%v %u')
----
2020-53 00|2021-01 01

query
SELECT from_unixtime(1704067200, '%D %u'), from_unixtime(NULL, '%D')
----
1st 01|NULL

query
SELECT date_format(d, '%Y/%m/%d %H:%i') FROM ev WHERE id = 1
----
2024/01/31 00:00

query
SELECT date_format(ts, '%Y') FROM ev WHERE id = 3
----
NULL

query
SELECT to_date(ts), year(ts), month(ts), day(ts), hour(ts), minute(ts), second(ts) FROM ev WHERE id = 1
----
2024-03-05|2024|3|5|14|7|9

query
SELECT year(d), month(d), day(d), dayofmonth(d), quarter(d), dayofyear(d) FROM ev WHERE id = 1
----
2024|1|31|31|1|31

# dayofweek: 1 = Sunday; weekday: 0 = Monday
query
SELECT dayofweek(ts), weekday(ts), dayname(ts), monthname(ts) FROM ev WHERE id = 1
----
3|1|Tuesday|March

# day numbers count from year 0
query
SELECT to_days('2007-10-07'), to_days(d), from_days(730669), timestamp('2003-12-31'), last_day(d) FROM ev WHERE id = 1
----
733321|739281|2000-07-03|2003-12-31 00:00:00|2024-01-31

query
SELECT to_date('2024-02-29 23:59:59'), year(NULL), to_date(NULL)
----
2024-02-29|NULL|NULL

# a DATE plus whole days, months or years stays a DATE; month arithmetic clamps to the month's end
query
SELECT date_add(d, INTERVAL 1 MONTH), date_sub(d, INTERVAL 1 DAY), days_add(d, 10), date_add(d, 1), date_sub(d, 31) FROM ev WHERE id = 1
----
2024-02-29|2024-01-30|2024-02-10|2024-02-01|2023-12-31

query
SELECT months_add(d, 1), years_add(d, 1), weeks_add(d, 1), days_sub(d, 1) FROM ev WHERE id = 2
----
2024-01-31|2024-12-31|2024-01-07|2023-12-30

query
SELECT date_add(ts, INTERVAL 3 HOUR), date_sub(ts, INTERVAL 10 MINUTE), ts + INTERVAL 1 DAY, ts - INTERVAL 5 SECOND FROM ev WHERE id = 1
----
2024-03-05 17:07:09|2024-03-05 13:57:09|2024-03-06 14:07:09|2024-03-05 14:07:04

query
SELECT date_add(d, INTERVAL 1 DAY) FROM ev WHERE id = 3
----
NULL

# datediff counts days between the date parts only
query
SELECT datediff('2024-03-05 23:00:00', '2024-03-01 01:00:00'), datediff('2024-03-01', '2024-03-05'), datediff(ts, d) FROM ev WHERE id = 1
----
4|-4|34

query
SELECT datediff(NULL, '2024-01-01')
----
NULL

# whole units elapsed, as TIMESTAMPDIFF counts them
query
SELECT timestampdiff(MONTH, '2024-01-31', '2024-02-29'), timestampdiff(MONTH, '2024-01-31', '2024-03-31'), timestampdiff(DAY, '2024-03-01 12:00:00', '2024-03-03 11:59:59'), timestampdiff(HOUR, '2024-03-01 00:00:00', '2024-03-01 05:30:00')
----
0|2|1|5

query
SELECT timestampdiff(YEAR, '2020-02-29', '2021-02-28'), timestampdiff(YEAR, '2020-02-29', '2021-03-01'), timestampdiff(QUARTER, '2024-01-31', '2024-04-30'), timestampdiff(MONTH, '2024-03-31', '2024-02-29'), timestampdiff(MONTH, '2024-03-15 10:00:00', '2024-01-15 11:00:00')
----
0|1|0|-1|-1

query
SELECT months_diff('2024-03-31', '2024-01-31'), days_diff('2024-03-05', '2024-03-01'), years_diff('2024-03-05', '2023-03-06')
----
2|4|0

statement ok
SET time_zone = 'UTC'

query
SELECT unix_timestamp('2024-01-01 00:00:00'), from_unixtime(0), from_unixtime(1704067200, '%Y-%m-%d')
----
1704067200|1970-01-01 00:00:00|2024-01-01

query
SELECT unix_timestamp(ts) FROM ev WHERE id = 2
----
1577836800

statement ok
SET time_zone = 'Asia/Shanghai'

query
SELECT unix_timestamp('2024-01-01 00:00:00'), from_unixtime(0), from_unixtime(1704067200, '%Y-%m-%d %H:%i')
----
1704038400|1970-01-01 08:00:00|2024-01-01 08:00

query
SELECT unix_timestamp('2024-01-01 08:30:00', '%Y-%m-%d %H:%i:%s'), unix_timestamp(NULL), from_unixtime(NULL)
----
1704069000|NULL|NULL

statement ok
SET time_zone = '+00:00'

query
SELECT from_unixtime(86400)
----
1970-01-02 00:00:00

query
SELECT str_to_date('05/03/2024', '%d/%m/%Y'), str_to_date('2024-03-05 14:07:09', '%Y-%m-%d %H:%i:%s'), str_to_date('garbage', '%Y-%m-%d')
----
2024-03-05|2024-03-05 14:07:09|NULL
