package io.cairndb.server;

import io.cairndb.catalog.FeConfig;
import io.cairndb.server.mysql.MysqlServer;
import io.cairndb.server.mysql.ServerLimits;
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
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Values and rows too large for a client, through Connector/J on a server whose max_allowed_packet is
 * 1 MB: a function that would build a larger value is refused before it runs, a row over the limit
 * ends its result with MySQL's error, and either way the connection goes on.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ValueLimitsTest {
    private static final int PACKET = 1 << 20;

    @TempDir
    static Path dir;
    private static Database db;
    private static MysqlServer server;

    @BeforeAll
    static void start() {
        FeConfig config = new FeConfig();
        config.setAtStartup("max_allowed_packet", String.valueOf(PACKET));
        db = Database.open(dir, config);
        server = new MysqlServer(db, ServerLimits.of(config));
        server.start("127.0.0.1", 0);
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
    void aHugeRepeatIsRefusedAtOnceAndTheConnectionGoesOn() throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT repeat('x', 2000000000)"));
            assertEquals(1301, e.getErrorCode());
            assertEquals("Result of repeat() was larger than max_allowed_packet (1048576)", e.getMessage());
            assertEquals("1", one(st, "SELECT 1"));
        }
    }

    @Test
    void aRowOverTheLimitEndsItsResultWithMysqlsError() throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            // Each value fits; the row of both does not.
            SQLException e = assertThrows(SQLException.class,
                    () -> one(st, "SELECT repeat('x', 600000) AS a, repeat('y', 600000) AS b"));
            assertEquals(1153, e.getErrorCode());
            assertTrue(e.getMessage().contains("max_allowed_packet"), e.getMessage());
            assertEquals("600000", one(st, "SELECT length(repeat('x', 600000))"));
        }
    }

    private static String one(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
