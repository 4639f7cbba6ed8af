package io.cairndb.server;

import io.cairndb.engine.RowResult;
import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Closing the MySQL server with a grace, against a real database: a statement running at the time
 * either commits and is answered, or rolls back and its client is told why, never in between.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GracefulShutdownTest {
    /** Would insert a million rows, but its join of a trillion pairs never ends unless interrupted. */
    private static final String ENDLESS_INSERT = "INSERT INTO sd.t SELECT a.number + 100, 0 FROM numbers(\"number\" = "
            + "\"1000000\") a, numbers(\"number\" = \"1000000\") b WHERE b.number = 0 OR a.number + b.number = -1";

    @TempDir
    Path dir;
    private Database db;
    private MysqlServer server;
    private int port;

    @BeforeEach
    void start() throws SQLException {
        db = Database.open(dir);
        server = new MysqlServer(db);
        server.start("127.0.0.1", 0);
        port = server.port();
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE sd");
            st.execute("CREATE TABLE sd.t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            st.execute("INSERT INTO sd.t VALUES (1, 10), (2, 20)");
        }
    }

    @AfterEach
    void stop() {
        server.close();
        db.close();
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port
                + "/?user=root&password=&useSSL=false&allowPublicKeyRetrieval=true");
    }

    @Test
    void aStatementRunningAtShutdownCommitsWithinTheGraceAndIsAnswered() throws Exception {
        String insert = "INSERT INTO sd.t VALUES (3, 30)";
        try (Connection blocker = connect(); Connection writer = connect()) {
            long blockerId = connectionId(blocker);
            long writerId = connectionId(writer);
            CompletableFuture<Integer> blocking = update(blocker, ENDLESS_INSERT);
            awaitRunning(blockerId, ENDLESS_INSERT);
            // The insert waits for the table the endless one holds, so it is still running at shutdown.
            CompletableFuture<Integer> inserting = update(writer, insert);
            awaitRunning(writerId, insert);
            CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> server.close(Duration.ofSeconds(60)));
            awaitRefusingConnections();
            db.kill(blockerId, true, io.cairndb.catalog.AccessRights.SYSTEM);
            assertEquals(1317, failure(blocking).getErrorCode());
            assertEquals(1, inserting.get(30, TimeUnit.SECONDS));
            closing.get(30, TimeUnit.SECONDS);
            assertFalse(writer.isValid(5));
        }
        db.close();
        db = Database.open(dir);
        assertEquals(3, count(db));
    }

    @Test
    void aStatementStillRunningWhenTheGraceEndsRollsBackAndItsClientIsTold() throws Exception {
        try (Connection writer = connect()) {
            long writerId = connectionId(writer);
            CompletableFuture<Integer> inserting = update(writer, ENDLESS_INSERT);
            awaitRunning(writerId, ENDLESS_INSERT);
            server.close(Duration.ofMillis(200));
            SQLException e = failure(inserting);
            assertEquals(1053, e.getErrorCode());
            assertEquals("08S01", e.getSQLState());
            assertEquals("Server shutdown in progress", e.getMessage());
        }
        db.close();
        db = Database.open(dir);
        assertEquals(2, count(db));
    }

    private static CompletableFuture<Integer> update(Connection c, String sql) {
        return CompletableFuture.supplyAsync(() -> {
            try (Statement st = c.createStatement()) {
                return st.executeUpdate(sql);
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        });
    }

    private static SQLException failure(CompletableFuture<?> running) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(30, TimeUnit.SECONDS));
        return assertInstanceOf(SQLException.class, e.getCause());
    }

    private static long connectionId(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT CONNECTION_ID()")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private void awaitRunning(long connectionId, String sql) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (db.processes().stream().noneMatch(p -> p.id() == connectionId && sql.equals(p.info()))) {
            assertTrue(System.nanoTime() < deadline, () -> "connection " + connectionId + " never ran: " + sql);
            Thread.sleep(10);
        }
    }

    /** The listener closes first thing in a shutdown. */
    private void awaitRefusingConnections() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                assertTrue(System.nanoTime() < deadline, "the server still accepts connections");
            } catch (IOException refused) {
                return;
            }
            Thread.sleep(10);
        }
    }

    private static long count(Database db) {
        try (Session s = db.open(1_000_000, "root", null, "test");
             RowResult rows = (RowResult) s.execute("SELECT count(*) FROM sd.t").get(0)) {
            assertTrue(rows.next());
            return ((Number) rows.value(0)).longValue();
        }
    }
}
