package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Writers of one table from several sessions wait for each other: each holds the table's writer lock
 * until its commit is published. They used to let go before committing, and the next writer then
 * failed with DuckDB's "Conflict on update" on the table's metadata, or bumped stale versions.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConcurrentWritersTest {
    private static final int WRITERS = 3;
    private static final int STATEMENTS = 100;

    @Test
    void concurrentWritersOfOneTableAllSucceed() throws Exception {
        try (Database db = Database.open(null)) {
            SqlSession admin = db.open(1, "root", null, "test");
            exec(admin, "CREATE DATABASE d");
            exec(admin, "USE d");
            exec(admin, "CREATE TABLE u (k INT, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(admin, "CREATE TABLE p (dt DATE NOT NULL, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) "
                    + "(FROM ('2024-01-01') TO ('2024-01-03') INTERVAL 1 DAY) DISTRIBUTED BY HASH(v) BUCKETS 1");
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
            try {
                List<Future<List<String>>> results = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    results.add(pool.submit(() -> {
                        List<String> errors = new ArrayList<>();
                        try (SqlSession s = db.open(10 + writer, "root", "d", "test")) {
                            for (int i = 0; i < STATEMENTS; i++) {
                                try {
                                    s.execute("INSERT INTO u VALUES (" + (writer * 1000 + i) + ", " + i + ")");
                                    s.execute("INSERT INTO p VALUES ('2024-01-01', " + i + ")");
                                } catch (RuntimeException e) {
                                    errors.add(e.getMessage());
                                }
                            }
                        }
                        return errors;
                    }));
                }
                List<String> errors = new ArrayList<>();
                for (Future<List<String>> r : results) {
                    errors.addAll(r.get());
                }
                assertEquals(List.of(), errors);
            } finally {
                pool.shutdown();
            }
            int total = WRITERS * STATEMENTS;
            assertEquals(List.of(String.valueOf(total)), rows(admin, "SELECT count(*) FROM u"));
            assertEquals(List.of(String.valueOf(total)), rows(admin, "SELECT count(*) FROM p"));
            // Every write bumped the partition's version once: no writer started from a stale one.
            String partition = rows(admin, "SHOW PARTITIONS FROM p").get(0);
            assertEquals(String.valueOf(total + 1), partition.split("\\|")[2], partition);
            admin.close();
        }
    }

    /**
     * Partial-column updates of the same keys from two sessions, each to its own column, all land: the
     * stored values each merges with are those the other committed, never an older copy that would
     * put back a value the other had replaced.
     */
    @Test
    void concurrentPartialUpdatesOfOtherColumnsKeepEachOthersValues() throws Exception {
        try (Database db = Database.open(null)) {
            SqlSession admin = db.open(1, "root", null, "test");
            exec(admin, "CREATE DATABASE d");
            exec(admin, "CREATE TABLE d.w (k INT NOT NULL, a INT, b INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(admin, "INSERT INTO d.w VALUES (1, 0, 0), (2, 0, 0)");
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (String column : new String[]{"a", "b"}) {
                    done.add(pool.submit(() -> {
                        try (SqlSession s = db.open(column.equals("a") ? 20 : 21, "root", "d", "test")) {
                            s.execute("SET enable_unique_key_partial_update = true");
                            for (int i = 1; i <= STATEMENTS; i++) {
                                s.execute("INSERT INTO w (k, " + column + ") VALUES (1, " + i + "), (2, " + i + ")");
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdown();
            }
            assertEquals(List.of("1|" + STATEMENTS + "|" + STATEMENTS, "2|" + STATEMENTS + "|" + STATEMENTS),
                    rows(admin, "SELECT * FROM d.w ORDER BY k"));
            admin.close();
        }
    }
}
