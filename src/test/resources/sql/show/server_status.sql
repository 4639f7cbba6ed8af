# SHOW STATUS reports this process (uptime, sessions, statements); SHOW FRONTENDS and SHOW BACKENDS
# list it as Doris's one frontend and one backend, to administrators.

query columns=Variable_name
SHOW GLOBAL STATUS
----
Connections
Questions
Queries
Threads_connected
Threads_running
Uptime

connection second

query
SHOW STATUS LIKE 'Threads_connected'
----
Threads_connected|2

# The statement asking is the one running.
query
SHOW STATUS LIKE 'Threads_running'
----
Threads_running|1

query columns=Role,IsMaster,Alive,CurrentConnected
SHOW FRONTENDS
----
FOLLOWER|true|true|Yes

query columns=BackendId,Alive,NodeRole
SHOW BACKENDS
----
10001|true|mix

statement ok
CREATE USER plain

connection p as plain

statement error Access denied; you need (at least one of) the ADMIN privilege(s) for this operation
SHOW BACKENDS

statement error Access denied; you need (at least one of) the ADMIN privilege(s) for this operation
SHOW FRONTENDS

# SHOW PROC, Doris's tree of system information, for administrators.
connection second

statement ok
CREATE DATABASE procdb

statement ok
CREATE TABLE procdb.t (k INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

query
SHOW PROC '/'
----
backends
current_queries
dbs
frontends

query columns=DbName,TableNum
SHOW PROC '/dbs'
----
procdb|1

query columns=Role
SHOW PROC '/frontends'
----
FOLLOWER

statement error Proc path '/nowhere' does not exist
SHOW PROC '/nowhere'

connection p

statement error Access denied; you need (at least one of) the ADMIN privilege(s) for this operation
SHOW PROC '/'
