package io.cairndb.server.mysql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.*;

/** mysql_native_password as Connector/J speaks it. */
class MysqlAuthTest {
    private static MysqlServer server;

    @BeforeAll
    static void start() {
        server = new MysqlServer(new FakeSessionFactory());
        server.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection connect(String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                + "/?useSSL=false&allowPublicKeyRetrieval=true", user, password);
    }

    @Test
    void rightPasswordIsAccepted() throws Exception {
        try (Connection c = connect("alice", "secret"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1")) {
            assertTrue(rs.next());
        }
    }

    @Test
    void wrongPasswordIsRejected() {
        SQLException e = assertThrows(SQLException.class, () -> connect("alice", "wrong"));
        assertEquals(1045, e.getErrorCode());
        assertEquals("28000", e.getSQLState());
        assertEquals("Access denied for user 'alice'@'127.0.0.1' (using password: YES)", e.getMessage());
    }

    @Test
    void missingPasswordIsRejected() {
        SQLException e = assertThrows(SQLException.class, () -> connect("alice", ""));
        assertEquals(1045, e.getErrorCode());
        assertTrue(e.getMessage().endsWith("(using password: NO)"), e.getMessage());
    }

    @Test
    void unknownUserIsRejected() {
        SQLException e = assertThrows(SQLException.class, () -> connect("mallory", "secret"));
        assertEquals(1045, e.getErrorCode());
        assertTrue(e.getMessage().startsWith("Access denied for user 'mallory'@"), e.getMessage());
    }

    @Test
    void userWithoutPasswordAcceptsOnlyAnEmptyOne() throws Exception {
        try (Connection c = connect("root", "")) {
            assertTrue(c.isValid(2));
        }
        SQLException e = assertThrows(SQLException.class, () -> connect("root", "something"));
        assertEquals(1045, e.getErrorCode());
    }
}
