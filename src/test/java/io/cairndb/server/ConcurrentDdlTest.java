package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Two sessions creating the same object at the same moment: with IF NOT EXISTS both succeed, without
 * it one succeeds and the other gets the usual "already exists" error, and the object exists once.
 * They used to fail with DuckDB's "Catalog write-write conflict", or both create a view of one name.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ConcurrentDdlTest {
    private static final int ROUNDS = 15;

    @Test
    void concurrentCreatorsOfOneNameWaitForEachOther() throws Exception {
        try (Database db = Database.open(null)) {
            SqlSession admin = db.open(1, "root", null, "test");
            exec(admin, "CREATE DATABASE d");
            exec(admin, "USE d");
            exec(admin, "CREATE TABLE base (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 "
                    + "PROPERTIES (\"changelog.enable\" = \"true\", \"changelog.need_historical_value\" = \"true\")");
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                for (int round = 0; round < ROUNDS; round++) {
                    String n = String.valueOf(round);
                    assertEquals(List.of(), both(db, pool, "CREATE DATABASE IF NOT EXISTS db" + n));
                    assertEquals(List.of("Can't create database 'dx" + n + "'; database exists"),
                            both(db, pool, "CREATE DATABASE dx" + n));
                    assertEquals(List.of(), both(db, pool, "CREATE TABLE IF NOT EXISTS t" + n
                            + " (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"));
                    assertEquals(List.of("Table 'tx" + n + "' already exists"), both(db, pool, "CREATE TABLE tx" + n
                            + " (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"));
                    assertEquals(List.of("Table 'c" + n + "' already exists"),
                            both(db, pool, "CREATE TABLE c" + n + " AS SELECT k FROM base"));
                    assertEquals(List.of("Table 'v" + n + "' already exists"),
                            both(db, pool, "CREATE VIEW v" + n + " AS SELECT k FROM base"));
                    assertEquals(List.of(), both(db, pool, "CREATE MATERIALIZED VIEW IF NOT EXISTS mv" + n
                            + " BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1 "
                            + "AS SELECT k, sum(v) AS s FROM base GROUP BY k"));
                    assertEquals(List.of("Stream 's" + n + "' already exists"),
                            both(db, pool, "CREATE STREAM s" + n + " ON TABLE base"));
                }
            } finally {
                pool.shutdown();
            }
            // Each name once in the catalog: per round t, tx, c, v and mv.
            assertEquals(List.of(String.valueOf(ROUNDS * 5 + 1)), rows(admin,
                    "SELECT count(*) FROM information_schema.tables WHERE TABLE_SCHEMA = 'd'"));
            assertEquals(List.of(String.valueOf(ROUNDS * 5 + 1)), rows(admin,
                    "SELECT count(DISTINCT TABLE_NAME) FROM information_schema.tables WHERE TABLE_SCHEMA = 'd'"));
            assertEquals(List.of(String.valueOf(ROUNDS * 2 + 1)), rows(admin,
                    "SELECT count(*) FROM information_schema.schemata WHERE SCHEMA_NAME LIKE 'd%'"));
            admin.close();
        }
    }

    /** Runs {@code sql} in two sessions at once; the errors they met. */
    private static List<String> both(Database db, ExecutorService pool, String sql) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            long id = 10 + i;
            results.add(pool.submit(() -> {
                try (SqlSession s = db.open(id, "root", "d", "test")) {
                    start.await();
                    s.execute(sql);
                    return null;
                } catch (RuntimeException e) {
                    return e.getMessage();
                }
            }));
        }
        List<String> errors = new ArrayList<>();
        for (Future<String> f : results) {
            String error = f.get();
            if (error != null) {
                errors.add(error);
            }
        }
        return errors;
    }
}
