package io.cairndb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What MariaDB Connector/J reads from the server: its metadata queries and both kinds of prepared statement. */
class MariadbDriverTest {
    @TempDir
    Path dir;

    @Test
    void metadataAndPreparedStatements() throws Exception {
        try (Database db = Database.open(dir); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/";
            try (Connection c = DriverManager.getConnection(url + "?user=root"); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE md");
                st.execute("CREATE TABLE md.u (a INT NOT NULL, b VARCHAR(5) NOT NULL, v DECIMAL(10, 2), w STRING) UNIQUE KEY(a, b) "
                        + "DISTRIBUTED BY HASH(a) BUCKETS 1");
                st.execute("CREATE TABLE md.d (a INT, v BIGINT) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1");
                st.execute("CREATE VIEW md.vw AS SELECT a, v FROM md.u");
                st.execute("INSERT INTO md.u VALUES (1, 'x', 2.50, 'one')");
                DatabaseMetaData meta = c.getMetaData();
                // DATA_TYPE is Doris's name, "string" for STRING, which the driver reads as OTHER.
                assertEquals(List.of("a|4|0|NO", "b|12|0|NO", "v|3|1|YES", "w|1111|1|YES"),
                        rows(meta.getColumns("md", null, "u", null), "COLUMN_NAME", "DATA_TYPE", "NULLABLE", "IS_NULLABLE"));
                assertEquals(List.of("a|1|PRIMARY", "b|2|PRIMARY"), rows(meta.getPrimaryKeys("md", null, "u"), "COLUMN_NAME",
                        "KEY_SEQ", "PK_NAME"));
                assertEquals(List.of("0|PRIMARY|a", "0|PRIMARY|b"), rows(meta.getIndexInfo("md", null, "u", false, false),
                        "NON_UNIQUE", "INDEX_NAME", "COLUMN_NAME"));
                assertEquals(List.of(), rows(meta.getIndexInfo("md", null, "d", false, false), "INDEX_NAME"));
                assertEquals(List.of("vw|VIEW"), rows(meta.getTables("md", null, null, new String[] {"VIEW"}), "TABLE_NAME",
                        "TABLE_TYPE"));
                assertEquals(List.of(), rows(meta.getSchemas(), "TABLE_SCHEM"));
                assertTrue(rows(meta.getCatalogs(), "TABLE_CAT").contains("md"));
                assertEquals(List.of(), rows(meta.getTablePrivileges("md", null, "u"), "TABLE_NAME"));
            }
            for (String mode : List.of("", "&useServerPrepStmts=true")) {
                try (Connection c = DriverManager.getConnection(url + "md?user=root" + mode);
                     PreparedStatement ps = c.prepareStatement("SELECT a, w, ? AS raw FROM u WHERE b = ?")) {
                    ps.setBytes(1, "by\u0000te".getBytes(StandardCharsets.UTF_8));
                    ps.setString(2, "x");
                    try (ResultSet rs = ps.executeQuery()) {
                        assertTrue(rs.next(), mode);
                        assertEquals(1, rs.getInt(1));
                        assertEquals("one", rs.getString("w"));
                        assertEquals("u", rs.getMetaData().getTableName(1), mode);
                    }
                }
            }
            try (Connection c = DriverManager.getConnection(url + "md?user=root&useServerPrepStmts=true");
                 PreparedStatement ps = c.prepareStatement("SELECT a, v FROM u WHERE a = ?")) {
                // Described at prepare, before any execute.
                assertEquals(2, ps.getMetaData().getColumnCount());
                assertEquals("v", ps.getMetaData().getColumnName(2));
            }
        }
    }

    private static List<String> rows(ResultSet rs, String... columns) throws Exception {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                List<String> cells = new ArrayList<>();
                for (String c : columns) {
                    cells.add(rs.getString(c));
                }
                out.add(String.join("|", cells));
            }
        }
        return out;
    }
}
