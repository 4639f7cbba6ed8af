# KILL [QUERY | CONNECTION] id, as in MySQL: KILL QUERY fails the statement a session is running and
# leaves the session usable; KILL CONNECTION (and plain KILL) also ends the session. Interrupting a
# statement that runs is covered through the wire protocol (KillTest); here the sessions are idle.
# Sessions are numbered in the order they open: default is 1, other is 2, third is 3.

statement ok
CREATE DATABASE db

statement ok
CREATE TABLE db.t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1

connection other

statement ok
INSERT INTO db.t VALUES (1)

connection default

# an idle session has nothing to interrupt: the KILL succeeds and the next statement there is not affected
statement ok
KILL QUERY 2

connection other

statement ok
INSERT INTO db.t VALUES (2)

query
SELECT count(*) FROM db.t
----
2

# killing one's own query fails the KILL itself; the session goes on
statement error Query execution was interrupted
KILL QUERY 2

query
SELECT CONNECTION_ID(), count(*) FROM db.t
----
2|2

# a killed statement among several stops them there: the earlier one committed, the later one never ran
statement error Query execution was interrupted
INSERT INTO db.t VALUES (3); KILL QUERY 2; INSERT INTO db.t VALUES (4)

query rowsort
SELECT k FROM db.t
----
1
2
3

statement error Unknown thread id: 99
KILL 99

statement error Unknown thread id: 99
KILL QUERY 99

statement error Unknown thread id: 99
KILL CONNECTION 99

connection default

statement ok
KILL CONNECTION 2

connection other

statement error Session was killed
SELECT 1

connection third

statement error Query execution was interrupted
KILL 3

statement error Session was killed
SELECT 1

connection default

query
SELECT count(*) FROM db.t
----
3
