package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far a long statement has got: SHOW PROCESSLIST's Progress for a session's INSERT, and tasks()
 * Progress for an incremental refresh (one statement, no partitions to count).
 */
class StatementProgressTest {
    private static final Pattern ROWS = Pattern.compile("([0-9.]+)% \\((\\d+)/(\\d+) rows\\)");
    private static final Pattern PERCENT = Pattern.compile("([0-9.]+)% \\(0/0\\)");

    @Test
    void aLongInsertShowsRowsProcessed() throws Exception {
        try (Database db = Database.open(null); SqlSession writer = db.open(1, "root", null, "test");
             SqlSession watcher = db.open(2, "root", null, "test")) {
            exec(writer, "CREATE DATABASE p");
            exec(writer, "CREATE TABLE p.src (k BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(writer, "CREATE TABLE p.dst (k BIGINT, n BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(writer, "INSERT INTO p.src SELECT number FROM numbers('number' = '12000')");
            CompletableFuture<Void> insert = CompletableFuture.runAsync(() -> exec(writer,
                    "INSERT INTO p.dst SELECT a.k, count(*) FROM p.src a, p.src b WHERE (a.k * 7 + b.k) % 13 = 0 GROUP BY a.k"));
            String seen = null;
            long deadline = System.currentTimeMillis() + 60_000;
            while (seen == null && !insert.isDone() && System.currentTimeMillis() < deadline) {
                for (String row : rows(watcher, "SHOW FULL PROCESSLIST")) {
                    String[] cols = row.split("\\|", -1);
                    Matcher m = ROWS.matcher(cols[cols.length - 1]);
                    if (cols[1].equals("1") && m.matches() && Double.parseDouble(m.group(1)) > 0
                            && Long.parseLong(m.group(2)) > 0 && Long.parseLong(m.group(3)) >= Long.parseLong(m.group(2))) {
                        seen = row;
                    }
                }
                Thread.sleep(20);
            }
            // Seen: the rest of the INSERT is not needed (KILL QUERY ends it, and it writes nothing).
            writer.cancelStatement();
            try {
                insert.get();
            } catch (java.util.concurrent.ExecutionException e) {
                assertTrue(e.getCause().getMessage().contains("interrupted"), e.getCause().getMessage());
            }
            assertTrue(seen != null, "no progress of the running INSERT was shown");
            assertTrue(rows(watcher, "SHOW PROCESSLIST").stream().allMatch(r -> r.endsWith("|")), "an idle session shows no progress");
        }
    }

    @Test
    void anIncrementalRefreshShowsItsStatementsProgress() throws Exception {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE p");
            exec(s, "USE p");
            exec(s, "CREATE TABLE t (id BIGINT, g INT, v DOUBLE) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                    + "PROPERTIES ('binlog.enable' = 'true')");
            exec(s, "INSERT INTO t VALUES (0, 0, 0)");
            exec(s, "CREATE MATERIALIZED VIEW per_group BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS "
                    + "SELECT g, count(*) AS n, sum(v) AS s, min(v) AS lo FROM t GROUP BY g");
            assertTrue(SessionSql.awaitTasks(s, 120_000));
            // The refresh reads the 3 million changed rows in one statement.
            exec(s, "INSERT INTO t SELECT number + 1, number % 1000, sqrt(number) FROM numbers('number' = '3000000')");
            exec(s, "REFRESH MATERIALIZED VIEW per_group");
            String seen = null;
            long deadline = System.currentTimeMillis() + 120_000;
            boolean finished = false;
            while (seen == null && !finished && System.currentTimeMillis() < deadline) {
                for (String row : rows(s, "SELECT Progress FROM tasks('type' = 'mv') WHERE Status = 'RUNNING'")) {
                    Matcher m = PERCENT.matcher(row);
                    if (m.matches() && Double.parseDouble(m.group(1)) > 0 && Double.parseDouble(m.group(1)) < 100) {
                        seen = row;
                    }
                }
                // A task not yet started is PENDING: only one neither pending nor running has finished.
                finished = rows(s, "SELECT 1 FROM tasks('type' = 'mv') WHERE Status IN ('PENDING', 'RUNNING')").isEmpty();
                Thread.sleep(20);
            }
            assertTrue(seen != null, "no progress part-way through the refresh was shown");
            assertTrue(SessionSql.awaitTasks(s, 120_000));
        }
    }
}
