package io.cairndb.server;

import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.TextValue;
import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Text-protocol rows are written straight from typed reads of the result (integers, doubles and
 * strings without an object or a String in between): what a client reads must be exactly the text
 * of the values the session returns, for every type, NULLs and sizes.
 */
class TextResultTest {
    @TempDir
    static Path dir;
    private static Database db;
    private static MysqlServer server;

    @BeforeAll
    static void start() throws SQLException {
        db = Database.open(dir);
        server = new MysqlServer(db);
        server.start("127.0.0.1", 0);
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE enc");
            st.execute("USE enc");
            st.execute("CREATE TABLE t (id BIGINT, i INT, s SMALLINT, ti TINYINT, d DOUBLE, f FLOAT, dec DECIMAL(12, 3), "
                    + "dt DATE, ts DATETIME(3), str VARCHAR(40), b BOOLEAN, big LARGEINT) "
                    + "DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 3");
            st.execute("INSERT INTO t SELECT number, CASE WHEN number % 7 = 0 THEN NULL ELSE number * 37 - 5000 END, "
                    + "number % 300 - 150, number % 200 - 100, CASE WHEN number % 11 = 0 THEN NULL ELSE number * 0.37 - 99.5 END, "
                    + "number / 8.0, number * 1.125 - 40, date_add('2024-01-01', number % 400), "
                    + "'2024-02-03 04:05:06.789', CASE number % 5 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN concat('é', number) "
                    + "ELSE concat('s', number) END, number % 3 = 0, number * 1000000000000 "
                    + "FROM numbers(\"number\" = \"5000\")");
        }
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

    /** Every value as the session returns it, in the text a client receives (null for NULL). */
    private static List<List<String>> embedded(String sql) {
        try (Session s = db.open(1_000_000, "root", "enc", "test")) {
            List<StatementResult> results = s.execute(sql);
            List<List<String>> rows = new ArrayList<>();
            try (RowResult r = (RowResult) results.get(0)) {
                List<ResultColumn> columns = r.columns();
                while (r.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 0; i < columns.size(); i++) {
                        row.add(TextValue.of(r.value(i), columns.get(i).type()));
                    }
                    rows.add(row);
                }
            }
            return rows;
        }
    }

    private static List<List<String>> overTheWire(String sql) throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("USE enc");
            try (ResultSet rs = st.executeQuery(sql)) {
                ResultSetMetaData md = rs.getMetaData();
                List<List<String>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        byte[] text = rs.getBytes(i);
                        row.add(text == null ? null : new String(text, java.nio.charset.StandardCharsets.UTF_8));
                    }
                    rows.add(row);
                }
                return rows;
            }
        }
    }

    @Test
    void everyValueReadsAsTheSessionReturnsIt() throws SQLException {
        String sql = "SELECT id, i, s, ti, d, f, dec, dt, ts, str, b, big, d * 3 AS tripled, -d AS negated, id * 0.5 AS half, "
                + "i / 7 AS ratio, NULL AS nothing FROM t ORDER BY id";
        List<List<String>> expected = embedded(sql);
        assertEquals(5000, expected.size());
        assertEquals(expected, overTheWire(sql));
    }

    @Test
    void aggregatesAndEmptyResults() throws SQLException {
        for (String sql : List.of(
                "SELECT ti, count(*), sum(d), min(str), max(str), avg(i) FROM t GROUP BY ti ORDER BY ti",
                "SELECT id, str FROM t WHERE id < 0",
                "SELECT count(*), sum(d), min(id), max(id) FROM t WHERE ti < 0 AND d > 10",
                "SELECT 1", "SELECT '' AS e, NULL AS n, 'x' AS x")) {
            assertEquals(embedded(sql), overTheWire(sql), sql);
        }
    }

    /**
     * A client that reads slowly fills the socket: the reply then continues through Netty, and
     * afterwards straight to the socket again; every row must arrive once, in order.
     */
    @Test
    void aSlowReaderGetsEveryRowInOrder() throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.setFetchSize(Integer.MIN_VALUE); // Connector/J then reads rows off the socket as they are asked for
            for (int round = 0; round < 2; round++) {
                try (ResultSet rs = st.executeQuery("SELECT number AS n, concat('row-', number) AS s "
                        + "FROM numbers(\"number\" = \"300000\") ORDER BY number")) {
                    long expected = 0;
                    while (rs.next()) {
                        assertEquals(expected, rs.getLong(1));
                        assertEquals("row-" + expected, rs.getString(2));
                        expected++;
                        if (expected % 20_000 == 0) {
                            Thread.sleep(20);
                        }
                    }
                    assertEquals(300_000, expected);
                }
                try (ResultSet rs = st.executeQuery("SELECT 42")) {
                    assertTrue(rs.next());
                    assertEquals(42, rs.getInt(1));
                }
            }
        }
    }

    /** A row over 16 MB goes out in several frames; its string must arrive whole. */
    @Test
    void stringsOverOnePacket() throws SQLException {
        int length = (1 << 24) + 1000;
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT repeat('x', " + length + ") AS big, 7 AS after, NULL AS n")) {
            assertTrue(rs.next());
            String big = rs.getString(1);
            assertEquals(length, big.length());
            assertTrue(big.chars().allMatch(ch -> ch == 'x'));
            assertEquals(7, rs.getInt(2));
            assertNull(rs.getString(3));
        }
    }
}
