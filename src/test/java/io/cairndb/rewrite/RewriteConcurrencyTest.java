package io.cairndb.rewrite;

import static io.cairndb.sqltest.SessionSql.NO_REWRITE;
import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A writer keeps adding rows and refreshing the MV while a reader, in transactions of two statements,
 * reads the same aggregate from the base tables and through rewrite: both statements see one snapshot,
 * so their rows are equal whenever the MV answers, whether the MV was refreshed before the snapshot,
 * between the two statements, or not at all.
 */
class RewriteConcurrencyTest {
    private static final String QUERY = "SELECT g, sum(v), count(*) FROM facts GROUP BY g";

    private Database db;

    @BeforeEach
    void open() {
        db = Database.open(null);
        try (SqlSession s = db.open(1, "root", null, "setup")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE facts (id INT NOT NULL, g INT NOT NULL, v INT NOT NULL) DUPLICATE KEY(id) "
                    + "DISTRIBUTED BY HASH(id) BUCKETS 1");
            exec(s, "INSERT INTO facts VALUES (0, 0, 1)");
            exec(s, "CREATE MATERIALIZED VIEW by_g BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1 "
                    + "AS SELECT g, sum(v) AS s, count(*) AS n FROM facts GROUP BY g");
            exec(s, "REFRESH MATERIALIZED VIEW by_g COMPLETE WITH SYNC MODE");
        }
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aTransactionReadsTheSameRowsThroughRewriteAsFromItsSnapshot() throws Exception {
        AtomicBoolean writing = new AtomicBoolean(true);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        Thread writer = new Thread(() -> {
            try (SqlSession s = db.open(2, "root", null, "writer")) {
                exec(s, "USE d");
                for (int i = 1; writing.get(); i++) {
                    exec(s, "INSERT INTO facts VALUES (" + i + ", " + i % 3 + ", " + i + ")");
                    exec(s, "REFRESH MATERIALIZED VIEW by_g COMPLETE WITH SYNC MODE");
                }
            } catch (Throwable t) {
                failures.add(t);
            }
        });
        writer.start();
        int answered = 0;
        try (SqlSession reader = db.open(3, "root", null, "reader")) {
            exec(reader, "USE d");
            for (int round = 0; round < 150 && failures.isEmpty(); round++) {
                exec(reader, "BEGIN");
                List<String> fromBase = sorted(rows(reader, NO_REWRITE + QUERY.substring("SELECT ".length())));
                List<String> explain = rows(reader, "EXPLAIN " + QUERY);
                List<String> rewritten = sorted(rows(reader, QUERY));
                exec(reader, "COMMIT");
                assertEquals(fromBase, rewritten, "rows differ in one snapshot; EXPLAIN:\n" + String.join("\n", explain));
                answered += explain.contains("  Names: by_g") ? 1 : 0;
            }
        } finally {
            writing.set(false);
            writer.join();
        }
        assertTrue(failures.isEmpty(), () -> "the writer failed: " + failures.peek());
        assertTrue(answered > 0, "the MV answered some of the transactions' queries");
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }
}
