package io.cairndb.bench;

import io.cairndb.catalog.FeConfig;
import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Changelog benchmark, all figures from one run, through CairnDB's MySQL server:
 * <ol>
 * <li>upsert rows/s into a UNIQUE KEY table with the changelog on (with historical values) against
 * an identical table with it off, for one large batch and for a series of small batches;</li>
 * <li>the time of {@code t@incr(...)} over N changes (MIN_DELTA, and DETAIL / APPEND_ONLY for
 * context) relative to a full scan of an N-row table.</li>
 * </ol>
 * The "off" and "on" tables live in two databases (two DuckDB files, one server each) so that each
 * pays for its own WAL and checkpoints; their statements are interleaved so that machine noise
 * falls on both. Usage: ChangelogBench [rows] (default 1,000,000).
 */
public final class ChangelogBench {
    private static final int RUNS = 5;
    private static final int ROUNDS = 5;
    private static final int SMALL_BATCHES = 200;
    private static final int SMALL_ROWS = 1_000;
    /**
     * The tables read in part 2 are written in statements of at most this many rows. With DuckDB
     * 1.5.2 and preserve_insertion_order, an INSERT that adds no rows followed in the same
     * transaction by one that adds a full row group (122,880 rows) or more leaves the new rows
     * invisible until a restart; the changelog capture does exactly that for a batch of new keys
     * (its UPDATE_BEFORE insert is empty), so @incr would read an empty changelog.
     */
    private static final long LOAD_BATCH = 100_000;

