package io.cairndb.ivm;

import static io.cairndb.sqltest.SessionSql.differences;
import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writers keep committing to both bases while another session refreshes the MVs incrementally, and a
 * third refreshes them too: every refresh consumes exactly the changes its own snapshot holds, so when
 * the writers stop, one more refresh brings each MV to its definition: nothing lost, nothing counted
 * twice, whatever the interleaving.
 */
class IvmConcurrentWritersTest {
    private static final String AGGREGATE = "SELECT g, count(*) AS n, sum(v) AS s, max(v) AS m FROM facts GROUP BY g";
    private static final String JOINED = "SELECT f.id, f.v, d.label FROM facts f JOIN dims d ON f.g = d.g";

    private Database db;

    @BeforeEach
    void open() {
        db = Database.open(null);
        try (SqlSession s = db.open(1, "root", null, "setup")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE facts (id INT, g INT, v INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 2 "
                    + "PROPERTIES ('binlog.enable' = 'true', 'binlog.need_historical_value' = 'true')");
            exec(s, "CREATE TABLE dims (g INT, label VARCHAR(8)) UNIQUE KEY(g) DISTRIBUTED BY HASH(g) BUCKETS 1 "
                    + "PROPERTIES ('binlog.enable' = 'true', 'binlog.need_historical_value' = 'true')");
            exec(s, "INSERT INTO dims VALUES (0, 'a'), (1, 'b'), (2, 'c')");
            exec(s, "CREATE MATERIALIZED VIEW agg BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS " + AGGREGATE);
            exec(s, "CREATE MATERIALIZED VIEW joined BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS " + JOINED);
        }
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void refreshesRacingWritersLoseAndDoubleNothing() throws Exception {
        AtomicBoolean writing = new AtomicBoolean(true);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int writer = w;
            threads.add(new Thread(() -> {
                Random random = new Random(writer);
                try (SqlSession s = db.open(10 + writer, "root", null, "writer")) {
                    exec(s, "USE d");
                    for (int i = 0; i < 60; i++) {
                        int id = random.nextInt(40);
                        switch (random.nextInt(4)) {
                            case 0, 1 -> exec(s, "INSERT INTO facts VALUES (" + id + ", " + random.nextInt(3) + ", " + random.nextInt(100) + ")");
                            case 2 -> exec(s, "DELETE FROM facts WHERE id = " + id);
                            default -> exec(s, "INSERT INTO dims VALUES (" + random.nextInt(3) + ", 'l" + random.nextInt(9) + "')");
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        for (int r = 0; r < 2; r++) {
            int refresher = r;
            threads.add(new Thread(() -> {
                try (SqlSession s = db.open(20 + refresher, "root", null, "refresher")) {
                    exec(s, "USE d");
                    while (writing.get()) {
                        exec(s, "REFRESH MATERIALIZED VIEW " + (refresher == 0 ? "agg" : "joined") + " INCREMENTAL WITH SYNC MODE");
                        exec(s, "REFRESH MATERIALIZED VIEW " + (refresher == 0 ? "joined" : "agg") + " INCREMENTAL WITH SYNC MODE");
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        threads.forEach(Thread::start);
        threads.get(0).join();
        threads.get(1).join();
        writing.set(false);
        threads.get(2).join();
        threads.get(3).join();
        assertTrue(failures.isEmpty(), () -> "a session failed: " + failures.peek());

        try (SqlSession s = db.open(30, "root", null, "check")) {
            exec(s, "USE d");
            exec(s, "REFRESH MATERIALIZED VIEW agg INCREMENTAL WITH SYNC MODE");
            exec(s, "REFRESH MATERIALIZED VIEW joined INCREMENTAL WITH SYNC MODE");
            assertEquals(List.of("0", "0"), differences(s, "agg", AGGREGATE), "agg differs from its definition");
            assertEquals(List.of("0", "0"), differences(s, "joined", JOINED), "joined differs from its definition");
            List<String> modes = rows(s, "SELECT DISTINCT RefreshMode FROM tasks('type' = 'mv') WHERE Status = 'SUCCESS' ORDER BY 1");
            assertTrue(modes.contains("PARTIAL"), "incremental refreshes ran while writers committed: " + modes);
        }
    }
}
