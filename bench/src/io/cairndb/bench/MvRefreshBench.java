package io.cairndb.bench;

import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Asynchronous materialized view refresh benchmark, all figures from one run, through CairnDB's
 * MySQL server: the time of {@code REFRESH MATERIALIZED VIEW mv AUTO WITH SYNC MODE} after one base
 * partition changed against {@code REFRESH ... COMPLETE WITH SYNC MODE} of the same MV, over a
 * DUPLICATE table with 100 daily partitions. After every AUTO refresh the MV is checked against its
 * defining query recomputed, and the task must have rebuilt exactly the changed partition; the
 * benchmark fails otherwise. Usage: MvRefreshBench [rows] (default 10,000,000).
 */
public final class MvRefreshBench {
    private static final int RUNS = 7;
    /** Rounds run first and not counted, so that the JIT has compiled the refresh path, as in a running server. */
    private static final int WARMUP = 5;
    private static final int PARTITIONS = 100;
    private static final int CHANGED_ROWS = 5_000;
    private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);

    private static final String MV_QUERY = "SELECT dt, k % 1000 AS g, count(*) AS c, sum(v) AS s FROM t GROUP BY dt, k % 1000";

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        long perDay = rows / PARTITIONS;
        Path dir = Files.createTempDirectory("cairn-bench");
        try (Database db = Database.open(dir.resolve("mv")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false";
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE bench");
                st.execute("USE bench");
                st.execute("CREATE TABLE t (dt DATE NOT NULL, k BIGINT NOT NULL, v BIGINT NOT NULL) DUPLICATE KEY(dt) "
                        + "PARTITION BY RANGE(dt) (FROM ('" + FIRST_DAY + "') TO ('" + FIRST_DAY.plusDays(PARTITIONS)
                        + "') INTERVAL 1 DAY) DISTRIBUTED BY HASH(k) BUCKETS 16");
                // Ordered by date, as a daily load would write them: each partition's rows are
                // contiguous, so DuckDB's zonemaps can skip the others when one partition is read.
                long t0 = System.nanoTime();
                st.execute("INSERT INTO t SELECT date_add('" + FIRST_DAY + "', INTERVAL CAST(floor(number / " + perDay
                        + ") AS INT) DAY), number, number % 997 FROM numbers(\"number\" = \"" + perDay * PARTITIONS + "\")");
                double loadSec = (System.nanoTime() - t0) / 1e9;
                long loaded = Timing.count(st, "SELECT count(*) FROM t");
                long days = Timing.count(st, "SELECT count(DISTINCT dt) FROM t");
                if (loaded != perDay * PARTITIONS || days != PARTITIONS) {
                    throw new IllegalStateException("load wrote " + loaded + " rows over " + days + " days, expected "
                            + perDay * PARTITIONS + " over " + PARTITIONS);
                }

                t0 = System.nanoTime();
                st.execute("CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH AUTO ON MANUAL PARTITION BY (dt) "
                        + "DISTRIBUTED BY RANDOM BUCKETS AUTO AS " + MV_QUERY);
                // Waits for the build task started by BUILD IMMEDIATE (then finds nothing to do).
                st.execute("REFRESH MATERIALIZED VIEW mv AUTO WITH SYNC MODE");
                double buildSec = (System.nanoTime() - t0) / 1e9;
                verify(st, "after the initial build");

                // WARMUP rounds, then RUNS rounds. Each round changes a different partition,
                // refreshes AUTO (which must rebuild just that one), checks the MV, then refreshes
                // COMPLETE. The day changed moves around the table from round to round.
                double[][] auto = new double[2][RUNS];
                double[][] complete = new double[2][RUNS];
                List<String> taskRows = new ArrayList<>();
                for (int r = -WARMUP; r < RUNS; r++) {
                    LocalDate day = FIRST_DAY.plusDays((37L * (r + WARMUP) + 11) % PARTITIONS);
                    st.execute("INSERT INTO t SELECT '" + day + "', number + " + (rows + (r + WARMUP) * (long) CHANGED_ROWS)
                            + ", number % 13 FROM numbers(\"number\" = \"" + CHANGED_ROWS + "\")");
                    double[] a = refresh(st, "AUTO");
                    String task = tasks(st).get(0);
                    String expected = "p_" + day.toString().replace("-", "") + "_" + day.plusDays(1).toString().replace("-", "");
                    if (!task.startsWith("PARTIAL | [\"" + expected + "\"] |")) {
                        throw new IllegalStateException("AUTO after changing " + day + " should rebuild only " + expected
                                + ", the task says: " + task);
                    }
                    if (r == RUNS - 1) {
                        taskRows = tasks(st);
                    }
                    verify(st, "after the AUTO refresh of " + day);
                    double[] f = refresh(st, "COMPLETE");
                    if (r >= 0) {
                        for (int i = 0; i < 2; i++) {
                            auto[i][r] = a[i];
                            complete[i][r] = f[i];
                        }
                    }
                }
                verify(st, "after the last COMPLETE refresh");
                // The floor of any refresh: an AUTO that finds every partition in sync still reads
                // and rewrites the MV's metadata and records a task.
                double[][] noop = new double[2][RUNS];
                for (int r = 0; r < RUNS; r++) {
                    double[] n = refresh(st, "AUTO");
                    noop[0][r] = n[0];
                    noop[1][r] = n[1];
                }
                String last = tasks(st).get(0);
                if (!last.startsWith("NOT_REFRESH |")) {
                    throw new IllegalStateException("AUTO with nothing changed should refresh nothing, the task says: " + last);
                }

                double am = Timing.median(auto[0]);
                double cm = Timing.median(complete[0]);
                System.out.printf("rows %,d in %d daily partitions (%,d a partition), loaded in %.2f s; MV built in %.2f s, %,d rows%n",
                        perDay * PARTITIONS, PARTITIONS, perDay, loadSec, buildSec, Timing.count(st, "SELECT count(*) FROM mv"));
                System.out.printf("each round: INSERT %,d rows into one partition, REFRESH AUTO, check, REFRESH COMPLETE; "
                        + "medians of %d rounds after %d warm-up rounds%n", CHANGED_ROWS, RUNS, WARMUP);
                System.out.printf("%-32s %10s %10s   %s%n", "WITH SYNC MODE", "client ms", "task ms", "rounds, client ms");
                line("REFRESH AUTO (1 partition)", auto);
                line("REFRESH COMPLETE (100 partitions)", complete);
                line("REFRESH AUTO, nothing changed", noop);
                System.out.printf("COMPLETE / AUTO                  %9.1fx %9.1fx   (target >= 20x)%n", cm / am,
                        Timing.median(complete[1]) / Timing.median(auto[1]));
                System.out.println("task ms: DurationMs in tasks(), from the task's start until before it records itself and commits");
                System.out.println("correctness: the MV equals its defining query after the build and after every refresh; "
                        + "each AUTO rebuilt only the changed partition");
                System.out.println("tasks('type'='mv') after the last AUTO: RefreshMode | NeedRefreshPartitions | DurationMs");
                taskRows.forEach(row -> System.out.println("  " + row));
            }
        }
        double[] floor = duckDbFloor(dir.resolve("floor.duckdb"), perDay);
        System.out.printf("DuckDB alone, same data and rounds, only DELETE + INSERT + COMMIT (no metadata, no task, no protocol):%n"
                + "  one partition %.1f ms, all partitions %.1f ms = %.1fx%n", floor[0], floor[1], floor[1] / floor[0]);
    }

    /**
     * The floor under any refresh: the same table, MV and rounds on DuckDB over JDBC, each refresh only
     * the DELETE and INSERT .. SELECT of its rows and the commit. Returns the medians of the one
     * partition and of the whole MV.
     */
    private static double[] duckDbFloor(Path file, long perDay) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (dt DATE NOT NULL, k BIGINT NOT NULL, v BIGINT NOT NULL)");
            st.execute("INSERT INTO t SELECT DATE '" + FIRST_DAY + "' + CAST(i // " + perDay + " AS INTEGER), i, i % 997 FROM range("
                    + perDay * PARTITIONS + ") r(i)");
            st.execute("CREATE TABLE mv AS " + MV_QUERY);
            c.setAutoCommit(false);
            double[] one = new double[RUNS];
            double[] all = new double[RUNS];
            for (int r = -WARMUP; r < RUNS; r++) {
                LocalDate day = FIRST_DAY.plusDays((37L * (r + WARMUP) + 11) % PARTITIONS);
                st.execute("INSERT INTO t SELECT DATE '" + day + "', " + perDay * PARTITIONS + " + " + (r + WARMUP) * (long) CHANGED_ROWS
                        + " + i, i % 13 FROM range(" + CHANGED_ROWS + ") r(i)");
                c.commit();
                String inDay = "dt >= DATE '" + day + "' AND dt < DATE '" + day.plusDays(1) + "'";
                long t0 = System.nanoTime();
                st.execute("DELETE FROM mv WHERE " + inDay);
                st.execute("INSERT INTO mv SELECT dt, k % 1000, count(*), sum(v) FROM t WHERE " + inDay + " GROUP BY dt, k % 1000");
                c.commit();
                long t1 = System.nanoTime();
                st.execute("DELETE FROM mv");
                st.execute("INSERT INTO mv " + MV_QUERY);
                c.commit();
                long t2 = System.nanoTime();
                if (r >= 0) {
                    one[r] = (t1 - t0) / 1e6;
                    all[r] = (t2 - t1) / 1e6;
                }
            }
            return new double[]{Timing.median(one), Timing.median(all)};
        }
    }

    /** Client milliseconds of a synchronous refresh, and the DurationMs the task recorded. */
    private static double[] refresh(Statement st, String mode) throws Exception {
        double ms = Timing.time(st, "REFRESH MATERIALIZED VIEW mv " + mode + " WITH SYNC MODE");
        return new double[]{ms, Timing.count(st, "SELECT DurationMs FROM tasks('type'='mv') ORDER BY TaskId DESC LIMIT 1")};
    }

    private static void line(String label, double[][] runs) {
        System.out.printf("%-32s %10.1f %10.1f   %s%n", label, Timing.median(runs[0]), Timing.median(runs[1]), list(runs[0]));
    }

    /**
     * Fails unless the MV holds exactly the rows of its defining query: same row count, same totals,
     * and no row of one missing from the other.
     */
    private static void verify(Statement st, String when) throws Exception {
        String totals = Timing.NO_REWRITE + "count(*), sum(c), sum(s), sum(g), count(DISTINCT dt) FROM ";
        String mv = row(st, totals + "mv");
        String query = row(st, totals + "(" + MV_QUERY + ") q");
        long missing = Timing.count(st, Timing.NO_REWRITE + "count(*) FROM (" + MV_QUERY + " EXCEPT SELECT dt, g, c, s FROM mv) d");
        long extra = Timing.count(st, Timing.NO_REWRITE + "count(*) FROM (SELECT dt, g, c, s FROM mv EXCEPT " + MV_QUERY + ") d");
        if (!mv.equals(query) || missing != 0 || extra != 0) {
            throw new IllegalStateException("MV differs from its query " + when + ": mv " + mv + ", query " + query + ", "
                    + missing + " query rows missing from the MV, " + extra + " MV rows not in the query");
        }
    }

    private static List<String> tasks(Statement st) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT RefreshMode, NeedRefreshPartitions, DurationMs FROM tasks('type'='mv') "
                + "ORDER BY TaskId DESC LIMIT 3")) {
            while (rs.next()) {
                out.add(rs.getString(1) + " | " + abbreviate(rs.getString(2)) + " | " + rs.getString(3));
            }
        }
        return out;
    }

    /** A list of all 100 partitions (COMPLETE) is shown by its count, first and last. */
    private static String abbreviate(String partitions) {
        String[] names = partitions.replaceAll("[\\[\\]]", "").split(",");
        if (names.length <= 3) {
            return partitions;
        }
        return "[" + names[0] + ", ... " + (names.length - 2) + " more ..., " + names[names.length - 1] + "]";
    }


    private static String row(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            StringBuilder sb = new StringBuilder("(");
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                sb.append(i > 1 ? ", " : "").append(rs.getString(i));
            }
            return sb.append(")").toString();
        }
    }

    private static String list(double[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (double x : v) {
            sb.append(sb.length() > 1 ? " " : "").append(String.format("%.0f", x));
        }
        return sb.append("]").toString();
    }
}
