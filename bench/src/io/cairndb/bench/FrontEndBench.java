package io.cairndb.bench;

import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.Txn;
import io.cairndb.plan.PlanNode;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import io.cairndb.sql.ParsedStatement;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.Statement;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;

/**
 * The front end of a query, without executing it: parse alone, parse + bind into a logical plan, and
 * parse + bind + print as DuckDB SQL (the whole translation a SELECT goes through before DuckDB sees
 * it), per statement, for a set of typical queries over empty tables of an embedded database. The
 * three stages are timed in the same loop, their order rotating, after a warm-up; prints median and
 * p90 microseconds.
 *   bench/run.sh FrontEndBench [measuring seconds per query, default 5]
 */
public final class FrontEndBench {
    private static final int WARMUP_ITERATIONS = 3_000;
    private static final long WARMUP_MAX_NANOS = 3_000_000_000L;
    private static final int MIN_ITERATIONS = 1_000;
    private static final int MAX_ITERATIONS = 30_000;
    private static final int JOIN_TABLES = 20;
    private static final int WIDE_COLUMNS = 200;
    /** The keys an UPDATE / DELETE of an IvmBench batch names. */
    private static final int IN_LIST_KEYS = 300;

    /** Keeps the JIT from dropping work whose result is unused. */
    private static volatile long sink;

    private FrontEndBench() {
    }

    private record Case(String name, String sql, double targetMicros) {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        List<Case> queries = queries();
        Path dir = Files.createTempDirectory("cairn-frontend-bench");
        try (Database db = Database.open(dir.resolve("db")); SqlSession s = db.open(1, "root", null, "bench")) {
            createTables(s);
            try (Connection c = db.connect()) {
                // The record the server builds per statement (Session.executeWithin), through the public
                // Database.context that background tasks use: the catalog, the writer locks, the FE config,
                // and a session state whose current database is bench instead of a client session.
                StatementContext ctx = db.context(new Txn(c), "bench");
                System.out.printf("front end per statement (no execution), microseconds; warm-up %,d iterations "
                        + "(at most %.0f s) and about %.0f s measured per query, the three stages interleaved%n",
                        WARMUP_ITERATIONS, WARMUP_MAX_NANOS / 1e9, seconds);
                System.out.printf("%-30s %8s %17s %17s %17s %9s%n", "", "",
                        "parse", "parse+bind", "parse+bind+print", "");
                System.out.printf("%-30s %8s %8s %8s %8s %8s %8s %8s %9s%n", "query", "iters",
                        "median", "p90", "median", "p90", "median", "p90", "target");
                for (Case q : queries) {
                    // Not timed: DuckDB must accept what the front end prints (prepared, never run).
                    c.prepareStatement(ctx.translator().translate(parse(q.sql()))).close();
                    long[][] nanos = measure(ctx, q.sql(), seconds);
                    double fullMedian = percentile(nanos[2], 0.5);
                    System.out.printf("%-30s %8d %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %7.0f %s%n", q.name(),
                            nanos[0].length,
                            percentile(nanos[0], 0.5), percentile(nanos[0], 0.9),
                            percentile(nanos[1], 0.5), percentile(nanos[1], 0.9),
                            fullMedian, percentile(nanos[2], 0.9),
                            q.targetMicros(), fullMedian <= q.targetMicros() ? "ok" : "OVER");
                }
                System.out.println("targets: <= 200 us for a simple SELECT, <= 2,000 us for the large ones (median of parse+bind+print)");
            }
        }
    }

    private static List<Case> queries() {
        List<Case> q = new ArrayList<>();
        q.add(new Case("SELECT 1", "SELECT 1", 200));
        q.add(new Case("simple SELECT + WHERE", "SELECT a, b FROM t WHERE a = 1", 200));
        q.add(new Case("GROUP BY + HAVING/ORDER/LIMIT",
                "SELECT g, count(*) AS n, sum(v) AS total, avg(v) AS mean, max(s) AS top, count(DISTINCT id) AS ids "
                        + "FROM facts WHERE v > 0 GROUP BY g HAVING count(*) > 10 ORDER BY total DESC, g LIMIT 100", 2000));
        q.add(new Case("3-table join + GROUP BY",
                "SELECT d.label, r.name, count(*) AS n, sum(f.v) AS total FROM facts f "
                        + "JOIN dim d ON f.g = d.g JOIN region r ON d.rid = r.rid "
                        + "WHERE f.v > 10 AND r.name <> 'none' GROUP BY d.label, r.name ORDER BY total DESC", 2000));
        q.add(new Case("correlated EXISTS + CTE x2",
                "WITH per_group AS (SELECT g, sum(v) AS total FROM facts GROUP BY g) "
                        + "SELECT d.label, p.total FROM dim d JOIN per_group p ON d.g = p.g "
                        + "WHERE EXISTS (SELECT 1 FROM facts f WHERE f.g = d.g AND f.v > 100) "
                        + "AND p.total > (SELECT avg(total) FROM per_group) ORDER BY p.total DESC", 2000));
        q.add(new Case("window functions",
                "SELECT id, g, v, row_number() OVER (PARTITION BY g ORDER BY v DESC) AS rn, "
                        + "sum(v) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS running, "
                        + "lag(v, 1) OVER (ORDER BY id) AS prev, rank() OVER (ORDER BY v) AS rk "
                        + "FROM facts WHERE g < 10", 2000));
        StringBuilder join = new StringBuilder("SELECT t1.id");
        for (int i = 1; i <= JOIN_TABLES; i++) {
            join.append(", t").append(i).append(".v AS v").append(i);
        }
        join.append(" FROM t1");
        for (int i = 2; i <= JOIN_TABLES; i++) {
            join.append(" JOIN t").append(i).append(" ON t").append(i).append(".id = t").append(i - 1).append(".id");
        }
        join.append(" WHERE t1.v > 0");
        q.add(new Case(JOIN_TABLES + "-table join", join.toString(), 2000));
        StringJoiner wide = new StringJoiner(", ", "SELECT ", " FROM wide");
        for (int i = 1; i <= WIDE_COLUMNS; i++) {
            wide.add("c" + i + " + 1 AS x" + i);
        }
        q.add(new Case(WIDE_COLUMNS + "-column SELECT", wide.toString(), 2000));
        StringJoiner keys = new StringJoiner(", ", "SELECT id, g, v FROM facts WHERE id IN (", ")");
        for (int i = 0; i < IN_LIST_KEYS; i++) {
            keys.add(Long.toString(1_000_003L * i % 10_000_000L));
        }
        q.add(new Case("IN list of " + IN_LIST_KEYS + " keys", keys.toString(), 2000));
        return q;
    }

