package io.cairndb.bench;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Synchronous MVs (rollups), in-process on a file-backed database, on DUPLICATE KEY tables
 * {@code (id BIGINT, g INT, region VARCHAR(8), user_id INT, v BIGINT)} of N rows:
 * <ol>
 * <li>ingest: N rows loaded in 10 INSERT .. SELECT batches into a table without rollups, one with
 * one rollup ({@code g, sum(v), count(v)}: 1,000 groups) and one with three (also {@code region, g,
 * max(v), min(v)} and {@code region, bitmap_union(to_bitmap(user_id))}); the load times and their
 * ratios to the table without (target ≤ 1.5x with one);</li>
 * <li>{@code SELECT g, sum(v), count(v) .. GROUP BY g} answered from the rollup against the same
 * query with rewrite off, medians of 5 alternating rounds (each the mean of 50 consecutive runs with the rollup, 5 without) after 300 runs with the rollup and one
 * without (target ≥ 20x);</li>
 * <li>{@code SELECT region, count(DISTINCT user_id) .. GROUP BY region} answered from the bitmap
 * rollup against the base.</li>
 * </ol>
 * (4) a rollup built over the table without rollups while another session inserts single rows: the
 * build's time against the slowest INSERT meanwhile. Each query's rows are checked equal both ways,
 * and EXPLAIN must name the rollup.
 *   bench/run.sh RollupBench [rows, default 10,000,000]
 */
public final class RollupBench {
    private static final int BATCHES = 10;
    private static final int ROUNDS = 5;
    private static final int JIT_WARMUP_RUNS = 300;
    /** Runs timed together in a round: a query that takes a millisecond is timed over more of them. */
    private static final int ROLLUP_RUNS_PER_ROUND = 50;
    private static final int TABLE_RUNS_PER_ROUND = 5;
    private static final String NO_REWRITE = "SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ ";

