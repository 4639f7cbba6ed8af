package io.cairndb.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A data directory written before databases and tables had DuckDB names of their own (their catalog
 * entries lack them; the DuckDB objects carry the plain names) opens and keeps working.
 */
class DataDirUpgradeTest {
    @TempDir
    Path dir;

    @Test
    void entriesWithoutDuckNamesAreStoredUnderTheirNames() throws Exception {
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            s.execute("CREATE DATABASE Sales");
            s.execute("CREATE TABLE Sales.Orders (id BIGINT NOT NULL AUTO_INCREMENT, item VARCHAR(10)) UNIQUE KEY(id) "
                    + "DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES (\"changelog.enable\" = \"true\")");
            s.execute("INSERT INTO Sales.Orders (item) VALUES ('pen')");
        }
        forgetDuckNames();
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            s.execute("INSERT INTO Sales.Orders (item) VALUES ('ink')");
            s.execute("CREATE TABLE Sales.orders (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1");
            s.execute("INSERT INTO Sales.orders VALUES (7)");
            assertEquals(List.of(List.of("ink"), List.of("pen")), rows(s, "SELECT item FROM Sales.Orders ORDER BY item"));
            assertEquals(List.of(List.of("2")), rows(s, "SELECT count(*) FROM Sales.Orders@incr(\"startTimestamp\" = \"2000-01-01 00:00:00\", \"incrementType\" = \"APPEND_ONLY\")"));
            assertEquals(List.of(List.of("7")), rows(s, "SELECT k FROM Sales.orders"));
        }
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            assertEquals(List.of(List.of("2")), rows(s, "SELECT count(*) FROM Sales.Orders"));
            assertEquals(List.of(List.of("7")), rows(s, "SELECT k FROM Sales.orders"));
        }
    }

    /** Rewrites every catalog entry as it was written before: without the DuckDB names. */
    private void forgetDuckNames() throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cairn.duckdb").toAbsolutePath())) {
            Map<String, String> bodies = new LinkedHashMap<>();
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT rowid, body FROM cairn_sys.catalog_objects")) {
                while (rs.next()) {
                    ObjectNode body = (ObjectNode) json.readTree(rs.getString(2));
                    body.remove(List.of("schema", "duckSchema", "duckTable"));
                    bodies.put(rs.getString(1), json.writeValueAsString(body));
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE cairn_sys.catalog_objects SET body = ? WHERE rowid = ?")) {
                for (Map.Entry<String, String> e : bodies.entrySet()) {
                    ps.setString(1, e.getValue());
                    ps.setLong(2, Long.parseLong(e.getKey()));
                    ps.executeUpdate();
                }
            }
        }
    }

    private static List<List<String>> rows(SqlSession s, String sql) {
        List<StatementResult> results = s.execute(sql);
        List<List<String>> out = new ArrayList<>();
        try (RowResult r = (RowResult) results.get(0)) {
            while (r.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 0; i < r.columns().size(); i++) {
                    row.add(String.valueOf(r.value(i)));
                }
                out.add(row);
            }
        }
        return out;
    }
}
