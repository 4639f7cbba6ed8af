package io.cairndb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

/**
 * SQLAlchemy (Debian's python3-sqlalchemy, through PyMySQL) reflects a table's columns with their
 * types and nullability, lists tables and views, reads and writes rows through a reflected table, and
 * finds a keyed table's primary key when show_create_table_primary_key is set.
 */
class SqlAlchemyTest {
    @TempDir
    Path dir;

    @Test
    void reflectsTablesAndColumns() throws Exception {
        Path script = dir.resolve("reflect.py");
        try (var in = SqlAlchemyTest.class.getResourceAsStream("/clients/sqlalchemy_reflection.py")) {
            Files.write(script, in.readAllBytes());
        }
        try (Database db = Database.open(dir.resolve("data")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&useSSL=false");
                 Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE sa");
                st.execute("CREATE TABLE sa.orders (id INT NOT NULL, customer VARCHAR(20), amount DECIMAL(10, 2), note STRING, "
                        + "at DATETIME) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
                st.execute("CREATE TABLE sa.lines (order_id INT NOT NULL, line INT NOT NULL, qty INT) "
                        + "PRIMARY KEY(order_id, line) DISTRIBUTED BY HASH(order_id) BUCKETS 1");
                st.execute("CREATE TABLE sa.events (at DATETIME, what VARCHAR(10)) DUPLICATE KEY(at) "
                        + "DISTRIBUTED BY HASH(at) BUCKETS 1");
                st.execute("CREATE VIEW sa.named AS SELECT id, customer FROM sa.orders WHERE customer IS NOT NULL");
            }
            // Debian's python3, where apt installs python3-sqlalchemy and python3-pymysql (.ci/run does).
            Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), String.valueOf(server.port()), "sa").start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), err);
            assertEquals(0, p.exitValue(), out + err);
            JsonNode found = new ObjectMapper().readTree(out);
            assertEquals("[\"events\",\"lines\",\"orders\"]", found.get("tables").toString());
            assertEquals("[\"named\"]", found.get("views").toString());
            assertEquals("[{\"name\":\"id\",\"nullable\":false,\"type\":\"INTEGER\"},"
                    + "{\"name\":\"customer\",\"nullable\":true,\"type\":\"VARCHAR(20)\"},"
                    + "{\"name\":\"amount\",\"nullable\":true,\"type\":\"DECIMAL\"},"
                    + "{\"name\":\"note\",\"nullable\":true,\"type\":\"TEXT\"},"
                    + "{\"name\":\"at\",\"nullable\":true,\"type\":\"DATETIME\"}]", found.get("columns").toString());
            assertEquals("[true,false]", found.get("has_table").toString());
            assertEquals("[]", found.get("pk_default").toString());
            assertEquals("{\"events\":[],\"lines\":[\"order_id\",\"line\"],\"orders\":[\"id\"]}", found.get("pk").toString());
            assertEquals("[[10,\"x'y\\\\z\",\"2.50\"],[11,null,null]]", found.get("rows").toString());
        }
    }
}
