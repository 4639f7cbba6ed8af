package io.cairndb.mv;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A data directory written before MVs kept their plan signature (MV entries without it, a task table
 * without its column) opens: the MVs load and refresh, reporting that their plan cannot be told the
 * same, and the tasks recorded before say nothing about it.
 */
class MvPlanSignatureUpgradeTest {
    private static final String CONTEXT = "SELECT TaskContext FROM tasks('type' = 'mv') ORDER BY TaskId";

    @TempDir
    Path dir;

    @Test
    void mvsStoredWithoutASignatureLoadAndRefresh() throws Exception {
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(s, "INSERT INTO t VALUES (1, 10)");
            exec(s, "CREATE MATERIALIZED VIEW mv BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT k, sum(v) AS s FROM t GROUP BY k");
            exec(s, "REFRESH MATERIALIZED VIEW mv COMPLETE WITH SYNC MODE");
            assertEquals(List.of("{\"triggerMode\":\"MANUAL\",\"partitions\":[],\"isComplete\":true,\"refreshMode\":\"COMPLETE\",\"planSignatureMatches\":true}"), rows(s, CONTEXT));
        }
        assertTrue(storedSignature().matches("[0-9a-f]{64}"), storedSignature());
        downgrade();
        assertEquals("", storedSignature());
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "USE d");
            assertEquals(List.of("mv|NORMAL"), rows(s, "SELECT Name, State FROM mv_infos('database' = 'd')"));
            exec(s, "INSERT INTO t VALUES (2, 20)");
            exec(s, "REFRESH MATERIALIZED VIEW mv COMPLETE WITH SYNC MODE");
            assertEquals(List.of("{\"triggerMode\":\"MANUAL\",\"partitions\":[],\"isComplete\":true,\"refreshMode\":\"COMPLETE\"}",
                    "{\"triggerMode\":\"MANUAL\",\"partitions\":[],\"isComplete\":true,\"refreshMode\":\"COMPLETE\",\"planSignatureMatches\":false}"), rows(s, CONTEXT));
            assertEquals(List.of("1|10", "2|20"), rows(s, "SELECT * FROM mv ORDER BY k"));
        }
        // A refresh does not adopt the fresh signature: only CREATE stores one.
        assertEquals("", storedSignature());
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            assertEquals(List.of("2"), rows(s, "SELECT count(*) FROM d.mv"));
        }
    }

    /** The MV entry's planSignature, empty when it has none. */
    private String storedSignature() throws Exception {
        try (Connection c = DriverManager.getConnection(url());
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT body FROM cairn_sys.catalog_objects WHERE kind = 'MV'")) {
            assertTrue(rs.next());
            var node = new ObjectMapper().readTree(rs.getString(1)).get("planSignature");
            return node == null || node.isNull() ? "" : node.asText();
        }
    }

    /** Rewrites the MV entries and the task table as they were before plan signatures. */
    private void downgrade() throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (Connection c = DriverManager.getConnection(url())) {
            String body;
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT body FROM cairn_sys.catalog_objects WHERE kind = 'MV'")) {
                assertTrue(rs.next());
                ObjectNode node = (ObjectNode) json.readTree(rs.getString(1));
                node.remove("planSignature");
                body = json.writeValueAsString(node);
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE cairn_sys.catalog_objects SET body = ? WHERE kind = 'MV'")) {
                ps.setString(1, body);
                ps.executeUpdate();
            }
            try (Statement st = c.createStatement()) {
                st.execute("ALTER TABLE cairn_sys.mv_tasks DROP COLUMN plan_signature_matches");
            }
        }
    }

    private String url() {
        return "jdbc:duckdb:" + dir.resolve("cairn.duckdb").toAbsolutePath();
    }
}
