package io.cairndb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Privileges through MySQL Connector/J: a user logged in with its password gets MySQL's error codes
 * and SQLSTATEs for what it may not do (1142 for a table, 1044 for a database, 1227 for a global
 * privilege), a grant takes effect on its open connection at once, and DatabaseMetaData lists only
 * the tables the user may see.
 */
class PrivilegesProtocolTest {
    @TempDir
    Path dir;
    private Database db;
    private MysqlServer server;

    @BeforeEach
    void start() throws SQLException {
        db = Database.open(dir);
        server = new MysqlServer(db);
        server.start("127.0.0.1", 0);
        try (Connection root = connect("root", "")) {
            exec(root, "CREATE DATABASE shop");
            exec(root, "CREATE TABLE shop.orders (id INT, amount INT) DISTRIBUTED BY HASH(id) BUCKETS 1");
            exec(root, "CREATE TABLE shop.costs (id INT, cost INT) DISTRIBUTED BY HASH(id) BUCKETS 1");
            exec(root, "INSERT INTO shop.orders VALUES (1, 10)");
            exec(root, "CREATE USER 'clerk'@'%' IDENTIFIED BY 's3cret'");
        }
    }

    @AfterEach
    void stop() {
        server.close();
        db.close();
    }

    private Connection connect(String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=" + user + "&password=" + password
                + "&useSSL=false&allowPublicKeyRetrieval=true");
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @Test
    void refusalsCarryMysqlCodesAndGrantsApplyAtOnce() throws SQLException {
        try (Connection clerk = connect("clerk", "s3cret"); Connection root = connect("root", "")) {
            SQLException table = assertThrows(SQLException.class, () -> exec(clerk, "SELECT * FROM shop.orders"));
            assertEquals(1142, table.getErrorCode());
            assertEquals("42000", table.getSQLState());
            assertEquals("SELECT command denied to user 'clerk'@'127.0.0.1' for table 'shop.orders'", table.getMessage());

            SQLException database = assertThrows(SQLException.class, () -> exec(clerk, "USE shop"));
            assertEquals(1044, database.getErrorCode());

            SQLException global = assertThrows(SQLException.class, () -> exec(clerk, "SET GLOBAL query_timeout = 10"));
            assertEquals(1227, global.getErrorCode());

            exec(root, "GRANT SELECT_PRIV ON shop.orders TO clerk");
            try (Statement st = clerk.createStatement(); ResultSet rs = st.executeQuery("SELECT amount FROM shop.orders")) {
                rs.next();
                assertEquals(10, rs.getInt(1));
            }
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = clerk.getMetaData().getTables("shop", null, "%", null)) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            assertEquals(List.of("orders"), tables);

            // Logging in to a database needs to see it, as USE does (and the protocol's COM_INIT_DB).
            exec(root, "CREATE USER outsider");
            SQLException login = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:mysql://127.0.0.1:"
                    + server.port() + "/shop?user=outsider&password=&useSSL=false").close());
            assertEquals(1044, login.getErrorCode());
            try (Connection inShop = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                    + "/shop?user=clerk&password=s3cret&useSSL=false")) {
                assertEquals("shop", inShop.getCatalog());
            }

            exec(root, "REVOKE SELECT_PRIV ON shop.orders FROM clerk");
            assertEquals(1142, assertThrows(SQLException.class, () -> exec(clerk, "SELECT * FROM shop.orders")).getErrorCode());
        }
    }
}