    /** Empty tables: nothing is executed, only names and types matter. */
    private static void createTables(SqlSession s) {
        String tail = " DISTRIBUTED BY HASH(%s) BUCKETS 1";
        s.execute("CREATE DATABASE bench");
        s.execute("USE bench");
        s.execute("CREATE TABLE t (a INT, b VARCHAR(32), c DOUBLE) DUPLICATE KEY(a)" + tail.formatted("a"));
        s.execute("CREATE TABLE facts (id BIGINT, g INT, v DOUBLE, s VARCHAR(16)) DUPLICATE KEY(id)" + tail.formatted("id"));
        s.execute("CREATE TABLE dim (g INT NOT NULL, label VARCHAR(16), rid INT) UNIQUE KEY(g)" + tail.formatted("g"));
        s.execute("CREATE TABLE region (rid INT NOT NULL, name VARCHAR(32)) UNIQUE KEY(rid)" + tail.formatted("rid"));
        for (int i = 1; i <= JOIN_TABLES; i++) {
            s.execute("CREATE TABLE t" + i + " (id BIGINT, v INT) DUPLICATE KEY(id)" + tail.formatted("id"));
        }
        StringJoiner cols = new StringJoiner(", ", "CREATE TABLE wide (", ") DUPLICATE KEY(c1)" + tail.formatted("c1"));
        for (int i = 1; i <= WIDE_COLUMNS; i++) {
            cols.add("c" + i + " INT");
        }
        s.execute(cols.toString());
    }

    /** The query of a statement, parsed as the server parses what a client sends. */
    private static Query parse(String sql) {
        List<ParsedStatement> statements = SqlParser.parse(sql);
        return ((Statement.QueryStatement) statements.get(0).statement()).query();
    }

    private static long stage(StatementContext ctx, String sql, int stage) {
        long t0 = System.nanoTime();
        Query q = parse(sql);
        long r;
        if (stage == 0) {
            r = System.identityHashCode(q);
        } else if (stage == 1) {
            PlanNode plan = QueryBinder.bind(ctx, q).plan();
            r = System.identityHashCode(plan);
        } else {
            r = ctx.translator().translate(q).length();
        }
        long elapsed = System.nanoTime() - t0;
        sink += r;
        return elapsed;
    }

    /**
     * Nanoseconds of each stage (parse, parse+bind, parse+bind+print) per measured iteration: as many
     * iterations as fit in {@code seconds}, at least MIN_ITERATIONS and at most MAX_ITERATIONS.
     */
    private static long[][] measure(StatementContext ctx, String sql, double seconds) {
        long warmEnd = System.nanoTime() + WARMUP_MAX_NANOS;
        for (int i = 0; i < WARMUP_ITERATIONS && System.nanoTime() < warmEnd; i++) {
            for (int stage = 0; stage < 3; stage++) {
                stage(ctx, sql, stage);
            }
        }
        long[][] nanos = new long[3][MAX_ITERATIONS];
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        int n = 0;
        while (n < MAX_ITERATIONS && (n < MIN_ITERATIONS || System.nanoTime() < deadline)) {
            for (int k = 0; k < 3; k++) {
                int stage = (n + k) % 3;
                nanos[stage][n] = stage(ctx, sql, stage);
            }
            n++;
        }
        return new long[][]{Arrays.copyOf(nanos[0], n), Arrays.copyOf(nanos[1], n), Arrays.copyOf(nanos[2], n)};
    }

    /** The p-quantile of the samples, in microseconds. */
    private static double percentile(long[] nanos, double p) {
        long[] c = nanos.clone();
        Arrays.sort(c);
        return c[(int) Math.round(p * (c.length - 1))] / 1e3;
    }
}
