# Doris's index declarations (INVERTED, NGRAM_BF, BITMAP, ANN) are kept with the table: SHOW CREATE
# TABLE prints them so that its text creates the same table, SHOW INDEX and information_schema.statistics
# list them, CREATE INDEX / ALTER TABLE .. ADD INDEX add one, DROP INDEX drops one, a dropped column
# takes its indexes along and a renamed one keeps them. DuckDB scans regardless: results are the same.

statement ok
CREATE DATABASE db

statement ok
USE db

statement ok
CREATE TABLE logs (
  id BIGINT NOT NULL,
  msg STRING,
  host VARCHAR(32),
  INDEX idx_msg (msg) USING INVERTED PROPERTIES ("parser" = "english") COMMENT 'full text'
) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
INSERT INTO logs VALUES (1, 'disk full', 'a'), (2, 'all good', 'b')

query columns=Create_Table
SHOW CREATE TABLE logs
----
CREATE TABLE `logs` (
  `id` bigint NOT NULL COMMENT "",
  `msg` text NULL COMMENT "",
  `host` varchar(32) NULL COMMENT "",
  INDEX `idx_msg` (`msg`) USING INVERTED PROPERTIES("parser" = "english") COMMENT 'full text'
) ENGINE=OLAP
DUPLICATE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1;

statement ok
CREATE INDEX idx_host ON logs (host) USING NGRAM_BF PROPERTIES ("gram_size" = "3", "bf_size" = "256")

statement ok
CREATE INDEX IF NOT EXISTS idx_host ON logs (id) USING INVERTED

statement ok
ALTER TABLE logs ADD INDEX idx_id (id) COMMENT 'ids'

query columns=Non_unique,Key_name,Column_name,Index_type,Comment
SHOW INDEX FROM logs
----
1|idx_msg|msg|INVERTED|full text
1|idx_host|host|NGRAM_BF|(empty)
1|idx_id|id|INVERTED|ids

query
SELECT index_name, column_name, non_unique, index_type, index_comment FROM information_schema.statistics WHERE table_schema = 'db' AND table_name = 'logs' ORDER BY index_name
----
idx_host|host|1|NGRAM_BF|(empty)
idx_id|id|1|INVERTED|ids
idx_msg|msg|1|INVERTED|full text

query
SELECT id FROM logs WHERE msg LIKE '%full%'
----
1

statement error index `idx_id` already exist.
CREATE INDEX idx_id ON logs (host)

statement error Column does not exist: nope
ALTER TABLE logs ADD INDEX idx_x (nope)

statement error Unknown index type HASH: an index is INVERTED, NGRAM_BF, BITMAP or ANN
CREATE INDEX idx_x ON logs (host) USING HASH

statement error NGRAM_BF index can only be on a CHAR, VARCHAR or STRING column, not id BIGINT
CREATE INDEX idx_x ON logs (id) USING NGRAM_BF

statement error INVERTED index should have exactly one column, not 2
CREATE INDEX idx_x ON logs (id, host)

statement error index idx_x does not exist in table logs
DROP INDEX idx_x ON logs

statement ok
DROP INDEX IF EXISTS idx_x ON logs

statement ok
DROP INDEX idx_id ON logs

# A renamed column keeps its index; a dropped one takes it along.
statement ok
ALTER TABLE logs RENAME COLUMN host server

statement ok
ALTER TABLE logs DROP COLUMN msg

query columns=Key_name,Column_name,Index_type
SHOW INDEX FROM logs
----
idx_host|server|NGRAM_BF

statement ok
CREATE TABLE logs2 LIKE logs

restart

statement ok
USE db

query columns=Create_Table
SHOW CREATE TABLE logs
----
CREATE TABLE `logs` (
  `id` bigint NOT NULL COMMENT "",
  `server` varchar(32) NULL COMMENT "",
  INDEX `idx_host` (`server`) USING NGRAM_BF PROPERTIES("gram_size" = "3", "bf_size" = "256")
) ENGINE=OLAP
DUPLICATE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1;

query columns=Key_name,Column_name
SHOW INDEX FROM logs2
----
idx_host|server

# The printed text creates the same table again.
statement ok
CREATE TABLE logs3 (
  `id` bigint NOT NULL COMMENT "",
  `server` varchar(32) NULL COMMENT "",
  INDEX `idx_host` (`server`) USING NGRAM_BF PROPERTIES("gram_size" = "3", "bf_size" = "256")
) ENGINE=OLAP
DUPLICATE KEY(`id`)
DISTRIBUTED BY HASH(`id`) BUCKETS 1

query columns=Key_name,Column_name,Index_type
SHOW INDEX FROM logs3
----
idx_host|server|NGRAM_BF

statement error index `i` already exist.
CREATE TABLE bad (a INT, b INT, INDEX i (a), INDEX i (b)) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1

query
SHOW TABLES
----
logs
logs2
logs3

# Views and materialized views take no index.
statement ok
CREATE VIEW vv AS SELECT id FROM logs

statement error Table[vv] is a view, not an OLAP table
CREATE INDEX i ON vv (id)

statement ok
CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT id, count(*) AS c FROM logs GROUP BY id

statement error Table[mv] is a materialized view: it changes only by REFRESH MATERIALIZED VIEW or ALTER MATERIALIZED VIEW
CREATE INDEX i ON mv (id)
