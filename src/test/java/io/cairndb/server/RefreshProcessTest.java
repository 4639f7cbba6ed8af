package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;

import java.util.List;

/** A running MV refresh is listed in SHOW PROCESSLIST with its task and query ids, and KILL of its id ends it. */
class RefreshProcessTest {
    @Test
    void aRunningRefreshIsAProcessThatKillEnds() throws Exception {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE r");
            exec(s, "USE r");
            exec(s, "CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(s, "INSERT INTO t SELECT number, number % 7 FROM numbers(\"number\" = \"100000\")");
            // A cross join of 10^10 pairs: it runs until it is killed.
            exec(s, "CREATE MATERIALIZED VIEW slow BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1 "
                    + "AS SELECT a.v, count(*) AS n FROM t a, t b WHERE (a.k * b.k) % 5 = 1 GROUP BY a.v");
            exec(s, "REFRESH MATERIALIZED VIEW slow COMPLETE");
            String[] refresh = awaitRefreshProcess(s);
            String taskId = rows(s, "SELECT TaskId FROM tasks('type' = 'mv') WHERE MvName = 'slow' AND Status = 'RUNNING'").get(0);
            assertEquals(taskId, refresh[1]);
            assertEquals("REFRESH MATERIALIZED VIEW r.slow (task " + taskId + ")", refresh[11]);
            assertTrue(!refresh[10].isEmpty(), "the refresh has a query id");
            exec(s, "KILL " + taskId);
            assertTrue(SessionSql.awaitTasks(s, 60_000));
            assertEquals(List.of("CANCELED"), rows(s, "SELECT Status FROM tasks('type' = 'mv') WHERE TaskId = " + taskId));
        }
    }

    /** The SHOW PROCESSLIST row of the refresh, once it runs. */
    private static String[] awaitRefreshProcess(SqlSession s) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            for (String row : rows(s, "SHOW FULL PROCESSLIST")) {
                if (row.contains("REFRESH MATERIALIZED VIEW r.slow")) {
                    return row.split("\\|");
                }
            }
            Thread.sleep(50);
        }
        fail("the refresh never appeared in SHOW PROCESSLIST");
        return null;
    }
}