    private static final String COLUMNS = "(id BIGINT NOT NULL, k INT, v BIGINT, s VARCHAR(16)) UNIQUE KEY(id) "
            + "DISTRIBUTED BY HASH(id) BUCKETS 16";
    private static final String CHANGELOG = " PROPERTIES (\"changelog.enable\" = \"true\", "
            + "\"changelog.need_historical_value\" = \"true\")";

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        Path dir = Files.createTempDirectory("cairn-bench");
        // The retention pass (a DELETE over every changelog, by default each minute) is not what is
        // measured here; keep it from landing inside a timed statement.
        FeConfig config = new FeConfig();
        config.setAll(java.util.Map.of("changelog_cleanup_interval_seconds", "86400"));
        try (Database offDb = Database.open(dir.resolve("off"), config); MysqlServer offServer = new MysqlServer(offDb);
             Database onDb = Database.open(dir.resolve("on"), config); MysqlServer onServer = new MysqlServer(onDb)) {
            offServer.start("127.0.0.1", 0);
            onServer.start("127.0.0.1", 0);
            try (Connection offC = connect(offServer); Statement off = offC.createStatement();
                 Connection onC = connect(onServer); Statement on = onC.createStatement()) {
                Statement[] st = {off, on};
                for (Statement s : st) {
                    s.execute("CREATE DATABASE bench");
                    s.execute("USE bench");
                }

                // 1. Upserts, changelog off versus on. A warm-up round, then ROUNDS rounds on fresh
                // tables, the two sides in alternating order; medians.
                double[][] load = new double[2][ROUNDS];
                double[][] upsert = new double[2][ROUNDS];
                for (int r = -1; r < ROUNDS; r++) {
                    for (int i = 0; i < 2; i++) {
                        st[i].execute("DROP TABLE IF EXISTS t");
                        st[i].execute("CREATE TABLE t " + COLUMNS + (i == 1 ? CHANGELOG : ""));
                    }
                    for (int j = 0; j < 2; j++) {
                        int i = (r + j) % 2 == 0 ? 0 : 1;
                        double sec = Timing.seconds(st[i], "INSERT INTO t " + gen(0, rows, 0));
                        if (r >= 0) {
                            load[i][r] = sec;
                        }
                    }
                    for (int j = 0; j < 2; j++) {
                        int i = (r + j) % 2 == 0 ? 0 : 1;
                        // half the keys exist already, half are new
                        double sec = Timing.seconds(st[i], "INSERT INTO t " + gen(rows / 2, rows, 1));
                        if (r >= 0) {
                            upsert[i][r] = sec;
                        }
                    }
                }
                // Small batches on the last round's tables, interleaved statement by statement:
                // each half existing keys (from the start of the table), half new keys (past its end).
                double[] small = new double[2];
                long end = rows / 2 + rows;
                for (int b = 0; b < SMALL_BATCHES; b++) {
                    long existing = (long) b * (SMALL_ROWS / 2);
                    long fresh = end + (long) b * (SMALL_ROWS / 2);
                    String sel = "SELECT CASE WHEN number < " + SMALL_ROWS / 2 + " THEN number + " + existing
                            + " ELSE number - " + SMALL_ROWS / 2 + " + " + fresh + " END, number % 1000, number * 3, "
                            + "concat('b', number % 100) FROM numbers(\"number\" = \"" + SMALL_ROWS + "\")";
                    for (int j = 0; j < 2; j++) {
                        int i = (b + j) % 2;
                        small[i] += Timing.seconds(st[i], "INSERT INTO t " + sel);
                    }
                }
                long[] counts = {Timing.count(off, "SELECT count(*) FROM t"), Timing.count(on, "SELECT count(*) FROM t")};
                long onChanges = Timing.count(on, "SELECT count(*) FROM t@incr(\"incrementType\" = \"DETAIL\")");

                // 2. @incr against a full scan, in the "on" database. "ins": N inserts (N changes,
                // N rows); "mix": N/2 inserts then N/2 updates of those keys (N changes, 1.5 N
                // changelog rows: an update is an UPDATE_BEFORE and an UPDATE_AFTER).
                // Written in statements of at most LOAD_BATCH rows: see LOAD_BATCH.
                on.execute("DROP TABLE t");
                on.execute("CREATE TABLE ins " + COLUMNS + CHANGELOG);
                load(on, "ins", 0, rows, 0);
                on.execute("CREATE TABLE mix " + COLUMNS + CHANGELOG);
                load(on, "mix", 0, rows / 2, 0);
                load(on, "mix", 0, rows / 2, 1);
                long[] expected = {rows, rows / 2 + 2 * (rows / 2)};
                String[] tablesRead = {"ins", "mix"};
                for (int i = 0; i < 2; i++) {
                    long seen = Timing.count(on, "SELECT count(*) FROM " + tablesRead[i] + "@incr(\"incrementType\" = \"DETAIL\")");
                    if (seen != expected[i]) {
                        System.out.printf("WARNING: %s@incr DETAIL sees %,d changelog rows, expected %,d%n", tablesRead[i], seen,
                                expected[i]);
                    }
                }

                Map<String, String> queries = new LinkedHashMap<>();
                queries.put("full scan of ins (N rows)", "SELECT count(*), sum(v) FROM ins");
                for (String table : List.of("ins", "mix")) {
                    for (String mode : List.of("MIN_DELTA", "DETAIL", "APPEND_ONLY")) {
                        queries.put(table + "@incr " + mode, "SELECT count(*), sum(v) FROM " + table
                                + "@incr(\"incrementType\" = \"" + mode + "\")");
                    }
                }
                Map<String, double[]> times = new LinkedHashMap<>();
                Map<String, Long> resultRows = new LinkedHashMap<>();
                for (Map.Entry<String, String> q : queries.entrySet()) {
                    resultRows.put(q.getKey(), Timing.count(on, q.getValue())); // warm-up
                    times.put(q.getKey(), new double[RUNS]);
                }
                for (int r = 0; r < RUNS; r++) {
                    for (Map.Entry<String, String> q : queries.entrySet()) {
                        times.get(q.getKey())[r] = Timing.drain(on, q.getValue());
                    }
                }

                long smallRows = (long) SMALL_BATCHES * SMALL_ROWS;
                System.out.printf("rows N = %,d; after the writes t has %,d rows (off) / %,d rows (on), %,d changelog rows%n",
                        rows, counts[0], counts[1], onChanges);
                System.out.println();
                System.out.printf("%-34s %-22s %-22s %s%n", "UNIQUE KEY writes", "changelog off", "changelog on", "on/off time");
                row("load N rows, all new (median)", Timing.median(load[0]), Timing.median(load[1]), rows, "");
                row("upsert N rows, half exist (median)", Timing.median(upsert[0]), Timing.median(upsert[1]), rows, "  (target <= 2.00x)");
                row(String.format("%d x %,d rows, half exist", SMALL_BATCHES, SMALL_ROWS), small[0], small[1], smallRows,
                        "  (target <= 2.00x)");
                System.out.printf("  rounds, s: load off %s on %s; upsert off %s on %s%n", list(load[0]), list(load[1]),
                        list(upsert[0]), list(upsert[1]));
                System.out.println();
                double scan = Timing.median(times.get("full scan of ins (N rows)"));
                System.out.printf("%-34s %10s %10s %8s   (median of %d)%n", "reads: SELECT count(*), sum(v)", "rows out",
                        "ms", "vs scan", RUNS);
                for (Map.Entry<String, double[]> e : times.entrySet()) {
                    double ms = Timing.median(e.getValue());
                    String target = e.getKey().endsWith("@incr MIN_DELTA") ? "  (target <= 3.00x)" : "";
                    System.out.printf("%-34s %,10d %10.1f %7.2fx%s%n", e.getKey(), resultRows.get(e.getKey()), ms,
                            ms / scan, target);
                }
                System.out.println("ins: N inserts = N changes; mix: N/2 inserts + N/2 updates = N changes, 1.5 N changelog rows; "
                        + "both written " + LOAD_BATCH + " rows a statement");
            }
        }
    }

    private static Connection connect(MysqlServer server) throws Exception {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false");
    }

    /** {@link #gen} rows into {@code table}, in statements of at most {@link #LOAD_BATCH} rows. */
    private static void load(Statement st, String table, long offset, long n, int version) throws Exception {
        for (long done = 0; done < n; done += LOAD_BATCH) {
            long part = Math.min(LOAD_BATCH, n - done);
            st.execute("INSERT INTO " + table + " SELECT number + " + (offset + done) + ", number % 1000, number * "
                    + (version + 1) + ", concat('s" + version + "', number % 100) FROM numbers(\"number\" = \"" + part + "\")");
        }
    }

    /** Rows {@code id = offset .. offset + n - 1}; {@code version} changes the value columns. */
    private static String gen(long offset, long n, int version) {
        return "SELECT number + " + offset + ", number % 1000, number * " + (version + 1) + ", concat('s" + version
                + "', number % 100) FROM numbers(\"number\" = \"" + n + "\")";
    }

    private static void row(String label, double offSec, double onSec, long n, String target) {
        System.out.printf("%-34s %6.2f s %,10.0f/s  %6.2f s %,10.0f/s  %6.2fx%s%n", label, offSec, n / offSec, onSec,
                n / onSec, onSec / offSec, target);
    }


    private static String list(double[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (double x : v) {
            sb.append(sb.length() > 1 ? " " : "").append(String.format("%.2f", x));
        }
        return sb.append("]").toString();
    }
}
