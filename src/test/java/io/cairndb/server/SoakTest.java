package io.cairndb.server;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.cairndb.sqltest.SessionSql.NO_REWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A minute of everything at once through the MySQL protocol: writers upserting and deleting, stream
 * consumers into two sinks, MV refreshes and readers. Afterwards nothing was lost or doubled: the table
 * holds what the writers' own bookkeeping says, the sinks together hold each change of the changelog
 * exactly once, the MV equals its definition, and no statement of any client failed.
 * {@code -Dcairn.soak.seconds=N} runs it longer or shorter.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class SoakTest {
    private static final int WRITERS = 2;
    private static final int CONSUMERS = 2;
    private static final int KEYS_PER_WRITER = 2_000;

    @TempDir
    Path dir;

    @Test
    void everythingAtOnceLosesAndDoublesNothing() throws Exception {
        long seconds = Long.getLong("cairn.soak.seconds", 60);
        try (Database db = Database.open(dir); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            try (Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE soak");
                st.execute("USE soak");
                st.execute("CREATE TABLE orders (dt DATE NOT NULL, id BIGINT NOT NULL, v BIGINT) UNIQUE KEY(dt, id) "
                        + "PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-05') INTERVAL 1 DAY) "
                        + "DISTRIBUTED BY HASH(id) BUCKETS 2 PROPERTIES (\"changelog.enable\" = \"true\", "
                        + "\"changelog.need_historical_value\" = \"true\")");
                st.execute("CREATE STREAM changes ON TABLE orders PROPERTIES (\"type\" = \"detail\")");
                for (int i = 0; i < CONSUMERS; i++) {
                    st.execute("CREATE TABLE sink" + i + " (id BIGINT, v BIGINT, op VARCHAR(16), seq LARGEINT) "
                            + "DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
                }
                st.execute("CREATE MATERIALIZED VIEW daily BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt) "
                        + "DISTRIBUTED BY RANDOM BUCKETS 1 AS SELECT dt, count(*) AS n, sum(v) AS total FROM orders GROUP BY dt");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            ExecutorService pool = Executors.newCachedThreadPool();
            List<String> errors = Collections.synchronizedList(new ArrayList<>());
            List<Future<Map<String, Long>>> writers = new ArrayList<>();
            List<Future<?>> others = new ArrayList<>();
            try {
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    writers.add(pool.submit(() -> write(server, writer, deadline, errors)));
                }
                for (int i = 0; i < CONSUMERS; i++) {
                    String sql = "INSERT INTO sink" + i + " SELECT id, v, __DORIS_STREAM_CHANGE_TYPE_COL__, "
                            + "__DORIS_STREAM_SEQUENCE_COL__ FROM changes";
                    others.add(pool.submit(() -> repeat(server, deadline, errors, List.of(sql))));
                }
                others.add(pool.submit(() -> repeat(server, deadline, errors, List.of(
                        "REFRESH MATERIALIZED VIEW daily AUTO WITH SYNC MODE"))));
                others.add(pool.submit(() -> repeat(server, deadline, errors, List.of(
                        "SELECT count(*), sum(v) FROM orders", "SELECT sum(n) FROM daily",
                        "SELECT count(*) FROM changes", "SHOW PARTITIONS FROM daily"))));
                Map<String, Long> expected = new HashMap<>();
                for (Future<Map<String, Long>> f : writers) {
                    expected.putAll(f.get());
                }
                for (Future<?> f : others) {
                    f.get();
                }
                assertEquals(List.of(), errors);
                assertTrue(expected.size() > 100, "the writers got through: " + expected.size());
                try (Connection c = connect(server); Statement st = c.createStatement()) {
                    st.execute("USE soak");
                    st.execute("INSERT INTO sink0 SELECT id, v, __DORIS_STREAM_CHANGE_TYPE_COL__, "
                            + "__DORIS_STREAM_SEQUENCE_COL__ FROM changes");
                    st.execute("REFRESH MATERIALIZED VIEW daily AUTO WITH SYNC MODE");
                    long sum = expected.values().stream().mapToLong(Long::longValue).sum();
                    assertEquals(expected.size() + "|" + sum, row(st, "SELECT count(*), coalesce(sum(v), 0) FROM orders"));
                    String changes = row(st, "SELECT count(*), coalesce(sum(v), 0) FROM orders@incr(\"incrementType\" = \"DETAIL\")");
                    String sinks = "(SELECT * FROM sink0 UNION ALL SELECT * FROM sink1)";
                    assertEquals(changes, row(st, "SELECT count(*), coalesce(sum(v), 0) FROM " + sinks + " AS x"));
                    assertEquals("0", row(st, "SELECT count(*) - count(DISTINCT seq) FROM " + sinks + " AS x"));
                    assertEquals("0", row(st, NO_REWRITE + "count(*) FROM (SELECT dt, n, total FROM daily EXCEPT ALL "
                            + "SELECT dt, count(*), sum(v) FROM orders GROUP BY dt) AS x"));
                    assertEquals("0", row(st, NO_REWRITE + "count(*) FROM (SELECT dt, count(*), sum(v) FROM orders GROUP BY dt "
                            + "EXCEPT ALL SELECT dt, n, total FROM daily) AS x"));
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** One writer's rows: keys of its own, upserted and deleted at random; returns what it left, by key. */
    private static Map<String, Long> write(MysqlServer server, int writer, long deadline, List<String> errors) {
        Map<String, Long> rows = new HashMap<>();
        Random random = new Random(writer);
        try (Connection c = connect(server); Statement st = c.createStatement()) {
            st.execute("USE soak");
            while (System.nanoTime() < deadline) {
                StringBuilder values = new StringBuilder();
                Map<String, Long> batch = new HashMap<>();
                for (int i = 0; i < 20; i++) {
                    String dt = "2024-01-0" + (1 + random.nextInt(4));
                    long id = (long) writer * KEYS_PER_WRITER + random.nextInt(KEYS_PER_WRITER);
                    long v = random.nextInt(1000);
                    values.append(values.length() == 0 ? "" : ", ").append("('").append(dt).append("', ").append(id)
                            .append(", ").append(v).append(")");
                    batch.put(dt + "/" + id, v);
                }
                try {
                    if (random.nextInt(5) == 0 && !rows.isEmpty()) {
                        String key = rows.keySet().iterator().next();
                        String[] parts = key.split("/");
                        st.execute("DELETE FROM orders WHERE dt = '" + parts[0] + "' AND id = " + parts[1]);
                        rows.remove(key);
                    } else {
                        st.execute("INSERT INTO orders VALUES " + values);
                        rows.putAll(batch);
                    }
                } catch (SQLException e) {
                    errors.add("writer: " + e.getMessage());
                }
            }
        } catch (SQLException e) {
            errors.add("writer connection: " + e.getMessage());
        }
        return rows;
    }

    private static Void repeat(MysqlServer server, long deadline, List<String> errors, List<String> statements) {
        try (Connection c = connect(server); Statement st = c.createStatement()) {
            st.execute("USE soak");
            while (System.nanoTime() < deadline) {
                for (String sql : statements) {
                    try {
                        if (st.execute(sql)) {
                            try (ResultSet rs = st.getResultSet()) {
                                while (rs.next()) {
                                    rs.getString(1);
                                }
                            }
                        }
                    } catch (SQLException e) {
                        errors.add(sql + ": " + e.getMessage());
                    }
                }
            }
        } catch (SQLException e) {
            errors.add("connection: " + e.getMessage());
        }
        return null;
    }

    private static String row(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            List<String> cells = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                cells.add(rs.getString(i));
            }
            return String.join("|", cells);
        }
    }

    private static Connection connect(MysqlServer server) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                + "/?user=root&password=&useSSL=false&allowPublicKeyRetrieval=true");
    }
}
