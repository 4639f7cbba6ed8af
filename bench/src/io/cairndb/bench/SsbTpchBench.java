package io.cairndb.bench;

import io.cairndb.benchdata.BenchData;
import io.cairndb.benchdata.BenchQueries;
import io.cairndb.benchdata.ResultRows;
import io.cairndb.benchdata.SsbData;
import io.cairndb.benchdata.TpchData;
import io.cairndb.server.Database;
import io.cairndb.server.http.HttpServer;
import io.cairndb.server.mysql.MysqlServer;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The Star Schema Benchmark and TPC-H, their DDL and queries in Doris's published text, through CairnDB's
 * MySQL server (Connector/J) against DuckDB running the same queries directly over JDBC (the Doris text,
 * or its hand translation where DuckDB needs one: see {@link BenchQueries}). The data are generated at the
 * given scale factor as '|'-separated files (io.cairndb.benchdata, dbgen's sizes and vocabularies), loaded
 * into CairnDB by Stream Load over HTTP and into a plain DuckDB database file by DuckDB's COPY .. FROM;
 * both load throughputs are reported. Per query: one warm-up run each way (whose rows are compared), then
 * 5 timed rounds alternating which side goes first, medians, the ratio, and geomeans per suite and overall.
 * The queries whose ratio is worst are printed with the DuckDB SQL CairnDB sends (EXPLAIN's line).
 *   bench/run.sh SsbTpchBench [sf, default 1]
 */
public final class SsbTpchBench {
    private static final int ROUNDS = 5;
    private static final int QUERY_TIMEOUT_SECONDS = 600;

    private SsbTpchBench() {
    }

    /** One query's figures; {@code error} when CairnDB refused it. */
    private record Outcome(BenchQueries.Query query, double cairn, double duck, long rows, String equal, String error) {
    }

    public static void main(String[] args) throws Exception {
        double sf = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        Path dir = Files.createTempDirectory("cairn-ssb-tpch");
        System.out.printf("SSB and TPC-H at SF %s; %d cores, load average %.2f at start (other processes, builds among them, may"
                        + " be running: every figure is one side measured against the other in the same moments)%n", sf,
                Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Map<String, BenchData> suites = new LinkedHashMap<>();
        suites.put("ssb", new SsbData(sf));
        suites.put("tpch", new TpchData(sf));
        Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
        for (Map.Entry<String, BenchData> s : suites.entrySet()) {
            long t0 = System.nanoTime();
            Path files = Files.createDirectories(dir.resolve(s.getKey()));
            counts.put(s.getKey(), s.getValue().writeTo(files));
            long rows = counts.get(s.getKey()).values().stream().mapToLong(Long::longValue).sum();
            System.out.printf("generated %s: %,d rows in %.1f s %s%n", s.getKey(), rows, (System.nanoTime() - t0) / 1e9,
                    counts.get(s.getKey()));
        }
        try (Database db = Database.open(dir.resolve("server")); MysqlServer mysql = new MysqlServer(db);
             HttpServer http = new HttpServer(db)) {
            mysql.start("127.0.0.1", 0);
            http.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + mysql.port() + "/?user=root&password=&useSSL=false";
            try (Connection c = DriverManager.getConnection(url); Statement server = c.createStatement();
                 Connection duck = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("direct.duckdb"));
                 Statement direct = duck.createStatement()) {
                server.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
                for (String suite : suites.keySet()) {
                    load(db, http.port(), server, direct, suite, dir.resolve(suite), counts.get(suite));
                }
                List<Outcome> outcomes = new ArrayList<>();
                System.out.printf("%n%d timed rounds after a warm-up, medians; ratio = CairnDB / DuckDB%n", ROUNDS);
                System.out.printf("%-10s %12s %12s %8s %8s  %s%n", "query", "CairnDB ms", "DuckDB ms", "ratio", "rows", "rows equal?");
                for (String suite : suites.keySet()) {
                    server.execute("USE " + suite);
                    direct.execute("SET search_path = '" + suite + "'");
                    for (BenchQueries.Query q : BenchQueries.suite(suite)) {
                        Outcome o = measure(server, direct, q);
                        outcomes.add(o);
                        if (o.error() != null) {
                            System.out.printf("%-10s %12s %12.1f %8s %8s  %s%n", q.id(), "error", o.duck(), "", "", o.error());
                        } else {
                            System.out.printf("%-10s %12.1f %12.1f %7.2fx %8d  %s%n", q.id(), o.cairn(), o.duck(), o.cairn() / o.duck(),
                                    o.rows(), o.equal());
                        }
                    }
                }
                summary(outcomes, suites.keySet());
                worst(server, outcomes);
            }
        }
        System.out.printf("load average %.2f at the end%n", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** Creates a suite's tables on both sides and loads its files: Stream Load into CairnDB, COPY into DuckDB. */
    private static void load(Database db, int httpPort, Statement server, Statement direct, String suite, Path files,
                             Map<String, Long> counts) throws Exception {
        server.execute("CREATE DATABASE " + suite);
        server.execute("USE " + suite);
        for (String statement : statements(BenchQueries.ddl(suite))) {
            server.execute(statement);
        }
        direct.execute("CREATE SCHEMA " + suite);
        // DuckDB's tables have the columns and types of the DuckDB tables behind CairnDB's.
        try (Connection inner = db.connect(); Statement st = inner.createStatement()) {
            for (String table : counts.keySet()) {
                try (ResultSet rs = st.executeQuery("SELECT sql FROM duckdb_tables() WHERE schema_name = '" + suite
                        + "' AND table_name = '" + table + "'")) {
                    if (!rs.next()) {
                        throw new IllegalStateException("no DuckDB table behind " + suite + "." + table);
                    }
                    direct.execute(rs.getString(1));
                }
            }
            inner.commit();
        }
        HttpClient client = HttpClient.newHttpClient();
        double cairnSeconds = 0;
        double duckSeconds = 0;
        long rows = 0;
        for (Map.Entry<String, Long> t : counts.entrySet()) {
            Path file = files.resolve(t.getKey() + ".tbl");
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/api/" + suite + "/" + t.getKey()
                            + "/_stream_load"))
                    .expectContinue(true)
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes()))
                    .header("column_separator", "|")
                    .PUT(HttpRequest.BodyPublishers.ofFile(file)).build();
            long t0 = System.nanoTime();
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            cairnSeconds += (System.nanoTime() - t0) / 1e9;
            if (!r.body().contains("\"Success\"")) {
                throw new IllegalStateException("the load of " + suite + "." + t.getKey() + " failed: " + r.body());
            }
            t0 = System.nanoTime();
            direct.execute("COPY " + suite + "." + t.getKey() + " FROM '" + file + "' (DELIMITER '|', HEADER false)");
            duckSeconds += (System.nanoTime() - t0) / 1e9;
            long s = Timing.count(server, "SELECT count(*) FROM " + suite + "." + t.getKey());
            long d = Timing.count(direct, "SELECT count(*) FROM " + suite + "." + t.getKey());
            if (s != t.getValue() || d != t.getValue()) {
                throw new IllegalStateException(suite + "." + t.getKey() + ": " + t.getValue() + " rows generated, " + s
                        + " in CairnDB, " + d + " in DuckDB");
            }
            rows += t.getValue();
        }
        System.out.printf("load %s, %,d rows: CairnDB Stream Load %.2f s (%,.0f rows/s), DuckDB COPY %.2f s (%,.0f rows/s), %.2fx%n",
                suite, rows, cairnSeconds, rows / cairnSeconds, duckSeconds, rows / duckSeconds, cairnSeconds / duckSeconds);
    }

    /** The statements of a DDL script: comment lines dropped, split at ';'. */
    private static List<String> statements(String script) {
        StringBuilder b = new StringBuilder();
        script.lines().filter(l -> !l.strip().startsWith("--")).forEach(l -> b.append(l).append('\n'));
        List<String> out = new ArrayList<>();
        for (String s : b.toString().split(";")) {
            if (!s.isBlank()) {
                out.add(s.strip());
            }
        }
        return out;
    }

    private static Outcome measure(Statement server, Statement direct, BenchQueries.Query q) throws Exception {
        List<List<Object>> expected;
        int[] orderBy;
        try (ResultSet rs = direct.executeQuery(q.duckdb())) {
            orderBy = ResultRows.positions(ResultRows.labels(rs), q.orderKeys());
            expected = ResultRows.read(rs);
        }
        List<List<Object>> actual;
        try (ResultSet rs = server.executeQuery(q.doris())) {
            actual = ResultRows.read(rs);
        } catch (SQLException e) {
            double[] d = new double[ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                d[i] = Timing.drain(direct, q.duckdb());
            }
            return new Outcome(q, Double.NaN, Timing.median(d), 0, "", e.getMessage().lines().findFirst().orElse(""));
        }
        String difference = ResultRows.difference(expected, actual, orderBy);
        double[] s = new double[ROUNDS];
        double[] d = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            if (i % 2 == 0) {
                s[i] = Timing.drain(server, q.doris());
                d[i] = Timing.drain(direct, q.duckdb());
            } else {
                d[i] = Timing.drain(direct, q.duckdb());
                s[i] = Timing.drain(server, q.doris());
            }
        }
        return new Outcome(q, Timing.median(s), Timing.median(d), expected.size(),
                difference == null ? "yes" : "NO: " + difference, null);
    }

    private static void summary(List<Outcome> outcomes, Iterable<String> suites) {
        List<String> groups = new ArrayList<>();
        suites.forEach(groups::add);
        groups.add("all");
        System.out.println();
        for (String g : groups) {
            double c = 0;
            double d = 0;
            int n = 0;
            int failed = 0;
            for (Outcome o : outcomes) {
                if (!g.equals("all") && !o.query().suite().equals(g)) {
                    continue;
                }
                if (o.error() != null) {
                    failed++;
                    continue;
                }
                c += Math.log(o.cairn());
                d += Math.log(o.duck());
                n++;
            }
            System.out.printf("geomean %-5s over %2d queries: CairnDB %.1f ms, DuckDB %.1f ms, ratio %.2fx%s%n", g, n,
                    Math.exp(c / n), Math.exp(d / n), Math.exp((c - d) / n), failed == 0 ? "" : " (" + failed + " refused by CairnDB)");
        }
    }

    /** The two queries with the worst ratio, with the DuckDB SQL CairnDB prints for them. */
    private static void worst(Statement server, List<Outcome> outcomes) throws Exception {
        List<Outcome> ran = new ArrayList<>(outcomes.stream().filter(o -> o.error() == null).toList());
        ran.sort((a, b) -> Double.compare(b.cairn() / b.duck(), a.cairn() / a.duck()));
        for (Outcome o : ran.subList(0, Math.min(2, ran.size()))) {
            server.execute("USE " + o.query().suite());
            String printed = "";
            try (ResultSet rs = server.executeQuery("EXPLAIN " + o.query().doris())) {
                while (rs.next()) {
                    if (rs.getString(1).startsWith("DuckDB SQL: ")) {
                        printed = rs.getString(1);
                    }
                }
            }
            System.out.printf("%nworst ratio %s (%.2fx): %s%n", o.query().id(), o.cairn() / o.duck(), printed);
        }
    }
}
