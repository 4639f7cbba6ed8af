# FE switches enable_feature_changelog / enable_feature_binlog and enable_table_stream are honoured
# when set to false.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE before_switch (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1
PROPERTIES ("changelog.enable" = "true", "changelog.need_historical_value" = "true")

statement ok
ADMIN SET FRONTEND CONFIG ("enable_table_stream" = "false")

query
ADMIN SHOW FRONTEND CONFIG LIKE 'enable_table_%'
----
enable_table_stream|false

statement error Table stream is not enabled
CREATE STREAM s ON TABLE before_switch

statement ok
ADMIN SET FRONTEND CONFIG ("enable_feature_changelog" = "false")

statement error Changelog is not enabled
CREATE TABLE t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ("changelog.enable" = "true")

statement error INCR query requires changelog enabled on base table.
SELECT * FROM before_switch@incr()

statement ok
ADMIN SET FRONTEND CONFIG ("enable_feature_changelog" = "true", "enable_table_stream" = "true")

statement ok
CREATE STREAM s ON TABLE before_switch

query
SELECT count(*) FROM before_switch@incr()
----
0
