package io.cairndb.bench;

import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;

/**
 * Stream consumption through CairnDB's MySQL server, all figures from one run: a UNIQUE KEY table with
 * the changelog on and 100 daily partitions; per round, {@code rows} rows are upserted into one
 * partition, then consumed by {@code INSERT INTO sink SELECT .. FROM stream}. Side by side: the same
 * rows inserted into a second sink from a plain table (the floor: the INSERT without any stream
 * bookkeeping), and a consumption when nothing changed (the fixed cost). Every round checks the sink
 * got exactly the round's changes. Before the rounds the table gets a history of changes, consumed
 * once, so that a consumption's cost can be seen not to grow with the history behind it.
 * Usage: StreamBench [rows per round] [history rows] (defaults 1,000 and 2,000,000).
 */
public final class StreamBench {
    private static final int PARTITIONS = 100;
    private static final int WARMUP = 10;
    private static final int RUNS = 21;
    private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        long history = args.length > 1 ? Long.parseLong(args[1]) : 2_000_000L;
        Path dir = Files.createTempDirectory("cairn-bench");
        try (Database db = Database.open(dir.resolve("stream")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false";
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE bench");
                st.execute("USE bench");
                st.execute("CREATE TABLE t (dt DATE NOT NULL, k BIGINT NOT NULL, v BIGINT) UNIQUE KEY(dt, k) "
                        + "PARTITION BY RANGE(dt) (FROM ('" + FIRST_DAY + "') TO ('" + FIRST_DAY.plusDays(PARTITIONS)
                        + "') INTERVAL 1 DAY) DISTRIBUTED BY HASH(k) BUCKETS 16 PROPERTIES (\"changelog.enable\" = \"true\", "
                        + "\"changelog.need_historical_value\" = \"true\")");
                st.execute("CREATE STREAM s ON TABLE t PROPERTIES (\"type\" = \"detail\")");
                st.execute("CREATE TABLE staged (dt DATE NOT NULL, k BIGINT NOT NULL, v BIGINT) DUPLICATE KEY(dt) "
                        + "DISTRIBUTED BY HASH(k) BUCKETS 16");
                for (String sink : new String[] {"sink_stream", "sink_plain"}) {
                    st.execute("CREATE TABLE " + sink + " (dt DATE NOT NULL, k BIGINT NOT NULL, v BIGINT) DUPLICATE KEY(dt) "
                            + "DISTRIBUTED BY HASH(k) BUCKETS 16");
                }
                // Keys from 10^9 on: the rounds' keys (0 .. rows) stay theirs.
                st.execute("INSERT INTO t SELECT date_add('" + FIRST_DAY + "', INTERVAL CAST(number % " + PARTITIONS
                        + " AS INT) DAY), 1000000000 + number, 0 FROM numbers(\"number\" = \"" + history + "\")");
                st.execute("INSERT INTO sink_stream SELECT dt, k, v FROM s");
                long consumed = Timing.count(st, "SELECT count(*) FROM sink_stream");
                if (consumed != history) {
                    throw new IllegalStateException("the history consumed " + consumed + " rows, expected " + history);
                }
                double[] consume = new double[RUNS];
                double[] plain = new double[RUNS];
                double[] idle = new double[RUNS];
                for (int round = 0; round < WARMUP + RUNS; round++) {
                    String day = FIRST_DAY.plusDays(round % PARTITIONS).toString();
                    st.execute("TRUNCATE TABLE staged");
                    st.execute("INSERT INTO staged SELECT '" + day + "', number, " + round + " FROM numbers(\"number\" = \""
                            + rows + "\")");
                    st.execute("INSERT INTO t SELECT * FROM staged");
                    double c0 = Timing.time(st, "INSERT INTO sink_stream SELECT dt, k, v FROM s");
                    double p0 = Timing.time(st, "INSERT INTO sink_plain SELECT dt, k, v FROM staged");
                    double i0 = Timing.time(st, "INSERT INTO sink_stream SELECT dt, k, v FROM s");
                    consumed += changes(round, rows);
                    long got = Timing.count(st, "SELECT count(*) FROM sink_stream");
                    if (got != consumed) {
                        throw new IllegalStateException("round " + round + ": the sink holds " + got + " rows, expected " + consumed);
                    }
                    if (round >= WARMUP) {
                        consume[round - WARMUP] = c0;
                        plain[round - WARMUP] = p0;
                        idle[round - WARMUP] = i0;
                    }
                }
                double mc = Timing.median(consume);
                double mp = Timing.median(plain);
                double mi = Timing.median(idle);
                System.out.printf("stream consumption, %d rows into one of %d partitions after a history of %d changes, "
                        + "medians of %d:%n", rows, PARTITIONS, history, RUNS);
                System.out.printf("  consume from stream   %8.2f ms%n", mc);
                System.out.printf("  same rows, plain table %7.2f ms   (consume / plain = %.2fx)%n", mp, mc / mp);
                System.out.printf("  consume, nothing new  %8.2f ms%n", mi);
            }
        }
    }

    /** The change rows of a round: the first pass over a partition inserts, later passes update (before + after). */
    private static long changes(int round, int rows) {
        return round < PARTITIONS ? rows : 2L * rows;
    }

}
