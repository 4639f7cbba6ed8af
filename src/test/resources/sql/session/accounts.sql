# User accounts: CREATE / ALTER / DROP USER and SET PASSWORD, with MySQL's and Doris's errors. Logins
# with the passwords are tested over the MySQL protocol (AccountsLoginTest).

statement ok
CREATE USER 'jack'@'%' IDENTIFIED BY '123456' FAILED_LOGIN_ATTEMPTS 3 PASSWORD_LOCK_TIME 1 DAY

statement error Operation CREATE USER failed for 'jack'@'%'
CREATE USER 'jack'@'%'

statement ok
CREATE USER IF NOT EXISTS 'jack'@'%' IDENTIFIED BY 'other'

# One name, another host: another account.
statement ok
CREATE USER jack@'192.168.%' IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9'

statement error Password hash should be a 41-digit hexadecimal number
CREATE USER 'bad'@'%' IDENTIFIED BY PASSWORD 'abc'

statement error PASSWORD_LOCK_TIME takes SECOND, MINUTE, HOUR, DAY or UNBOUNDED
ALTER USER 'jack'@'%' PASSWORD_LOCK_TIME 1 WEEK

statement ok
ALTER USER 'jack'@'%' IDENTIFIED BY 'changed' PASSWORD_LOCK_TIME UNBOUNDED PASSWORD_EXPIRE INTERVAL 90 DAY

statement ok
ALTER USER 'jack'@'%' PASSWORD_EXPIRE DEFAULT

statement error PASSWORD_EXPIRE takes DEFAULT, NEVER or INTERVAL n SECOND, MINUTE, HOUR or DAY
ALTER USER 'jack'@'%' PASSWORD_EXPIRE INTERVAL 1 YEAR

statement error Operation ALTER USER failed for 'nobody'@'%'
ALTER USER 'nobody'@'%' IDENTIFIED BY 'x'

statement ok
ALTER USER IF EXISTS 'nobody'@'%' IDENTIFIED BY 'x'

statement ok
SET PASSWORD FOR 'jack'@'192.168.%' = '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9'

statement error Can't find any matching row in the user table
SET PASSWORD FOR 'nobody'@'%' = PASSWORD('x')

statement error Can not drop user root
DROP USER 'root'@'%'

statement error Can not drop user admin
DROP USER admin

statement ok
DROP USER 'jack'@'192.168.%'

statement error Operation DROP USER failed for 'jack'@'192.168.%'
DROP USER 'jack'@'192.168.%'

statement ok
DROP USER IF EXISTS 'jack'@'192.168.%'

# Accounts change only outside a transaction, as other metadata.
statement ok
BEGIN

statement error This is in a transaction, only insert, update, delete, select, set, show, commit, rollback is acceptable.
CREATE USER 'txn'@'%'

statement ok
ROLLBACK

# A column may still be called user or password.
statement ok
CREATE DATABASE acc

statement ok
CREATE TABLE acc.logins (user VARCHAR(16), password VARCHAR(64), `for` INT) DISTRIBUTED BY HASH(user) BUCKETS 1

statement ok
INSERT INTO acc.logins VALUES ('a', 'b', 1)

query
SELECT user, password, `for` FROM acc.logins
----
a|b|1

restart

statement error Operation CREATE USER failed for 'jack'@'%'
CREATE USER 'jack'@'%'

statement ok
CREATE USER 'jack'@'192.168.%'
