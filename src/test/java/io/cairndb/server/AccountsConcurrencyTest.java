package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.catalog.UserMeta;
import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sessions creating the same account at once wait for each other: one creates it, the others fail
 * with MySQL's error, and the catalog's storage holds it once. Sessions granting one account different
 * privileges at once each add theirs: none is lost to another's write.
 */
class AccountsConcurrencyTest {
    private static final int SESSIONS = 4;

    @TempDir
    Path dir;

    @Test
    void oneOfSeveralConcurrentCreatesWins() throws Exception {
        List<String> outcomes = new ArrayList<>();
        try (Database db = Database.open(dir)) {
            ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                long id = i + 1;
                results.add(pool.submit(() -> {
                    try (SqlSession s = db.open(id, "root", null, "test")) {
                        start.await();
                        exec(s, "CREATE USER 'same'@'%' IDENTIFIED BY 'p" + id + "'");
                        return "created";
                    } catch (CairnException e) {
                        return e.getMessage();
                    }
                }));
            }
            start.countDown();
            for (Future<String> f : results) {
                outcomes.add(f.get());
            }
            pool.shutdown();
        }
        assertEquals(1, outcomes.stream().filter("created"::equals).count(), outcomes.toString());
        assertTrue(outcomes.stream().filter(o -> !o.equals("created"))
                .allMatch(o -> o.equals("Operation CREATE USER failed for 'same'@'%'")), outcomes.toString());
        // Stored once: read the catalog table directly, as the engine keeps it.
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cairn.duckdb"));
             java.sql.Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery("SELECT count(*) FROM cairn_sys.catalog_objects WHERE kind = 'USER' AND name = '"
                     + UserMeta.key("same", "%") + "'")) {
            rs.next();
            assertEquals(1, rs.getLong(1));
        }
    }

    @Test
    void concurrentGrantsToOneAccountAllLand() throws Exception {
        List<String> tables = List.of("a", "b", "c", "d", "e", "f");
        try (Database db = Database.open(dir)) {
            try (SqlSession root = db.open(100, "root", null, "test")) {
                exec(root, "CREATE DATABASE g");
                exec(root, "CREATE USER u");
            }
            ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < tables.size(); i++) {
                long id = i + 1;
                String table = tables.get(i);
                done.add(pool.submit(() -> {
                    try (SqlSession s = db.open(id, "root", null, "test")) {
                        start.await();
                        exec(s, "GRANT SELECT_PRIV ON g." + table + " TO u");
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
            pool.shutdown();
            try (SqlSession root = db.open(200, "root", null, "test")) {
                String tablePrivs = io.cairndb.sqltest.SessionSql.rows(root, "SHOW GRANTS FOR u").get(0).split("\\|")[7];
                assertEquals("internal.g.a: Select_priv; internal.g.b: Select_priv; internal.g.c: Select_priv; "
                        + "internal.g.d: Select_priv; internal.g.e: Select_priv; internal.g.f: Select_priv", tablePrivs);
            }
        }
    }
}
