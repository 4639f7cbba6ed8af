package io.cairndb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * LOAD DATA LOCAL INFILE, MySQL clients' own loader: the server asks the client for the file, stages
 * what it sends, and loads it as a Stream Load, through Connector/J and the mariadb command-line client.
 */
class LoadDataLocalTest {
    @TempDir
    Path dir;
    private Database db;
    private MysqlServer server;

    @BeforeEach
    void start() throws SQLException {
        db = Database.open(dir.resolve("data"));
        server = new MysqlServer(db);
        server.start("127.0.0.1", 0);
        try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&useSSL=false");
             Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE d");
            st.execute("CREATE TABLE d.t (k INT, name VARCHAR(10), v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        }
    }

    @AfterEach
    void stop() {
        server.close();
        db.close();
    }

    private Connection connect(String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/d?user=" + user + "&password=" + password
                + "&useSSL=false&allowLoadLocalInfile=true");
    }

    private static List<String> rows(Statement st, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3));
            }
        }
        return out;
    }

    @Test
    void connectorJSendsTheFile() throws Exception {
        Path csv = dir.resolve("people.csv");
        Files.writeString(csv, "k,name,x\n1,ann,5\n2,bob,6\n3,cy,7\n");
        try (Connection c = connect("root", ""); Statement st = c.createStatement()) {
            int n = st.executeUpdate("LOAD DATA LOCAL INFILE '" + csv + "' INTO TABLE t COLUMNS TERMINATED BY ',' "
                    + "LINES TERMINATED BY '\\n' IGNORE 1 LINES (k, name, @x) SET v = @x * 10");
            assertEquals(3, n);
            assertEquals(List.of("1|ann|50", "2|bob|60", "3|cy|70"), rows(st, "SELECT * FROM t ORDER BY k"));
            // The user variable of the column list is a column of the file, not the session's variable.
            assertEquals(List.of("null|null|null"), rows(st, "SELECT @x, NULL, NULL"));

            SQLException missing = assertThrows(SQLException.class,
                    () -> st.executeUpdate("LOAD DATA LOCAL INFILE '" + csv + "' INTO TABLE nope COLUMNS TERMINATED BY ','"));
            assertTrue(missing.getMessage().contains("nope"), missing.getMessage());
            SQLException serverFile = assertThrows(SQLException.class,
                    () -> st.executeUpdate("LOAD DATA INFILE '/etc/passwd' INTO TABLE t"));
            assertTrue(serverFile.getMessage().startsWith("LOAD DATA INFILE without LOCAL reads a file on the server"),
                    serverFile.getMessage());
            // The connection goes on after a failed load.
            assertEquals(List.of("3|null|null"), rows(st, "SELECT count(*), NULL, NULL FROM t"));
        }
    }

    @Test
    void theLoadingUserNeedsLoadPrivilege() throws Exception {
        Path csv = dir.resolve("one.tsv");
        Files.writeString(csv, "9\tzed\t1\n");
        try (Connection root = connect("root", ""); Statement st = root.createStatement()) {
            st.execute("CREATE USER clerk IDENTIFIED BY 'pw'");
            st.execute("GRANT SELECT_PRIV ON d.* TO clerk");
        }
        try (Connection clerk = connect("clerk", "pw"); Statement st = clerk.createStatement()) {
            SQLException denied = assertThrows(SQLException.class,
                    () -> st.executeUpdate("LOAD DATA LOCAL INFILE '" + csv + "' INTO TABLE t"));
            assertEquals(1142, denied.getErrorCode());
            assertEquals(List.of(), rows(st, "SELECT * FROM t"));
        }
    }

    @Test
    void theMariadbClientSendsTheFile() throws Exception {
        Path csv = dir.resolve("cli.tsv");
        Files.writeString(csv, "4\tdee\t8\n5\teve\t9\n");
        Process p = new ProcessBuilder("mariadb", "--local-infile=1", "--skip-ssl", "-h", "127.0.0.1", "-P",
                String.valueOf(server.port()), "-u", "root", "d", "-e", "LOAD DATA LOCAL INFILE '" + csv + "' INTO TABLE t")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        try (Connection c = connect("root", ""); Statement st = c.createStatement()) {
            assertEquals(List.of("4|dee|8", "5|eve|9"), rows(st, "SELECT * FROM t ORDER BY k"));
        }
    }
}
