package io.cairndb.server.mysql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/** Connector/J over the text protocol against the server with a fake engine. */
class MysqlServerJdbcTest {
    private static final FakeSessionFactory FACTORY = new FakeSessionFactory();
    private static MysqlServer server;

    @BeforeAll
    static void start() {
        server = new MysqlServer(FACTORY);
        server.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection connect(String database, String options) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/" + database
                + "?user=root&password=&useSSL=false&allowPublicKeyRetrieval=true" + options);
    }

    @Test
    void selectOne() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1")) {
            assertTrue(rs.next());
            assertEquals(1, rs.getInt(1));
            assertEquals("1", rs.getString(1));
            assertFalse(rs.next());
        }
    }

    @Test
    void everyTypeReadsBack() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT types")) {
            TypeRowAssertions.assertTypeMetadata(rs.getMetaData());
            TypeRowAssertions.assertTypeRow(rs);
        }
    }

    @Test
    void textFormsOfTemporalValues() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT types")) {
            assertTrue(rs.next());
            assertEquals("2024-02-29 13:14:15", rs.getString("c_datetime"));
            assertEquals("2024-02-29 13:14:15.123456", rs.getString("c_datetime6"));
            assertEquals("2024-02-29 13:14:15.123", rs.getString("c_datetime3"));
            assertEquals("1", rs.getString("c_bool"));
            assertEquals("1.5", rs.getString("c_float"));
        }
    }

    @Test
    void nullsOfEveryType() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT nulls")) {
            TypeRowAssertions.assertNullRow(rs);
        }
    }

    @Test
    void updateCount() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement()) {
            assertEquals(3, s.executeUpdate("UPDATE t SET a = 1"));
        }
    }

    @Test
    void errorsCarryCodeAndStateAndTheConnectionSurvives() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement()) {
            SQLException parse = assertThrows(SQLException.class, () -> s.execute("bad"));
            assertEquals(1064, parse.getErrorCode());
            assertEquals("42000", parse.getSQLState());
            assertTrue(parse.getMessage().contains("Syntax error near 'bad'"), parse.getMessage());

            SQLException internal = assertThrows(SQLException.class, () -> s.execute("boom"));
            assertEquals(1105, internal.getErrorCode());
            assertEquals("HY000", internal.getSQLState());
            assertEquals("boom", internal.getMessage());

            try (ResultSet rs = s.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
        }
    }

    @Test
    void multipleResults() throws Exception {
        try (Connection c = connect("", "&allowMultiQueries=true"); Statement s = c.createStatement()) {
            assertTrue(s.execute("SELECT 1; UPDATE t SET a = 1; SELECT rows 2"));
            try (ResultSet rs = s.getResultSet()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
            assertFalse(s.getMoreResults());
            assertEquals(3, s.getUpdateCount());
            assertTrue(s.getMoreResults());
            try (ResultSet rs = s.getResultSet()) {
                assertTrue(rs.next());
                assertTrue(rs.next());
                assertEquals("row number 1", rs.getString(2));
                assertFalse(rs.next());
            }
            assertFalse(s.getMoreResults());
            assertEquals(-1, s.getUpdateCount());
        }
    }

    @Test
    void valuesLargerThanOnePacket() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT big")) {
            assertTrue(rs.next());
            assertEquals(FakeSessionFactory.BIG_STRING, rs.getString(1));
        }
    }

    @Test
    void manyRowsStream() throws Exception {
        try (Connection c = connect("", ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT rows 200000")) {
            int count = 0;
            while (rs.next()) {
                assertEquals(count, rs.getInt(1));
                count++;
            }
            assertEquals(200000, count);
        }
    }

    @Test
    void databaseFromTheUrl() throws Exception {
        try (Connection c = connect("db1", ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT DATABASE()")) {
            assertTrue(rs.next());
            assertEquals("db1", rs.getString(1));
        }
        SQLException e = assertThrows(SQLException.class, () -> connect("nope", ""));
        assertEquals(1049, e.getErrorCode());
    }

    @Test
    void aSlowQueryDoesNotBlockOtherConnections() throws Exception {
        try (Connection slow = connect("", ""); Connection fast = connect("", "")) {
            CompletableFuture<Integer> sleeping = CompletableFuture.supplyAsync(() -> {
                try (Statement s = slow.createStatement()) {
                    return s.executeUpdate("SLEEP 3000");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(200);
            long started = System.nanoTime();
            try (Statement s = fast.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
            assertTrue(System.nanoTime() - started < TimeUnit.MILLISECONDS.toNanos(2000));
            assertFalse(sleeping.isDone());
            assertEquals(0, sleeping.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void remoteAddressReachesTheFactory() throws Exception {
        try (Connection c = connect("", "")) {
            assertTrue(FACTORY.openedFrom.values().stream().anyMatch(v -> v.startsWith("root@127.0.0.1:")),
                    FACTORY.openedFrom.toString());
        }
    }
}
