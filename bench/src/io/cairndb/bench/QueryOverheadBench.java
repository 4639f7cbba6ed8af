package io.cairndb.bench;

import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the query path costs on top of DuckDB: the same queries through CairnDB's MySQL server (over
 * Connector/J, text protocol) and directly on DuckDB over JDBC, on the same rows, rounds alternating
 * between the two, every row of every result read on both sides. Prints per-query medians, the
 * server/direct ratio and the geometric mean of the ratios.
 *   bench/run.sh QueryOverheadBench [rows, default 10,000,000]
 */
public final class QueryOverheadBench {
    private static final int WARMUP_ROUNDS = 3;
    private static final int ROUNDS = 7;
    private static final long WIDE_ROWS = 100_000;

    private QueryOverheadBench() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Map<String, String> queries = new LinkedHashMap<>();
        queries.put("GROUP BY 1,000 groups", "SELECT g, count(*), sum(v), max(s) FROM facts GROUP BY g");
        queries.put("join + GROUP BY", "SELECT d.label, count(*), sum(f.v) FROM facts f JOIN dim d ON f.g = d.g "
                + "GROUP BY d.label");
        queries.put("filtered aggregate", "SELECT count(*), sum(v), min(id), max(id) FROM facts WHERE g < 100 AND v > 1000");
        queries.put("top 100 of one group", "SELECT id, g, v, s FROM facts WHERE g = 7 ORDER BY v DESC, id LIMIT 100");
        // Not id * 2: the dialect widens BIGINT arithmetic to LARGEINT, which DuckDB alone would not.
        queries.put("wide result (100k x 5)", "SELECT id, g, v, s, v * 2 AS twice FROM facts WHERE id < " + WIDE_ROWS);
        // Reported on its own: it measures one network round trip against an in-process call, not query overhead.
        String roundTrip = "SELECT 1";

        Path dir = Files.createTempDirectory("cairn-query-bench");
        try (Database db = Database.open(dir.resolve("server")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false";
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                 Connection duck = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("direct.duckdb"));
                 Statement dst = duck.createStatement()) {
                load(st, dst, rows);
                System.out.printf("rows %,d; %d warm-up and %d timed rounds, alternating server and direct%n",
                        rows, WARMUP_ROUNDS, ROUNDS);
                System.out.printf("%-24s %10s %10s %7s%n", "query", "server ms", "direct ms", "ratio");
                double logSum = 0;
                for (Map.Entry<String, String> q : queries.entrySet()) {
                    double[] ms = compare(st, dst, q.getValue());
                    double ratio = ms[0] / ms[1];
                    logSum += Math.log(ratio);
                    System.out.printf("%-24s %10.2f %10.2f %6.2fx%n", q.getKey(), ms[0], ms[1], ratio);
                }
                System.out.printf("geomean ratio %.2fx over the %d queries above (target <= 1.05x, none above 1.15x)%n",
                        Math.exp(logSum / queries.size()), queries.size());
                double[] ms = compare(st, dst, roundTrip);
                System.out.printf("%-24s %10.3f %10.3f  (round trip, not in the geomean)%n", roundTrip, ms[0], ms[1]);
            }
        }
    }

    /** The same rows on both sides: facts (id, g = id % 1000, v, s) and dim (g, label) of 1,000 rows. */
    private static void load(Statement server, Statement direct, long rows) throws Exception {
        server.execute("CREATE DATABASE bench");
        server.execute("USE bench");
        server.execute("CREATE TABLE facts (id BIGINT, g INT, v DOUBLE, s VARCHAR(16)) DUPLICATE KEY(id) "
                + "DISTRIBUTED BY HASH(id) BUCKETS 16");
        server.execute("CREATE TABLE dim (g INT NOT NULL, label VARCHAR(16)) UNIQUE KEY(g) DISTRIBUTED BY HASH(g) BUCKETS 1");
        server.execute("INSERT INTO facts SELECT number, number % 1000, number * 0.5, concat('s', number % 100) "
                + "FROM numbers(\"number\" = \"" + rows + "\")");
        server.execute("INSERT INTO dim SELECT number, concat('label', number) FROM numbers(\"number\" = \"1000\")");

        direct.execute("CREATE TABLE facts (id BIGINT, g INTEGER, v DOUBLE, s VARCHAR)");
        direct.execute("INSERT INTO facts SELECT range, range % 1000, range * 0.5, concat('s', range % 100) FROM range(" + rows + ")");
        direct.execute("CREATE TABLE dim (g INTEGER PRIMARY KEY, label VARCHAR)");
        direct.execute("INSERT INTO dim SELECT range, concat('label', range) FROM range(1000)");

        for (String table : new String[]{"facts", "dim"}) {
            String sql = "SELECT count(*) FROM " + table;
            long s = Timing.count(server, sql);
            long d = Timing.count(direct, sql);
            if (s != d) {
                throw new IllegalStateException(table + " holds " + s + " rows on the server but " + d + " on DuckDB");
            }
        }
    }

    /** Median milliseconds through the server and directly, rounds alternating which side goes first. */
    private static double[] compare(Statement server, Statement direct, String sql) throws Exception {
        for (int i = 0; i < WARMUP_ROUNDS; i++) {
            sameRowCount(sql, drainCounting(server, sql), drainCounting(direct, sql));
        }
        double[] s = new double[ROUNDS];
        double[] d = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            if (i % 2 == 0) {
                s[i] = Timing.drain(server, sql);
                d[i] = Timing.drain(direct, sql);
            } else {
                d[i] = Timing.drain(direct, sql);
                s[i] = Timing.drain(server, sql);
            }
        }
        return new double[]{Timing.median(s), Timing.median(d)};
    }

    private static long drainCounting(Statement st, String sql) throws Exception {
        long count = 0;
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    rs.getObject(i);
                }
                count++;
            }
        }
        return count;
    }

    private static void sameRowCount(String sql, long server, long direct) {
        if (server != direct) {
            throw new IllegalStateException(sql + " returns " + server + " rows on the server but " + direct + " on DuckDB");
        }
    }
}
