package io.cairndb.bench;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import io.cairndb.server.http.HttpServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Base64;

/**
 * Stream Load throughput: a CSV of {@code rows} rows and 8 columns loaded into a DUPLICATE table over
 * HTTP (as curl sends it), beside DuckDB reading the same file into a table of its own, in one run.
 * Prints rows per second and the ratio.
 *   bench/run.sh StreamLoadBench [rows, default 10,000,000]
 */
public final class StreamLoadBench {
    private StreamLoadBench() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Path dir = Files.createTempDirectory("cairn-load-bench");
        Path csv = dir.resolve("data.csv");
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("direct.duckdb"));
             Statement st = duck.createStatement()) {
            st.execute("COPY (SELECT range AS id, range % 1000 AS g, range * 0.5 AS v, 'name' || (range % 977) AS s, "
                    + "DATE '2024-01-01' + CAST(range % 365 AS INTEGER) AS d, range % 7 AS w, range * 3 AS x, 'tag' || (range % 13) AS t "
                    + "FROM range(" + rows + ")) TO '" + csv + "' (HEADER false, DELIMITER ',')");
            System.out.printf("CSV of %,d rows x 8 columns: %,d bytes%n", rows, Files.size(csv));
            st.execute("CREATE TABLE t (id BIGINT, g INT, v DOUBLE, s VARCHAR, d DATE, w INT, x BIGINT, t VARCHAR)");
            long t0 = System.nanoTime();
            st.execute("INSERT INTO t SELECT * FROM read_csv('" + csv + "', header = false, delim = ',')");
            double direct = (System.nanoTime() - t0) / 1e9;

            try (Database db = Database.open(dir.resolve("server")); HttpServer http = new HttpServer(db);
                 SqlSession root = db.open(1, "root", null, "bench")) {
                http.start("127.0.0.1", 0);
                root.execute("CREATE DATABASE b");
                root.execute("CREATE TABLE b.t (id BIGINT, g INT, v DOUBLE, s VARCHAR(32), d DATE, w INT, x BIGINT, t VARCHAR(16)) "
                        + "DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 16");
                HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + "/api/b/t/_stream_load"))
                        .expectContinue(true)
                        .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes()))
                        .header("column_separator", ",")
                        .PUT(HttpRequest.BodyPublishers.ofFile(csv)).build();
                t0 = System.nanoTime();
                HttpResponse<String> r = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
                double load = (System.nanoTime() - t0) / 1e9;
                if (!r.body().contains("\"Success\"")) {
                    throw new IllegalStateException("the load failed: " + r.body());
                }
                System.out.printf("DuckDB read_csv into a table: %.2f s (%,.0f rows/s)%n", direct, rows / direct);
                System.out.printf("Stream Load over HTTP:        %.2f s (%,.0f rows/s), %.2fx DuckDB's time%n", load, rows / load,
                        load / direct);
            }
        }
    }
}
