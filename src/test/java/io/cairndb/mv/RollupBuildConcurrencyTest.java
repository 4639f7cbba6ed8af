package io.cairndb.mv;

import static io.cairndb.sqltest.SessionSql.NO_REWRITE;
import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A rollup is built over a table while other sessions write it: the writers are not held for the
 * length of the build, what they write while it runs is in the rollup when it is done, and CANCEL
 * ALTER from another session stops a build and leaves neither rollup nor storage behind; meanwhile
 * another rollup of the table and a DELETE are refused.
 */
class RollupBuildConcurrencyTest {
    private static final int ROWS = 3_000_000;
    private static final String QUERY = "SELECT g, sum(v), count(v), count(DISTINCT id) FROM facts GROUP BY g";
    /** Its bitmaps of 3,000 ids a group make the build take long enough for other sessions to act meanwhile. */
    private static final String ROLLUP = "CREATE MATERIALIZED VIEW by_g AS SELECT g AS g_, sum(v), count(v), bitmap_union(to_bitmap(id)) "
            + "FROM facts GROUP BY g";

    private Database db;
    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @BeforeEach
    void open() {
        db = Database.open(null);
        try (SqlSession s = db.open(1, "root", null, "setup")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE facts (id INT NOT NULL, g INT NOT NULL, v BIGINT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
            exec(s, "INSERT INTO facts SELECT number, number % 1000, number FROM numbers(\"number\" = \"" + ROWS + "\")");
        }
    }

    @AfterEach
    void close() {
        pool.shutdownNow();
        db.close();
    }

    @Test
    void writesDuringTheBuildAreInTheRollupWhenItFinishes() throws Exception {
        Future<?> create = startBuild();
        int writtenWhileRunning = 0;
        try (SqlSession writer = db.open(3, "root", "d", "writer")) {
            awaitState(writer, "RUNNING");
            for (int i = 0; !create.isDone(); i++) {
                exec(writer, "INSERT INTO facts VALUES (" + (ROWS + i) + ", " + i % 7 + ", 1), (" + (ROWS + i) + ", 5000, NULL)");
                if (!create.isDone()) {
                    writtenWhileRunning++;
                }
            }
            create.get();
            assertTrue(writtenWhileRunning > 0, "no write completed while the rollup was being built");
            assertEquals(List.of("FINISHED"), rows(writer, "SHOW ALTER TABLE MATERIALIZED VIEW").stream()
                    .map(r -> r.split("\\|")[8]).toList());
            List<String> explain = rows(writer, "EXPLAIN " + QUERY);
            assertTrue(explain.contains("  internal.d.facts.by_g chose,"), String.join("\n", explain));
            assertEquals(sorted(rows(writer, NO_REWRITE + QUERY.substring("SELECT ".length()))), sorted(rows(writer, QUERY)));
        }
    }

    @Test
    void cancelStopsARunningBuild() throws Exception {
        Future<?> create = startBuild();
        try (SqlSession other = db.open(3, "root", "d", "other")) {
            awaitState(other, "RUNNING");
            // While the table is in ROLLUP state, another rollup and a DELETE are refused, as in Doris.
            CairnException second = assertThrows(CairnException.class,
                    () -> exec(other, "CREATE MATERIALIZED VIEW by_g2 AS SELECT g AS g2_, max(v) FROM facts GROUP BY g"));
            assertEquals("Table[facts]'s state(ROLLUP) is not NORMAL. Do not allow doing ALTER ops", second.getMessage());
            CairnException delete = assertThrows(CairnException.class, () -> exec(other, "DELETE FROM facts WHERE g = 1"));
            assertEquals("Table[facts]'s state(ROLLUP) is not NORMAL. Do not allow doing DELETE ops", delete.getMessage());
            exec(other, "CANCEL ALTER TABLE MATERIALIZED VIEW FROM d.facts");
            Exception failed = assertThrows(Exception.class, create::get);
            assertTrue(failed.getCause() instanceof CairnException, failed.toString());
            assertTrue(failed.getCause().getMessage().contains("user cancelled"), failed.getCause().getMessage());
            List<String> jobs = rows(other, "SHOW ALTER TABLE MATERIALIZED VIEW");
            assertEquals(1, jobs.size());
            assertEquals("CANCELLED", jobs.get(0).split("\\|")[8]);
            assertEquals("user cancelled", jobs.get(0).split("\\|")[9]);
            List<String> desc = rows(other, "DESC facts ALL");
            assertEquals(3, desc.size(), "the rollup is gone from DESC ALL: " + desc);
            // The name is free again, and a rollup built now answers the query.
            exec(other, ROLLUP);
            assertEquals(sorted(rows(other, NO_REWRITE + QUERY.substring("SELECT ".length()))), sorted(rows(other, QUERY)));
        }
    }

    /** Creates the rollup in another session; the future ends with the CREATE statement. */
    private Future<?> startBuild() {
        return pool.submit(() -> {
            try (SqlSession s = db.open(2, "root", "d", "creator")) {
                exec(s, ROLLUP);
            }
            return null;
        });
    }

    private static void awaitState(SqlSession s, String state) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            List<String> jobs = rows(s, "SHOW ALTER TABLE MATERIALIZED VIEW");
            if (!jobs.isEmpty() && jobs.get(jobs.size() - 1).split("\\|")[8].equals(state)) {
                return;
            }
            Thread.sleep(2);
        }
        throw new AssertionError("the job never reached " + state);
    }

    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>(rows);
        out.sort(null);
        return out;
    }
}
