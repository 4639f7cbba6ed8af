package io.cairndb.server;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** KILL through MySQL Connector/J against a running statement of another connection. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KillTest {
    /** A join of a trillion pairs: it runs far longer than any test waits, unless interrupted. */
    private static final String ENDLESS = "SELECT count(*) FROM numbers(\"number\" = \"1000000\") a, "
            + "numbers(\"number\" = \"1000000\") b WHERE a.number + b.number = -1";

    @TempDir
    static Path dir;
    private static Database db;
    private static MysqlServer server;

    @BeforeAll
    static void start() throws SQLException {
        db = Database.open(dir);
        server = new MysqlServer(db);
        server.start("127.0.0.1", 0);
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE kill_db");
            st.execute("CREATE TABLE kill_db.t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            st.execute("INSERT INTO kill_db.t VALUES (1, 10), (2, 20)");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
        db.close();
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                + "/?user=root&password=&useSSL=false&allowPublicKeyRetrieval=true");
    }

    @Test
    void killQueryFailsTheRunningStatementAndKeepsTheConnection() throws Exception {
        try (Connection victim = connect(); Connection killer = connect(); Statement ks = killer.createStatement()) {
            long id = connectionId(victim);
            CompletableFuture<Void> running = runAsync(victim, ENDLESS);
            awaitRunning(killer, id, ENDLESS);
            ks.execute("KILL QUERY " + id);
            SQLException e = failure(running);
            assertEquals(1317, e.getErrorCode());
            assertEquals("70100", e.getSQLState());
            assertEquals("Query execution was interrupted", e.getMessage());
            assertEquals(42, single(victim, "SELECT 41 + 1"));
            // the interrupt does not linger: the connection's next long statement runs until it is killed again
            running = runAsync(victim, ENDLESS);
            awaitRunning(killer, id, ENDLESS);
            ks.execute("KILL QUERY " + id);
            assertEquals(1317, failure(running).getErrorCode());
            assertEquals(2, single(victim, "SELECT count(*) FROM kill_db.t"));
        }
    }

    @Test
    void aKilledWriteChangesNothing() throws Exception {
        String endlessInsert = "INSERT INTO kill_db.t SELECT a.number + 100, 0 FROM numbers(\"number\" = \"1000000\") a, "
                + "numbers(\"number\" = \"1000000\") b WHERE b.number = 0 OR a.number + b.number = -1";
        try (Connection victim = connect(); Connection killer = connect(); Statement ks = killer.createStatement()) {
            long id = connectionId(victim);
            CompletableFuture<Void> running = runAsync(victim, endlessInsert);
            awaitRunning(killer, id, endlessInsert);
            ks.execute("KILL QUERY " + id);
            assertEquals(1317, failure(running).getErrorCode());
            assertEquals(2, single(killer, "SELECT count(*) FROM kill_db.t"));
            assertEquals(2, single(victim, "SELECT count(*) FROM kill_db.t"));
            // the table's writer lock was released with the killed statement
            try (Statement st = victim.createStatement()) {
                st.execute("INSERT INTO kill_db.t VALUES (3, 30)");
                st.execute("DELETE FROM kill_db.t WHERE k = 3");
            }
        }
    }

    @Test
    void killsLandingAtAnyMomentFailOnlyTheirStatement() throws Exception {
        try (Connection victim = connect(); Connection killer = connect(); Statement vs = victim.createStatement();
             Statement ks = killer.createStatement()) {
            vs.execute("CREATE TABLE kill_db.log (n INT) DISTRIBUTED BY HASH(n) BUCKETS 1");
            long id = connectionId(victim);
            java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
            CompletableFuture<Void> kills = CompletableFuture.runAsync(() -> {
                try {
                    while (!stop.get()) {
                        ks.execute("KILL QUERY " + id);
                    }
                } catch (SQLException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            int committed = 0;
            int interrupted = 0;
            for (int i = 0; i < 300; i++) {
                try {
                    if (i % 2 == 0) {
                        vs.execute("INSERT INTO kill_db.log VALUES (" + i + ")");
                        committed++;
                    } else {
                        single(victim, "SELECT count(*) FROM kill_db.log");
                    }
                } catch (SQLException e) {
                    assertEquals(1317, e.getErrorCode(), e.getMessage());
                    interrupted++;
                }
            }
            stop.set(true);
            kills.get(30, TimeUnit.SECONDS);
            assertTrue(interrupted > 0, "no statement was interrupted");
            // exactly the statements that reported success are there, and nothing lingers for the next ones
            assertEquals(committed, single(victim, "SELECT count(*) FROM kill_db.log"));
            for (int i = 0; i < 20; i++) {
                vs.execute("INSERT INTO kill_db.log VALUES (-1)");
            }
            assertEquals(committed + 20, single(victim, "SELECT count(*) FROM kill_db.log"));
        }
    }

    @Test
    void killConnectionEndsTheRunningConnection() throws Exception {
        try (Connection victim = connect(); Connection killer = connect(); Statement ks = killer.createStatement()) {
            long id = connectionId(victim);
            CompletableFuture<Void> running = runAsync(victim, ENDLESS);
            awaitRunning(killer, id, ENDLESS);
            ks.execute("KILL CONNECTION " + id);
            SQLException e = failure(running);
            assertEquals(1317, e.getErrorCode(), e.getMessage());
            awaitGone(killer, id);
            assertFalse(victim.isValid(5));
            assertThrows(SQLException.class, () -> single(victim, "SELECT 1"));
        }
    }

    @Test
    void killEndsAnIdleConnection() throws Exception {
        try (Connection victim = connect(); Connection killer = connect(); Statement ks = killer.createStatement()) {
            long id = connectionId(victim);
            ks.execute("KILL " + id);
            awaitGone(killer, id);
            assertFalse(victim.isValid(5));
        }
    }

    @Test
    void aConnectionMayKillItself() throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            long id = connectionId(c);
            SQLException query = assertThrows(SQLException.class, () -> st.execute("KILL QUERY " + id));
            assertEquals(1317, query.getErrorCode());
            assertEquals(1, single(c, "SELECT 1"));
            SQLException connection = assertThrows(SQLException.class, () -> st.execute("KILL " + id));
            assertEquals(1317, connection.getErrorCode());
            assertFalse(c.isValid(5));
        }
    }

    @Test
    void unknownThreadId() throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> st.execute("KILL 987654"));
            assertEquals(1094, e.getErrorCode());
            assertEquals("Unknown thread id: 987654", e.getMessage());
        }
    }

    private static CompletableFuture<Void> runAsync(Connection c, String sql) {
        return CompletableFuture.runAsync(() -> {
            try (Statement st = c.createStatement()) {
                st.execute(sql);
            } catch (SQLException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
    }

    private static SQLException failure(CompletableFuture<Void> running) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(30, TimeUnit.SECONDS));
        return assertInstanceOf(SQLException.class, e.getCause());
    }

    private static long connectionId(Connection c) throws SQLException {
        return single(c, "SELECT CONNECTION_ID()");
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    /** Waits until the server shows {@code sql} running on connection {@code id}. */
    private static void awaitRunning(Connection observer, long id, String sql) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try (Statement st = observer.createStatement(); ResultSet rs = st.executeQuery("SHOW FULL PROCESSLIST")) {
                while (rs.next()) {
                    if (rs.getLong("Id") == id && sql.equals(rs.getString("Info"))) {
                        return;
                    }
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("connection " + id + " never ran: " + sql);
    }

    private static void awaitGone(Connection observer, long id) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            boolean listed = false;
            try (Statement st = observer.createStatement(); ResultSet rs = st.executeQuery("SHOW PROCESSLIST")) {
                while (rs.next()) {
                    listed |= rs.getLong("Id") == id;
                }
            }
            if (!listed) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("connection " + id + " is still listed");
    }
}
