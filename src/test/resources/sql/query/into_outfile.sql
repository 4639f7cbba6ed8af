# SELECT .. INTO OUTFILE writes local files only when enable_outfile_to_local is on (off by default,
# as in Doris); its writing is tested in OutfileTest.

statement ok
CREATE DATABASE outfile_off

statement ok
USE outfile_off

statement ok
CREATE TABLE t (k INT NOT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1

statement error Exporting results to local disk is not allowed. To enable this feature, you need to add `enable_outfile_to_local=true` in fe.conf and restart FE
SELECT * FROM t INTO OUTFILE "file:///tmp/result_"

statement error Syntax error
SELECT * FROM t INTO OUTFILE
