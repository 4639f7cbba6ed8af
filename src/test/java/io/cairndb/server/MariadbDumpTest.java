package io.cairndb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A database dumped with mariadb-dump (its default options: table locks, quoted names, executable
 * comments, DISABLE KEYS) and restored with the mariadb client into a fresh server has the same
 * tables, view and rows; so does a dump taken in one consistent transaction.
 */
class MariadbDumpTest {
    @TempDir
    Path dir;

    @Test
    void aDumpRestoresIntoAFreshServer() throws Exception {
        check(List.of());
    }

    @Test
    void aSingleTransactionDumpRestoresToo() throws Exception {
        check(List.of("--single-transaction", "--routines", "--events"));
    }

    private void check(List<String> options) throws Exception {
        Path dump = dir.resolve("dump.sql");
        List<String> before;
        try (Database db = Database.open(dir.resolve("source")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            try (Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE shop");
                st.execute("CREATE TABLE shop.orders (id INT NOT NULL, customer VARCHAR(20), amount DECIMAL(10, 2), "
                        + "placed DATE, at DATETIME, note STRING) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 2");
                st.execute("CREATE TABLE shop.customers (name VARCHAR(20) NOT NULL, score DOUBLE) UNIQUE KEY(name) "
                        + "DISTRIBUTED BY HASH(name) BUCKETS 1");
                st.execute("CREATE TABLE shop.totals (day DATE NOT NULL, amount BIGINT SUM DEFAULT '0') AGGREGATE KEY(day) "
                        + "DISTRIBUTED BY HASH(day) BUCKETS 1");
                st.execute("INSERT INTO shop.orders VALUES (1, 'ann', 10.50, '2024-01-02', '2024-01-02 03:04:05', 'it''s'), "
                        + "(2, NULL, NULL, NULL, NULL, NULL), (3, 'bob', -0.01, '1999-12-31', '2000-01-01 00:00:00', 'a\\\\b\\tc\\nd'), "
                        + "(4, 'zoë', 1234567.89, '2024-02-29', '2024-02-29 23:59:59', '😀 \"q\"')");
                st.execute("INSERT INTO shop.orders SELECT number + 10, concat('c', number), number / 4, '2024-03-01', "
                        + "'2024-03-01 10:00:00', repeat('x', number % 50) FROM numbers('number' = '500')");
                st.execute("INSERT INTO shop.customers VALUES ('ann', 1.5), ('bob', 1e300), ('zoë', -0.0001)");
                st.execute("INSERT INTO shop.totals VALUES ('2024-01-02', 5), ('2024-01-02', 7), ('2024-01-03', 1)");
                st.execute("CREATE VIEW shop.big_orders AS SELECT id, customer, amount FROM shop.orders WHERE amount > 100");
                before = snapshot(st);
            }
            List<String> command = new ArrayList<>(List.of("mariadb-dump", "--skip-ssl", "--no-tablespaces", "-h", "127.0.0.1",
                    "-P", String.valueOf(server.port()), "-u", "root"));
            command.addAll(options);
            command.addAll(List.of("--result-file=" + dump, "--databases", "shop"));
            run(command);
        }
        String text = Files.readString(dump);
        assertTrue(text.contains("LOCK TABLES `orders` WRITE;") || options.contains("--single-transaction"), text);
        try (Database db = Database.open(dir.resolve("target" + options.size())); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            run(List.of("sh", "-c", "mariadb --skip-ssl -h 127.0.0.1 -P " + server.port() + " -u root < '" + dump + "'"));
            try (Connection c = connect(server); Statement st = c.createStatement()) {
                assertEquals(before, snapshot(st));
            }
        }
    }

    /** Every table's definition and rows, and the view's rows. */
    private static List<String> snapshot(Statement st) throws Exception {
        List<String> out = new ArrayList<>();
        for (String table : List.of("orders", "customers", "totals")) {
            out.addAll(rows(st, "SHOW CREATE TABLE shop." + table));
            out.addAll(rows(st, "SELECT * FROM shop." + table + " ORDER BY 1"));
        }
        out.addAll(rows(st, "SELECT * FROM shop.big_orders ORDER BY id"));
        out.addAll(rows(st, "SHOW FULL TABLES FROM shop"));
        return out;
    }

    private static List<String> rows(Statement st, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    sb.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    private static void run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), String.join(" ", command) + "\n" + out);
        assertEquals("", out.strip(), String.join(" ", command));
    }

    private static Connection connect(MysqlServer server) throws Exception {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&useSSL=false");
    }
}
