package io.cairndb.mv;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.TextValue;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
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
        run("CREATE DATABASE d");
        run("USE d");
        run("SET time_zone = 'UTC'");
        run("CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        run("INSERT INTO t VALUES (1, 10), (2, 20)");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @Test
    void scheduledRefreshRunsAtStartsAndNotBefore() throws InterruptedException {
        String starts = LocalDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(3).format(TS);
        run("CREATE MATERIALIZED VIEW mv BUILD DEFERRED REFRESH COMPLETE ON SCHEDULE EVERY 1 MINUTE STARTS '" + starts
                + "' AS SELECT sum(v) AS s FROM t");
        assertEquals(List.of("0"), column("SELECT count(*) FROM tasks('type' = 'mv')"));
        assertEquals(List.of("EVERY 1 MINUTE STARTS '" + starts + "'"), column("SELECT RecurringStrategy FROM jobs('type' = 'mv')"));
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS'", "1");
        assertEquals(List.of("SYSTEM"), column("SELECT get_json_string(TaskContext, '$.triggerMode') FROM tasks('type' = 'mv')"));
        assertEquals(List.of("30"), column("SELECT s FROM mv"));
    }

    @Test
    void starRocksAsyncEverySchedulesFromStart() throws InterruptedException {
        String start = LocalDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(2).format(TS);
        run("CREATE MATERIALIZED VIEW mv REFRESH DEFERRED ASYNC START ('" + start + "') EVERY (INTERVAL 1 HOUR)"
                + " AS SELECT count(*) AS c FROM t");
        assertEquals(List.of("SCHEDULED|EVERY(INTERVAL 1 HOUR)"),
                column("SELECT concat(REFRESH_TRIGGER, '|', REFRESH_POLICY) FROM information_schema.materialized_views"));
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS'", "1");
        assertEquals(List.of("2"), column("SELECT c FROM mv"));
    }

    @Test
    void cancelStopsRunningAndPendingTasksAndLeavesTheMvAsItWas() throws Exception {
        run("CREATE MATERIALIZED VIEW slow BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT count(*) AS c FROM t");
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS'", "1");
        // Make the next refresh slow: a cross join of 2M x 1M rows.
        run("INSERT INTO t SELECT number, number FROM numbers('number' = '2000000')");
        run("ALTER MATERIALIZED VIEW slow REFRESH COMPLETE ON MANUAL");
        run("DROP MATERIALIZED VIEW slow");
        run("CREATE MATERIALIZED VIEW slow BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS "
                + "SELECT count(*) AS c FROM t a, (SELECT k FROM t LIMIT 1000000) b WHERE a.v + b.k > 0");
        run("REFRESH MATERIALIZED VIEW slow COMPLETE");
        run("REFRESH MATERIALIZED VIEW slow COMPLETE");
        // A third trigger while one is pending is skipped and counted.
        run("REFRESH MATERIALIZED VIEW slow COMPLETE");
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'slow' AND Status = 'RUNNING'", "1");
        assertEquals(List.of("1"), column("SELECT SkippedTriggerCount FROM jobs('type' = 'mv') WHERE MvName = 'slow'"));
        List<String> ids = column("SELECT TaskId FROM tasks('type' = 'mv') WHERE MvName = 'slow' ORDER BY TaskId");
        assertEquals(2, ids.size());
        CompletableFuture<Void> cancels = CompletableFuture.runAsync(() -> {
            run("CANCEL MATERIALIZED VIEW TASK " + ids.get(1) + " ON slow");
            run("CANCEL MATERIALIZED VIEW TASK " + ids.get(0) + " ON slow");
        });
        cancels.get(30, TimeUnit.SECONDS);
        waitFor("SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'slow' AND Status = 'CANCELED'", "2");
        assertEquals(List.of("0"), column("SELECT count(*) FROM slow"));
        assertEquals(List.of("INIT"), column("SELECT State FROM mv_infos('database' = 'd') WHERE Name = 'slow'"));
    }

    private void run(String sql) {
        for (StatementResult r : session.execute(sql)) {
            if (r instanceof RowResult rows) {
                rows.close();
            }
        }
    }

    private List<String> column(String sql) {
        List<StatementResult> results = session.execute(sql);
        List<String> out = new ArrayList<>();
        try (RowResult rows = (RowResult) results.get(results.size() - 1)) {
            while (rows.next()) {
                out.add(TextValue.of(rows.value(0), rows.columns().get(0).type()));
            }
        }
        return out;
    }

    private void waitFor(String sql, String expected) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (column(sql).equals(List.of(expected))) {
                return;
            }
            Thread.sleep(50);
        }
        assertTrue(false, "timed out waiting for " + sql + " = " + expected + ", last: " + column(sql));
    }
}
