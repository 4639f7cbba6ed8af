package io.cairndb.mv;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Closing the database answers whoever waits for a refresh task, running or still queued. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MvShutdownTest {
    @Test
    void closeAnswersSessionsWaitingForRefreshes() throws Exception {
        Database db = Database.open(null);
        SqlSession s = db.open(1, "root", null, "test");
        exec(s, "CREATE DATABASE d");
        exec(s, "USE d");
        exec(s, "CREATE TABLE t (k BIGINT, v BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(s, "INSERT INTO t SELECT number, number FROM numbers('number' = '2000000')");
        // A refresh that would run for minutes: a cross join of 2M x 1M rows.
        exec(s, "CREATE MATERIALIZED VIEW slow BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS "
                + "SELECT count(*) AS c FROM t a, (SELECT k FROM t LIMIT 1000000) b WHERE a.v + b.k > 0");
        exec(s, "REFRESH MATERIALIZED VIEW slow COMPLETE");
        long deadline = System.currentTimeMillis() + 30_000;
        while (!rows(s, "SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'RUNNING'").equals(List.of("1"))) {
            assertTrue(System.currentTimeMillis() < deadline, "the refresh never started");
            Thread.sleep(20);
        }
        SqlSession waiter = db.open(2, "root", "d", "test");
        CompletableFuture<String> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                exec(waiter, "REFRESH MATERIALIZED VIEW slow COMPLETE WITH SYNC MODE");
                return "refreshed";
            } catch (RuntimeException e) {
                return e.getMessage();
            }
        });
        Thread.sleep(300);
        s.close();
        db.close();
        String answer = waiting.get(30, TimeUnit.SECONDS);
        assertTrue(answer.contains("canceled"), answer);
    }
}
