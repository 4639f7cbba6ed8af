package io.cairndb.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.cairndb.sqltest.SessionSql.NO_REWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Committed data and metadata survive the server process being killed with SIGKILL. */
class CrashRecoveryTest {
    @TempDir
    Path dataDir;

    @Test
    void committedWritesSurviveKillMinusNine() throws Exception {
        int port = freePort();
        Process first = start(port);
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE crash");
            st.execute("CREATE TABLE crash.t (k INT NOT NULL, v VARCHAR(10)) UNIQUE KEY(k) "
                    + "PARTITION BY RANGE(k) (PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN (200)) "
                    + "DISTRIBUTED BY HASH(k) BUCKETS 2");
            st.execute("INSERT INTO crash.t SELECT number, 'v' FROM numbers(\"number\" = \"150\")");
            st.execute("UPDATE crash.t SET v = 'changed' WHERE k < 10");
            st.execute("DELETE FROM crash.t WHERE k >= 140");
        } finally {
            first.destroyForcibly();
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
        }
        Process second = start(port);
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT count(*), sum(CASE WHEN v = 'changed' THEN 1 ELSE 0 END) FROM crash.t")) {
                assertTrue(rs.next());
                assertEquals(140, rs.getLong(1));
                assertEquals(10, rs.getLong(2));
            }
            try (ResultSet rs = st.executeQuery("SHOW PARTITIONS FROM crash.t")) {
                assertTrue(rs.next());
                assertEquals("p0", rs.getString("PartitionName"));
                assertEquals(3, rs.getLong("VisibleVersion"));
                assertTrue(rs.next());
                assertEquals("p1", rs.getString("PartitionName"));
                assertEquals(3, rs.getLong("VisibleVersion"));
                assertEquals(40, rs.getLong("RowCount"));
            }
        } finally {
            second.destroy();
            second.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void streamConsumptionIsExactlyOnceAcrossKills() throws Exception {
        int port = freePort();
        Process first = start(port);
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE s");
            st.execute("CREATE TABLE s.src (id BIGINT NOT NULL, v BIGINT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                    + "PROPERTIES (\"changelog.enable\" = \"true\", \"changelog.need_historical_value\" = \"true\")");
            st.execute("CREATE TABLE s.dst (id BIGINT, v BIGINT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
            st.execute("CREATE STREAM s.changes ON TABLE s.src");
            st.execute("INSERT INTO s.src SELECT number, number FROM numbers(\"number\" = \"1000\")");
            st.execute("INSERT INTO s.dst SELECT id, v FROM s.changes");
            st.execute("INSERT INTO s.src SELECT number + 1000, number FROM numbers(\"number\" = \"2000000\")");
            // Kill the server while a consuming INSERT of two million changes runs (or just after it commits).
            Thread consumer = new Thread(() -> {
                try (Connection c2 = connect(port); Statement st2 = c2.createStatement()) {
                    st2.execute("INSERT INTO s.dst SELECT id, v FROM s.changes");
                } catch (SQLException expectedWhenKilled) {
                    // the connection dies with the server
                }
            });
            consumer.start();
            Thread.sleep(300);
        } finally {
            first.destroyForcibly();
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
        }
        Process second = start(port);
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            st.execute("INSERT INTO s.dst SELECT id, v FROM s.changes");
            try (ResultSet rs = st.executeQuery("SELECT count(*), count(DISTINCT id), min(id), max(id) FROM s.dst")) {
                assertTrue(rs.next());
                assertEquals(2_001_000, rs.getLong(1), "every committed change delivered");
                assertEquals(2_001_000, rs.getLong(2), "no change delivered twice");
                assertEquals(0, rs.getLong(3));
                assertEquals(2_000_999, rs.getLong(4));
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM s.changes")) {
                assertTrue(rs.next());
                assertEquals(0, rs.getLong(1));
            }
        } finally {
            second.destroy();
            second.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * IVM refreshes killed at different moments: after each restart the next refresh brings every MV
     * to its definition, so no change was lost and none applied twice (counts and sums would show it).
     */
    @Test
    void incrementalRefreshIsExactlyOnceAcrossKills() throws Exception {
        int port = freePort();
        String aggregate = "SELECT id % 100 AS g, count(*) AS n, sum(v) AS s, max(v) AS m FROM ivm.src GROUP BY id % 100";
        String joined = "SELECT s.id, s.v, d.label FROM ivm.src s JOIN ivm.dim d ON s.id % 10 = d.k WHERE s.v % 7 = 0";
        Process server = start(port);
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE ivm");
            st.execute("CREATE TABLE ivm.src (id BIGINT NOT NULL, v BIGINT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                    + "PROPERTIES (\"binlog.enable\" = \"true\", \"binlog.need_historical_value\" = \"true\")");
            st.execute("CREATE TABLE ivm.dim (k INT NOT NULL, label VARCHAR(8)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 "
                    + "PROPERTIES (\"binlog.enable\" = \"true\")");
            st.execute("INSERT INTO ivm.dim SELECT number, concat('l', number) FROM numbers(\"number\" = \"10\")");
            st.execute("INSERT INTO ivm.src SELECT number, number FROM numbers(\"number\" = \"100000\")");
            st.execute("CREATE MATERIALIZED VIEW ivm.agg BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL AS " + aggregate);
            st.execute("CREATE MATERIALIZED VIEW ivm.rows BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL AS " + joined);
            st.execute("REFRESH MATERIALIZED VIEW ivm.agg COMPLETE WITH SYNC MODE");
            st.execute("REFRESH MATERIALIZED VIEW ivm.rows COMPLETE WITH SYNC MODE");
        } catch (Exception e) {
            server.destroyForcibly();
            throw e;
        }
        for (int round = 0; round < 3; round++) {
            try (Connection c = connect(port); Statement st = c.createStatement()) {
                st.execute("INSERT INTO ivm.src SELECT number, number + " + (round + 1) + " FROM numbers(\"number\" = \"600000\")");
                st.execute("DELETE FROM ivm.src WHERE id % 13 = " + round);
                st.execute("INSERT INTO ivm.dim VALUES (" + round + ", 'x" + round + "')");
                Thread refresher = new Thread(() -> {
                    try (Connection c2 = connect(port); Statement st2 = c2.createStatement()) {
                        st2.execute("REFRESH MATERIALIZED VIEW ivm.agg INCREMENTAL WITH SYNC MODE");
                        st2.execute("REFRESH MATERIALIZED VIEW ivm.rows INCREMENTAL WITH SYNC MODE");
                    } catch (SQLException expectedWhenKilled) {
                        // the connection dies with the server
                    }
                });
                refresher.start();
                Thread.sleep(50L + 150L * round);
            } finally {
                server.destroyForcibly();
                assertTrue(server.waitFor(30, TimeUnit.SECONDS));
            }
            server = start(port);
        }
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            st.execute("REFRESH MATERIALIZED VIEW ivm.agg INCREMENTAL WITH SYNC MODE");
            st.execute("REFRESH MATERIALIZED VIEW ivm.rows INCREMENTAL WITH SYNC MODE");
            for (String[] mv : new String[][]{{"ivm.agg", aggregate}, {"ivm.rows", joined}}) {
                for (String sql : List.of(NO_REWRITE + "count(*) FROM ((" + mv[1] + ") EXCEPT ALL (SELECT * FROM " + mv[0] + "))",
                        NO_REWRITE + "count(*) FROM ((SELECT * FROM " + mv[0] + ") EXCEPT ALL (" + mv[1] + "))")) {
                    try (ResultSet rs = st.executeQuery(sql)) {
                        assertTrue(rs.next());
                        assertEquals(0, rs.getLong(1), mv[0] + " differs from its definition: " + sql);
                    }
                }
            }
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * A refresh running when the server is killed leaves a FAILED task with the reason, and an MV built
     * immediately that never was is built at the next start, as its creation asked.
     */
    @Test
    void aRefreshCutShortByACrashIsRecordedAndTheBuildRunsAgain() throws Exception {
        int port = freePort();
        Process server = start(port);
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE cut");
            st.execute("CREATE TABLE cut.t (k INT NOT NULL, g INT NOT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            st.execute("INSERT INTO cut.t SELECT number, number % 10 FROM numbers(\"number\" = \"60000\")");
            // 360 million joined rows: long enough to be killed while it runs.
            st.execute("CREATE MATERIALIZED VIEW cut.slow BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS "
                    + "SELECT a.g, count(*) AS n FROM cut.t a JOIN cut.t b ON a.g = b.g GROUP BY a.g");
            assertTrue(await(st, "SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'slow' AND Status = 'RUNNING'"),
                    "the build runs");
        } finally {
            server.destroyForcibly();
            assertTrue(server.waitFor(30, TimeUnit.SECONDS));
        }
        server = start(port);
        try (Connection c = connect(port); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT Status, ErrorMsg FROM tasks('type' = 'mv') WHERE MvName = 'slow' "
                    + "ORDER BY TaskId LIMIT 1")) {
                assertTrue(rs.next(), "the interrupted task is recorded");
                assertEquals("FAILED", rs.getString(1));
                assertTrue(rs.getString(2).contains("interrupted"), rs.getString(2));
            }
            assertTrue(await(st, "SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = 'slow' AND Status = 'SUCCESS'"),
                    "the build runs again at startup");
            try (ResultSet rs = st.executeQuery("SELECT count(*), sum(n) FROM cut.slow")) {
                assertTrue(rs.next());
                assertEquals(10, rs.getLong(1));
                assertEquals(360_000_000L, rs.getLong(2));
            }
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Polls a count until it is positive; false after 60 s. */
    private static boolean await(Statement st, String count) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            try (ResultSet rs = st.executeQuery(count)) {
                if (rs.next() && rs.getLong(1) > 0) {
                    return true;
                }
            }
            Thread.sleep(20);
        }
        return false;
    }

    private Process start(int port) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), "io.cairndb.Main",
                "--port", String.valueOf(port), "--http-port", "0", "--data-dir", dataDir.toString()))
                .redirectErrorStream(true).redirectOutput(dataDir.resolve("server-" + System.nanoTime() + ".out").toFile())
                .start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return p;
            } catch (IOException notYet) {
                if (!p.isAlive()) {
                    break;
                }
                Thread.sleep(100);
            }
        }
        p.destroyForcibly();
        throw new IllegalStateException("server did not start on port " + port);
    }

    private static Connection connect(int port) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/?user=root&password=&useSSL=false");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
