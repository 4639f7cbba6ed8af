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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    /**
     * ON COMMIT MVs (incremental, partitioned or not, and one recomputed by partition) over a UNIQUE
     * table that two sessions keep upserting into and deleting from, while a third asks for AUTO
     * refreshes: once the writers stop, one more AUTO refresh leaves each MV equal to its definition and
     * every partition in sync with its bases. A refresh reads base partition versions before its
     * snapshot begins, so it may read a commit whose versions it did not see: it must not then leave
     * the MV claiming to be stale forever (nor, the other way, fresh with stale rows).
     */
    @Test
    void syncFlagsHoldOnceTheLastRefreshRan() throws Exception {
        Map<String, String> mvs = new LinkedHashMap<>();
        mvs.put("daily_ivm", "SELECT dt, count(*) AS n, sum(v) AS s FROM pf GROUP BY dt");
        mvs.put("groups_ivm", "SELECT g, count(*) AS n, sum(v) AS s FROM pf GROUP BY g");
        mvs.put("daily_pct", "SELECT dt, g, sum(v) AS s FROM pf GROUP BY dt, g");
        try (SqlSession s = db.open(40, "root", null, "setup")) {
            exec(s, "USE d");
            exec(s, "CREATE TABLE pf (dt DATE NOT NULL, id INT NOT NULL, g INT, v INT) UNIQUE KEY(dt, id) "
                    + "PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                    + "PROPERTIES ('binlog.enable' = 'true', 'binlog.need_historical_value' = 'true')");
            exec(s, "CREATE MATERIALIZED VIEW daily_ivm BUILD IMMEDIATE REFRESH INCREMENTAL FALLBACK ON COMMIT PARTITION BY (dt) AS "
                    + mvs.get("daily_ivm"));
            exec(s, "CREATE MATERIALIZED VIEW groups_ivm BUILD IMMEDIATE REFRESH INCREMENTAL FALLBACK ON COMMIT AS " + mvs.get("groups_ivm"));
            exec(s, "CREATE MATERIALIZED VIEW daily_pct BUILD IMMEDIATE REFRESH AUTO ON COMMIT PARTITION BY (dt) AS " + mvs.get("daily_pct"));
        }
        AtomicBoolean writing = new AtomicBoolean(true);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int writer = w;
            writers.add(new Thread(() -> {
                Random random = new Random(100 + writer);
                try (SqlSession s = db.open(41 + writer, "root", null, "writer")) {
                    exec(s, "USE d");
                    for (int i = 0; i < 150; i++) {
                        String day = "'2024-01-0" + (1 + random.nextInt(3)) + "'";
                        int id = random.nextInt(30);
                        if (random.nextInt(4) == 0) {
                            exec(s, "DELETE FROM pf WHERE dt = " + day + " AND id = " + id);
                        } else {
                            exec(s, "INSERT INTO pf VALUES (" + day + ", " + id + ", " + random.nextInt(4) + ", " + random.nextInt(100) + ")");
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        Thread refresher = new Thread(() -> {
            try (SqlSession s = db.open(45, "root", null, "refresher")) {
                exec(s, "USE d");
                while (writing.get()) {
                    for (String mv : mvs.keySet()) {
                        exec(s, "REFRESH MATERIALIZED VIEW " + mv + " AUTO");
                    }
                }
            } catch (Throwable t) {
                failures.add(t);
            }
        });
        writers.forEach(Thread::start);
        refresher.start();
        for (Thread t : writers) {
            t.join();
        }
        writing.set(false);
        refresher.join();
        assertTrue(failures.isEmpty(), () -> "a session failed: " + failures.peek());

        try (SqlSession s = db.open(46, "root", null, "check")) {
            exec(s, "USE d");
            assertTrue(io.cairndb.sqltest.SessionSql.awaitTasks(s, 60_000), "MV tasks still running after 60 s");
            for (Map.Entry<String, String> mv : mvs.entrySet()) {
                exec(s, "REFRESH MATERIALIZED VIEW " + mv.getKey() + " AUTO WITH SYNC MODE");
                assertEquals(List.of("0", "0"), differences(s, mv.getKey(), mv.getValue()), mv.getKey() + " differs from its definition");
                assertEquals(List.of("1"), rows(s, "SELECT SyncWithBaseTables FROM mv_infos('database' = 'd') WHERE Name = '"
                        + mv.getKey() + "'"), mv.getKey() + " is in sync");
                assertEquals(List.of(), unsyncedPartitions(s, mv.getKey()), mv.getKey() + ": every partition is in sync");
            }
            assertEquals(List.of(), rows(s, "SELECT MvName, ErrorMsg FROM tasks('type' = 'mv') WHERE Status = 'FAILED'"),
                    "no refresh failed");
        }
    }

    /** The partitions SHOW PARTITIONS says are not in sync with their bases. */
    private static List<String> unsyncedPartitions(SqlSession s, String mv) {
        List<String> out = new ArrayList<>();
        List<io.cairndb.engine.StatementResult> results = s.execute("SHOW PARTITIONS FROM " + mv);
        try (io.cairndb.engine.RowResult r = (io.cairndb.engine.RowResult) results.get(0)) {
            int name = -1;
            int sync = -1;
            for (int i = 0; i < r.columns().size(); i++) {
                name = r.columns().get(i).name().equals("PartitionName") ? i : name;
                sync = r.columns().get(i).name().equals("SyncWithBaseTables") ? i : sync;
            }
            assertTrue(sync >= 0, "SHOW PARTITIONS has SyncWithBaseTables");
            while (r.next()) {
                if (!String.valueOf(r.value(sync)).equals("true")) {
                    out.add(r.value(name) + "=" + r.value(sync));
                }
            }
        }
        return out;
    }
}
