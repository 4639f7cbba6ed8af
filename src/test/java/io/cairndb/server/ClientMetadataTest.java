package io.cairndb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What Connector/J's DatabaseMetaData reads from the server: primary keys of keyed tables. */
class ClientMetadataTest {
    @TempDir
    Path dir;

    @Test
    void primaryKeysAreTheKeysOfUniqueAndAggregateTables() throws Exception {
        try (Database db = Database.open(dir); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&useSSL=false");
                 Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE md");
                st.execute("CREATE TABLE md.u (a INT NOT NULL, b VARCHAR(5) NOT NULL, v INT) UNIQUE KEY(a, b) "
                        + "DISTRIBUTED BY HASH(a) BUCKETS 1");
                st.execute("CREATE TABLE md.d (a INT, v INT) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1");
                DatabaseMetaData meta = c.getMetaData();
                assertEquals(List.of("a:1:PRIMARY", "b:2:PRIMARY"), primaryKeys(meta, "u"));
                assertEquals(List.of(), primaryKeys(meta, "d"));
                // SHOW TABLE STATUS gives each table's creation and last update, as MySQL clients show them.
                try (ResultSet rs = st.executeQuery("SHOW TABLE STATUS FROM md LIKE 'u'")) {
                    rs.next();
                    assertEquals("Doris", rs.getString("Engine"));
                    assertEquals(0, rs.getLong("Rows"));
                    java.sql.Timestamp created = rs.getTimestamp("Create_time");
                    java.sql.Timestamp updated = rs.getTimestamp("Update_time");
                    assertTrue(created != null && updated != null && !updated.before(created), created + " / " + updated);
                }
            }
        }
    }

    /**
     * A result column read unchanged from a table names its table and column and says whether it can be
     * NULL, in a statement's result and already when a query is prepared on the server.
     */
    @Test
    void resultMetadataNamesTheTableAndNullability() throws Exception {
        try (Database db = Database.open(dir); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&useSSL=false";
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE rm");
                st.execute("CREATE TABLE rm.t (k INT NOT NULL, name VARCHAR(10), v BIGINT) UNIQUE KEY(k) "
                        + "DISTRIBUTED BY HASH(k) BUCKETS 1");
                st.execute("INSERT INTO rm.t VALUES (1, 'a', 10)");
                try (ResultSet rs = st.executeQuery("SELECT k, name AS n, v + 1 AS w FROM rm.t")) {
                    assertEquals(List.of("rm.t.k:0", "rm.t.name:1", "..w:1"), describe(rs.getMetaData()));
                }
            }
            try (Connection c = DriverManager.getConnection(url + "&useServerPrepStmts=true");
                 java.sql.PreparedStatement ps = c.prepareStatement("SELECT k, name FROM rm.t WHERE k = ?")) {
                // Before any execute: the server described the columns at prepare.
                assertEquals(List.of("rm.t.k:0", "rm.t.name:1"), describe(ps.getMetaData()));
                ps.setInt(1, 1);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals("a", rs.getString(2));
                }
            }
        }
    }

    /** Each column as schema.table.column:nullable (1) or not (0); a computed column has no table. */
    private static List<String> describe(java.sql.ResultSetMetaData md) throws Exception {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            String origin = md.getTableName(i).isEmpty() ? md.getColumnLabel(i) : md.getColumnName(i);
            out.add(md.getCatalogName(i) + "." + md.getTableName(i) + "." + origin + ":" + md.isNullable(i));
        }
        return out;
    }

    private static List<String> primaryKeys(DatabaseMetaData meta, String table) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = meta.getPrimaryKeys("md", null, table)) {
            while (rs.next()) {
                out.add(rs.getString("COLUMN_NAME") + ":" + rs.getInt("KEY_SEQ") + ":" + rs.getString("PK_NAME"));
            }
        }
        return out;
    }
}