    private RollupBench() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Path dir = Files.createTempDirectory("cairn-rollup-bench");
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "bench")) {
            run(s, "CREATE DATABASE bench");
            run(s, "USE bench");
            // A first load warms the JIT and DuckDB up, so that the measured ones start alike.
            load(s, "warm", rows / 10, List.of("CREATE MATERIALIZED VIEW warm_g AS SELECT g AS wg_, sum(v) FROM warm GROUP BY g"));
            double none = load(s, "t0", rows, List.of());
            double one = load(s, "t1", rows, List.of("CREATE MATERIALIZED VIEW by_g AS SELECT g AS g_, sum(v), count(v) FROM t1 GROUP BY g"));
            double three = load(s, "t3", rows, List.of(
                    "CREATE MATERIALIZED VIEW by_g3 AS SELECT g AS g_3, sum(v), count(v) FROM t3 GROUP BY g",
                    "CREATE MATERIALIZED VIEW by_rg AS SELECT region AS r_, g AS rg_, max(v), min(v) FROM t3 GROUP BY region, g",
                    "CREATE MATERIALIZED VIEW uv AS SELECT region AS uv_region, bitmap_union(to_bitmap(user_id)) FROM t3 GROUP BY region"));
            System.out.printf("ingest of %,d rows in %d batches: no rollup %.2f s, one rollup %.2f s (%.2fx), three rollups %.2f s (%.2fx)%n",
                    rows, BATCHES, none, one, one / none, three, three / none);
            compare(s, "GROUP BY g from the rollup", "SELECT g, sum(v), count(v) FROM t1 GROUP BY g", "internal.bench.t1.by_g chose,");
            compare(s, "count(DISTINCT user_id) from the bitmap rollup", "SELECT region, count(DISTINCT user_id) FROM t3 GROUP BY region",
                    "internal.bench.t3.uv chose,");
            writesDuringBuild(db, s, rows);
        }
    }

    /**
     * (4) A rollup built over the N rows of {@code t0} while another session inserts single rows: the
     * build's time against the slowest INSERT meanwhile, and the rows inserted, which the rollup must hold.
     */
    private static void writesDuringBuild(Database db, SqlSession s, long rows) throws Exception {
        Thread builder = new Thread(() -> run(s, "CREATE MATERIALIZED VIEW t0_by_g AS SELECT g AS g0_, sum(v), count(*) FROM t0 GROUP BY g"));
        long t0 = System.nanoTime();
        builder.start();
        double slowest = 0;
        int inserts = 0;
        try (SqlSession writer = db.open(2, "root", "bench", "writer")) {
            while (builder.isAlive()) {
                long w0 = System.nanoTime();
                run(writer, "INSERT INTO t0 VALUES (" + (rows + inserts) + ", 7, 'r1', 1, 1)");
                slowest = Math.max(slowest, (System.nanoTime() - w0) / 1e6);
                inserts++;
            }
        }
        builder.join();
        double build = (System.nanoTime() - t0) / 1e6;
        String query = "SELECT g, sum(v), count(*) FROM t0 GROUP BY g";
        List<String> explain = rows(s, "EXPLAIN " + query);
        if (!explain.contains("  internal.bench.t0.t0_by_g chose,")
                || !sorted(rows(s, query)).equals(sorted(rows(s, NO_REWRITE + query.substring("SELECT ".length()))))) {
            throw new IllegalStateException("the rollup built during writes does not answer with the table's rows");
        }
        System.out.printf("rollup built over %,d rows in %.0f ms while %d single-row INSERTs ran, the slowest %.1f ms%n",
                rows, build, inserts, slowest);
    }

    /** Creates a table with the rollups (built over no rows) and loads it; the load's seconds. */
    private static double load(SqlSession s, String table, long rows, List<String> rollups) {
        run(s, "CREATE TABLE " + table + " (id BIGINT, g INT, region VARCHAR(8), user_id INT, v BIGINT) DUPLICATE KEY(id) "
                + "DISTRIBUTED BY HASH(id) BUCKETS 1");
        rollups.forEach(r -> run(s, r));
        long per = rows / BATCHES;
        long t0 = System.nanoTime();
        for (int b = 0; b < BATCHES; b++) {
            run(s, "INSERT INTO " + table + " SELECT number + " + b * per + ", number % 1000, concat('r', CAST(number % 8 AS STRING)), "
                    + "CAST((number * 7919) % 2000000 AS INT), number % 100 FROM numbers(\"number\" = \"" + per + "\")");
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    private static void compare(SqlSession s, String what, String query, String chosen) {
        List<String> explain = rows(s, "EXPLAIN " + query);
        if (!explain.contains("  " + chosen)) {
            throw new IllegalStateException(what + ": the rollup does not answer:\n" + String.join("\n", explain));
        }
        String base = NO_REWRITE + query.substring("SELECT ".length());
        List<String> a = sorted(rows(s, query));
        List<String> b = sorted(rows(s, base));
        if (!a.equals(b)) {
            throw new IllegalStateException(what + ": rows differ with and without the rollup");
        }
        // As in a running server, whose JIT has compiled the rewrite path.
        for (int i = 0; i < JIT_WARMUP_RUNS; i++) {
            rows(s, query);
        }
        rows(s, base);
        double[] withRollup = new double[ROUNDS];
        double[] without = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            if (r % 2 == 0) {
                withRollup[r] = millis(s, query, ROLLUP_RUNS_PER_ROUND);
                without[r] = millis(s, base, TABLE_RUNS_PER_ROUND);
            } else {
                without[r] = millis(s, base, TABLE_RUNS_PER_ROUND);
                withRollup[r] = millis(s, query, ROLLUP_RUNS_PER_ROUND);
            }
        }
        double m1 = Timing.median(withRollup);
        double m0 = Timing.median(without);
        System.out.printf("%s: %.2f ms, from the table %.2f ms: %.1fx (%d rows)%n", what, m1, m0, m0 / m1, a.size());
    }

    /** The mean milliseconds of {@code runs} consecutive runs of a query. */
    private static double millis(SqlSession s, String sql, int runs) {
        long t0 = System.nanoTime();
        for (int i = 0; i < runs; i++) {
            rows(s, sql);
        }
        return (System.nanoTime() - t0) / 1e6 / runs;
    }

    private static void run(SqlSession s, String sql) {
        for (StatementResult r : s.execute(sql)) {
            if (r instanceof RowResult rows) {
                rows.close();
            }
        }
    }

    private static List<String> rows(SqlSession s, String sql) {
        List<StatementResult> results = s.execute(sql);
        List<String> out = new ArrayList<>();
        try (RowResult rows = (RowResult) results.get(results.size() - 1)) {
            while (rows.next()) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < rows.columns().size(); i++) {
                    line.append(i == 0 ? "" : "|").append(rows.value(i));
                }
                out.add(line.toString());
            }
        }
        return out;
    }

    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>(rows);
        out.sort(null);
        return out;
    }
}
