package io.cairndb.mv;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Pattern;

/** While a partitioned refresh runs batch by batch, tasks() shows the partitions done so far. */
class RefreshProgressTest {
    private static final Pattern PART_WAY = Pattern.compile("[0-9.]+% \\(([123])/4\\)\\|\\[.+]");

    @Test
    void progressAdvancesPartitionByPartition() throws Exception {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE p");
            exec(s, "USE p");
            exec(s, "CREATE TABLE t (d DATE NOT NULL, k INT) DUPLICATE KEY(d) PARTITION BY RANGE(d) ("
                    + "PARTITION p1 VALUES LESS THAN ('2024-01-02'), PARTITION p2 VALUES LESS THAN ('2024-01-03'), "
                    + "PARTITION p3 VALUES LESS THAN ('2024-01-04'), PARTITION p4 VALUES LESS THAN ('2024-01-05')) "
                    + "DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(s, "INSERT INTO t SELECT DATE '2024-01-01' + CAST(number % 4 AS INT), number FROM numbers(\"number\" = \"60000\")");
            // Each partition's rows join each other: 225 million pairs a partition, rebuilt one partition at a time.
            exec(s, "CREATE MATERIALIZED VIEW pairs BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (d) "
                    + "DISTRIBUTED BY RANDOM BUCKETS 1 PROPERTIES ('refresh_partition_num' = '1') "
                    + "AS SELECT a.d, count(*) AS n FROM t a JOIN t b ON a.d = b.d WHERE (a.k + b.k) % 3 = 0 GROUP BY a.d");
            exec(s, "REFRESH MATERIALIZED VIEW pairs COMPLETE");
            String seen = null;
            long deadline = System.currentTimeMillis() + 120_000;
            boolean finished = false;
            while (seen == null && !finished && System.currentTimeMillis() < deadline) {
                for (String row : rows(s, "SELECT Progress, CompletedPartitions FROM tasks('type' = 'mv') WHERE Status = 'RUNNING'")) {
                    if (PART_WAY.matcher(row).matches()) {
                        seen = row;
                    }
                }
                finished = !rows(s, "SELECT 1 FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS'").isEmpty();
                Thread.sleep(20);
            }
            assertTrue(seen != null, "no progress part-way through was shown");
            assertTrue(SessionSql.awaitTasks(s, 120_000));
            assertEquals(List.of("SUCCESS|100.00% (4/4)"), rows(s, "SELECT Status, Progress FROM tasks('type' = 'mv')"));
        }
    }
}
