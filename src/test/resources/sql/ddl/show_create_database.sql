# SHOW CREATE DATABASE, as Doris shows it: the name and the statement, with the properties given.

statement ok
CREATE DATABASE plain_db

statement ok
CREATE DATABASE props_db PROPERTIES ("replication_allocation" = "tag.location.default: 1")

query columns=Database,Create_Database
SHOW CREATE DATABASE plain_db
----
plain_db|CREATE DATABASE `plain_db`

query
SHOW CREATE SCHEMA props_db
----
props_db|CREATE DATABASE `props_db`
PROPERTIES (
"replication_allocation" = "tag.location.default: 1"
)

statement error Unknown database 'nope'
SHOW CREATE DATABASE nope
