package io.cairndb.bench;

import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Foundation benchmark, all figures from one run:
 * bulk load into a DUPLICATE table, upsert into a UNIQUE table, and the time of GROUP BY and JOIN
 * queries through CairnDB's MySQL server relative to the same SQL run directly on DuckDB.
 * Usage: ServerBench [rows] (default 10,000,000).
 */
public final class ServerBench {
    private static final int RUNS = 5;

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Path dir = Files.createTempDirectory("cairn-bench");
        try (Database db = Database.open(dir.resolve("server")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false";
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                 Connection duck = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("direct.duckdb"));
                 Statement dst = duck.createStatement()) {
                st.execute("CREATE DATABASE bench");
                st.execute("USE bench");
                st.execute("CREATE TABLE facts (id BIGINT, k INT, v DOUBLE, s VARCHAR(16)) DUPLICATE KEY(id) "
                        + "DISTRIBUTED BY HASH(id) BUCKETS 16");
                st.execute("CREATE TABLE dim (k INT NOT NULL, label VARCHAR(16)) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
                String gen = "SELECT number, number % 1000, number * 0.5, concat('s', number % 100) FROM numbers(\"number\" = \"" + rows + "\")";
                long t0 = System.nanoTime();
                st.execute("INSERT INTO facts " + gen);
                double loadSec = (System.nanoTime() - t0) / 1e9;
                st.execute("INSERT INTO dim SELECT number, concat('label', number) FROM numbers(\"number\" = \"1000\")");

                st.execute("CREATE TABLE kv (id BIGINT NOT NULL, v BIGINT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 16");
                long upsertRows = Math.min(rows, 1_000_000L);
                st.execute("INSERT INTO kv SELECT number, number FROM numbers(\"number\" = \"" + upsertRows + "\")");
                t0 = System.nanoTime();
                // half the keys exist already, half are new
                st.execute("INSERT INTO kv SELECT number + " + upsertRows / 2 + ", number * 2 FROM numbers(\"number\" = \""
                        + upsertRows + "\")");
                double upsertSec = (System.nanoTime() - t0) / 1e9;

                dst.execute("CREATE TABLE facts (id BIGINT, k INTEGER, v DOUBLE, s VARCHAR)");
                dst.execute("INSERT INTO facts SELECT range, range % 1000, range * 0.5, concat('s', range % 100) FROM range(" + rows + ")");
                dst.execute("CREATE TABLE dim (k INTEGER PRIMARY KEY, label VARCHAR)");
                dst.execute("INSERT INTO dim SELECT range, concat('label', range) FROM range(1000)");

                String groupBy = "SELECT k, count(*), sum(v), max(s) FROM facts GROUP BY k ORDER BY k";
                String join = "SELECT d.label, count(*), sum(f.v) FROM facts f JOIN dim d ON f.k = d.k "
                        + "WHERE f.id % 7 = 0 GROUP BY d.label ORDER BY d.label LIMIT 100";
                double[] gb = compare(st, dst, groupBy);
                double[] jn = compare(st, dst, join);

                System.out.printf("rows                         %,d%n", rows);
                System.out.printf("bulk load (DUPLICATE)        %.2f s  %,.0f rows/s  (target >= 1,000,000)%n", loadSec, rows / loadSec);
                System.out.printf("upsert (UNIQUE, %,d rows)  %.2f s  %,.0f rows/s%n", upsertRows, upsertSec, upsertRows / upsertSec);
                System.out.printf("GROUP BY  server %.1f ms  direct %.1f ms  ratio %.2fx (target <= 1.2x)%n", gb[0], gb[1], gb[0] / gb[1]);
                System.out.printf("JOIN      server %.1f ms  direct %.1f ms  ratio %.2fx (target <= 1.2x)%n", jn[0], jn[1], jn[0] / jn[1]);
            }
        }
    }

    /** Median milliseconds of the query through the server and directly on DuckDB, runs interleaved. */
    private static double[] compare(Statement server, Statement direct, String sql) throws Exception {
        double[] s = new double[RUNS];
        double[] d = new double[RUNS];
        Timing.drain(server, sql);
        Timing.drain(direct, sql);
        for (int i = 0; i < RUNS; i++) {
            s[i] = Timing.drain(server, sql);
            d[i] = Timing.drain(direct, sql);
        }
        return new double[]{Timing.median(s), Timing.median(d)};
    }
}
