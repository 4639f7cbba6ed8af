# EXPORT TABLE writes a table's rows to local files as an export job that SHOW EXPORT lists (the writing
# is tested in ExportTest). Everything it names is checked first: a refused EXPORT records no job and
# writes nothing.

statement ok
CREATE DATABASE export_db

statement ok
USE export_db

statement ok
CREATE TABLE t (d DATE NOT NULL, k INT NOT NULL, v VARCHAR(10)) DUPLICATE KEY(d, k)
PARTITION BY RANGE(d) (PARTITION p1 VALUES LESS THAN ('2024-02-01'), PARTITION p2 VALUES LESS THAN ('2024-03-01'))
DISTRIBUTED BY HASH(k) BUCKETS 2

statement ok
CREATE TABLE flat (k INT NOT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement ok
CREATE VIEW v AS SELECT k FROM t

# Local files are written only with enable_outfile_to_local, as in Doris.
statement error Exporting results to local disk is not allowed. To enable this feature, you need to add `enable_outfile_to_local=true` in fe.conf and restart FE
EXPORT TABLE t TO "file:///tmp/export_"

statement error Invalid property key: [colum_separator]
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("colum_separator" = ",")

statement error Invalid property key: [a, b]
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("label" = "l1", "a" = "1", "b" = "2")

statement error format orc is not supported: csv, csv_with_names, csv_with_names_and_types or parquet
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("format" = "orc")

statement error compress_type is supported for parquet files only, not csv
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("compress_type" = "zstd")

statement error max_file_size should be between 5MB and 2GB. Given: 1MB
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("max_file_size" = "1MB")

statement error The value of parallelism is invalid!
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("parallelism" = "many")

statement error Local file system does not support delete existing files
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("delete_existing_files" = "true")

statement error Label format error. regex: ^[-_A-Za-z0-9:]{1,128}$, label: no spaces
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("label" = "no spaces")

statement error Partition [p9] does not exist in Table[t]
EXPORT TABLE t PARTITION (p1, p9) TO "file:///tmp/export_"

statement error Table[flat] is not partitioned.
EXPORT TABLE flat PARTITION (flat) TO "file:///tmp/export_"

statement error Table[v] is VIEW type, do not support export PARTITION.
EXPORT TABLE v PARTITION (p1) TO "file:///tmp/export_"

statement error unknown column [nope] in table [t]
EXPORT TABLE t TO "file:///tmp/export_" PROPERTIES ("columns" = "k, nope")

statement error unknown column [nope] in table [t]
EXPORT TABLE t (k, nope) TO "file:///tmp/export_"

statement error Columns are given twice
EXPORT TABLE t (k) TO "file:///tmp/export_" PROPERTIES ("columns" = "k")

statement error Unknown column 'nope'
EXPORT TABLE t WHERE nope > 1 TO "file:///tmp/export_"

statement error Table [missing] does not exist in database [export_db]
EXPORT TABLE missing TO "file:///tmp/export_"

statement error EXPORT WITH S3 is not supported: export to a local file:/// path
EXPORT TABLE t TO "s3://bucket/export_" PROPERTIES ("format" = "parquet") WITH S3 ("s3.endpoint" = "e")

statement error EXPORT WITH BROKER is not supported
EXPORT TABLE t TO "hdfs://host/export_" WITH BROKER "hdfs" ("username" = "u")

statement ok
ADMIN SET FRONTEND CONFIG ("enable_outfile_to_local" = "true")

statement error EXPORT hdfs storage is not supported: write to a local file:/// path
EXPORT TABLE t TO "hdfs://host/export_"

statement error file path is not allowed: /tmp/elsewhere_
EXPORT TABLE t TO "file:///tmp/elsewhere_"

statement error can not contain '..' in path
EXPORT TABLE t TO "file://../up_"

statement ok
ADMIN SET FRONTEND CONFIG ("enable_outfile_to_local" = "false")

# None of the refusals recorded a job.
query
SHOW EXPORT
----

query
SHOW EXPORT FROM export_db WHERE LABEL = "l1"
----

statement error Where clause should looks like below:  ID = $your_job_id, or STATE = "PENDING|EXPORTING|FINISHED|CANCELLED", or LABEL = "xxx" or LABEL like "xxx%"
SHOW EXPORT WHERE State = "DONE"

statement error Where clause should looks like below
SHOW EXPORT WHERE Path = "x"

statement error Export job(s) do not exist
CANCEL EXPORT FROM export_db WHERE LABEL = "l1"

statement error Only support PENDING/EXPORTING, invalid state: FINISHED
CANCEL EXPORT WHERE STATE = "FINISHED"

statement error Where clause should looks like: LABEL = "your_job_label"
CANCEL EXPORT

statement error Unknown database 'nope'
SHOW EXPORT FROM nope

# SHOW EXPORT lists Doris's columns.
query columns=JobId,Label,State,Progress,TaskInfo,Path,CreateTime,StartTime,FinishTime,Timeout,ErrorMsg,OutfileInfo
SHOW EXPORT LIMIT 1
----
