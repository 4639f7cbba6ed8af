package io.cairndb.mv;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scheduled refreshes and task cancellation, which need real time to pass. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MvSchedulerTest {
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "SET time_zone = 'UTC'");
        exec(session, "CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(session, "INSERT INTO t VALUES (1, 10), (2, 20)");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @Test
    void scheduledRefreshRunsAtStartsAndNotBefore() throws InterruptedException {
        String starts = LocalDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(3).format(TS);
        exec(session, "CREATE MATERIALIZED VIEW mv BUILD DEFERRED REFRESH COMPLETE ON SCHEDULE EVERY 1 MINUTE STARTS '" + starts
                + "' AS SELECT sum(v) AS s FROM t");
        assertEquals(List.of("0"), rows(session, "SELECT count(*) FROM tasks('type' = 'mv')"));
        assertEquals(List.of("EVERY 1 MINUTE STARTS '" + starts + "'"), rows(session, "SELECT RecurringStrategy FROM jobs('type' = 'mv')"));
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS'", "1");
        assertEquals(List.of("SYSTEM"), rows(session, "SELECT get_json_string(TaskContext, '$.triggerMode') FROM tasks('type' = 'mv')"));
        assertEquals(List.of("30"), rows(session, "SELECT s FROM mv"));
    }

    @Test
    void starRocksAsyncEverySchedulesFromStart() throws InterruptedException {
        String start = LocalDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(2).format(TS);
        exec(session, "CREATE MATERIALIZED VIEW mv REFRESH DEFERRED ASYNC START ('" + start + "') EVERY (INTERVAL 1 HOUR)"
                + " AS SELECT count(*) AS c FROM t");
        assertEquals(List.of("SCHEDULED|EVERY(INTERVAL 1 HOUR)"),
                rows(session, "SELECT concat(REFRESH_TRIGGER, '|', REFRESH_POLICY) FROM information_schema.materialized_views"));
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS'", "1");
        assertEquals(List.of("2"), rows(session, "SELECT c FROM mv"));
    }

    @Test
    void cancelStopsRunningAndPendingTasksAndLeavesTheMvAsItWas() throws Exception {
        exec(session, "CREATE MATERIALIZED VIEW slow BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT count(*) AS c FROM t");
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS'", "1");
        // Make the next refresh slow: a cross join of 2M x 1M rows.
        exec(session, "INSERT INTO t SELECT number, number FROM numbers('number' = '2000000')");
        exec(session, "ALTER MATERIALIZED VIEW slow REFRESH COMPLETE ON MANUAL");
        exec(session, "DROP MATERIALIZED VIEW slow");
        exec(session, "CREATE MATERIALIZED VIEW slow BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS "
                + "SELECT count(*) AS c FROM t a, (SELECT k FROM t LIMIT 1000000) b WHERE a.v + b.k > 0");
        exec(session, "REFRESH MATERIALIZED VIEW slow COMPLETE");
        exec(session, "REFRESH MATERIALIZED VIEW slow COMPLETE");
        // A third trigger while one is pending is skipped and counted.
        exec(session, "REFRESH MATERIALIZED VIEW slow COMPLETE");
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'slow' AND Status = 'RUNNING'", "1");
        assertEquals(List.of("1"), rows(session, "SELECT SkippedTriggerCount FROM jobs('type' = 'mv') WHERE MvName = 'slow'"));
        List<String> ids = rows(session, "SELECT TaskId FROM tasks('type' = 'mv') WHERE MvName = 'slow' ORDER BY TaskId");
        assertEquals(2, ids.size());
        CompletableFuture<Void> cancels = CompletableFuture.runAsync(() -> {
            exec(session, "CANCEL MATERIALIZED VIEW TASK " + ids.get(1) + " ON slow");
            exec(session, "CANCEL MATERIALIZED VIEW TASK " + ids.get(0) + " ON slow");
        });
        cancels.get(30, TimeUnit.SECONDS);
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'slow' AND Status = 'CANCELED'", "2");
        assertEquals(List.of("0"), rows(session, "SELECT count(*) FROM slow"));
        assertEquals(List.of("INIT"), rows(session, "SELECT State FROM mv_infos('database' = 'd') WHERE Name = 'slow'"));
    }


    /**
     * ALTER, PAUSE and REPLACE during a refresh wait for it and then change the MV as the refresh left
     * it: they used to save the MV as it was before the refresh, losing its result.
     */
    @Test
    void statementsDuringARefreshKeepItsResult() throws Exception {
        exec(session, "INSERT INTO t SELECT number, number FROM numbers('number' = '2000000')");
        exec(session, "CREATE MATERIALIZED VIEW other BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT count(*) AS c FROM t");
        exec(session, "CREATE MATERIALIZED VIEW slow BUILD DEFERRED REFRESH AUTO ON MANUAL AS "
                + "SELECT count(*) AS c FROM t a, (SELECT k FROM t LIMIT 500) b WHERE a.v + b.k > 0");
        for (String statement : List.of("ALTER MATERIALIZED VIEW slow SET ('grace_period' = '10')",
                "PAUSE MATERIALIZED VIEW JOB ON slow", "ALTER MATERIALIZED VIEW slow REPLACE WITH MATERIALIZED VIEW other")) {
            exec(session, "INSERT INTO t VALUES (0, 0)");
            exec(session, "REFRESH MATERIALIZED VIEW slow AUTO");
            waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'RUNNING'", "1");
            exec(session, statement);
            waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'RUNNING'", "0");
            String mv = statement.contains("REPLACE") ? "other" : "slow";
            assertEquals(List.of("SUCCESS|true|NORMAL"), rows(session, "SELECT concat(RefreshState, '|', SyncWithBaseTables, '|', State)"
                    + " FROM mv_infos('database' = 'd') WHERE Name = '" + mv + "'"), statement);
        }
        assertEquals(List.of("0"), rows(session, "SELECT count(*) FROM tasks('type' = 'mv') WHERE Status <> 'SUCCESS'"));
    }

    /** A task queued before a RENAME refreshes the MV under its new name (it follows the MV, not the name). */
    @Test
    void aTaskQueuedBeforeARenameRefreshesTheRenamedMv() throws Exception {
        exec(session, "INSERT INTO t SELECT number, number FROM numbers('number' = '2000000')");
        exec(session, "CREATE MATERIALIZED VIEW slow BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS "
                + "SELECT count(*) AS c FROM t a, (SELECT k FROM t LIMIT 500) b WHERE a.v + b.k > 0");
        exec(session, "REFRESH MATERIALIZED VIEW slow COMPLETE");
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'RUNNING'", "1");
        exec(session, "REFRESH MATERIALIZED VIEW slow COMPLETE");
        exec(session, "ALTER MATERIALIZED VIEW slow RENAME renamed");
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status IN ('RUNNING', 'PENDING')", "0");
        assertEquals(List.of("SUCCESS", "SUCCESS"), rows(session, "SELECT Status FROM tasks('type' = 'mv') ORDER BY TaskId"));
        assertEquals(List.of("renamed|SUCCESS|true"), rows(session,
                "SELECT concat(Name, '|', RefreshState, '|', SyncWithBaseTables) FROM mv_infos('database' = 'd')"));
    }

    private void waitFor(String sql, String expected) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (rows(session, sql).equals(List.of(expected))) {
                return;
            }
            Thread.sleep(50);
        }
        assertTrue(false, "timed out waiting for " + sql + " = " + expected + ", last: " + rows(session, sql));
    }
}
