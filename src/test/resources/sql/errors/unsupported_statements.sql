# Doris statements and table functions of features CairnDB does not have are refused by name, with
# what to use instead, not with a syntax error.

statement error ROUTINE LOAD is not supported: load with Stream Load
CREATE ROUTINE LOAD db.job ON t COLUMNS TERMINATED BY "," PROPERTIES ("desired_concurrent_number" = "3")
FROM KAFKA ("kafka_broker_list" = "broker1:9092", "kafka_topic" = "my_topic")

statement error ROUTINE LOAD is not supported
SHOW ALL ROUTINE LOAD

statement error ROUTINE LOAD is not supported
STOP ROUTINE LOAD FOR db.job

statement error Table function s3() is not supported: read files with local() inside user_files_secure_path
SELECT * FROM s3("uri" = "s3://bucket/a.csv", "format" = "csv")

statement error Unknown table function 'nope'
SELECT * FROM nope("a" = "b")

# SHOW FRONTEND CONFIG is Doris's newer spelling of ADMIN SHOW FRONTEND CONFIG.
query columns=Key,Value
SHOW FRONTEND CONFIG LIKE 'qe_slow_log_ms'
----
qe_slow_log_ms|5000
