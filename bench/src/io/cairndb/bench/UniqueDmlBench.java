package io.cairndb.bench;

import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Small writes to a large UNIQUE KEY table, through CairnDB's MySQL server: the three statements of
 * IvmBench's batch alone (INSERT of 600 new rows from numbers(), UPDATE of 300 keys by
 * {@code id IN (..)}, DELETE of 100 keys by {@code id IN (..)}), on two tables of {@code rows} rows
 * in one database, {@code logged} (binlog with before images) and {@code plain} (no changelog),
 * statements interleaved between the two. A few warm-up rounds, then per-statement medians.
 * Usage: UniqueDmlBench [rows, default 10,000,000] [rounds, default 30].
 */
public final class UniqueDmlBench {
    private static final String LOGGED = "PROPERTIES ('enable_unique_key_merge_on_write' = 'true', 'binlog.enable' = 'true', "
            + "'binlog.need_historical_value' = 'true')";
    private static final String PLAIN = "PROPERTIES ('enable_unique_key_merge_on_write' = 'true')";
    private static final String[] TABLES = {"logged", "plain"};
    private static final String[] STATEMENTS = {"INSERT 600", "UPDATE 300", "DELETE 100"};
    private static final int WARM_UP = 5;

    private UniqueDmlBench() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        Path dir = Files.createTempDirectory("cairn-unique-dml-bench");
        try (Database db = Database.open(dir.resolve("dml")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false";
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE bench");
                st.execute("USE bench");
                for (String table : TABLES) {
                    st.execute("CREATE TABLE " + table + " (id BIGINT NOT NULL, g INT NOT NULL, v BIGINT) UNIQUE KEY(id) "
                            + "DISTRIBUTED BY HASH(id) BUCKETS 16 " + (table.equals("logged") ? LOGGED : PLAIN));
                    double s = Timing.seconds(st, "INSERT INTO " + table + " SELECT number, number % 1000, number % 9973 "
                            + "FROM numbers(\"number\" = \"" + rows + "\")");
                    System.out.printf("%s: loaded %,d rows in %.1f s%n", table, rows, s);
                }
                // [table][statement][round]
                double[][][] ms = new double[TABLES.length][STATEMENTS.length][rounds];
                Random random = new Random(42);
                long nextId = rows;
                for (int r = -WARM_UP; r < rounds; r++) {
                    String inserted = "SELECT number + " + nextId + ", (number * 7) % 1000, number % 101 FROM numbers(\"number\" = \"600\")";
                    nextId += 600;
                    String updated = ids(300, rows, random);
                    String deleted = ids(100, rows, random);
                    for (int t = 0; t < TABLES.length; t++) {
                        // Alternate which table goes first, so neither always runs on a warmer cache.
                        int table = (t + Math.max(r, 0)) % TABLES.length;
                        double[] times = {
                            Timing.time(st, "INSERT INTO " + TABLES[table] + " " + inserted),
                            Timing.time(st, "UPDATE " + TABLES[table] + " SET v = v + 1 WHERE id IN (" + updated + ")"),
                            Timing.time(st, "DELETE FROM " + TABLES[table] + " WHERE id IN (" + deleted + ")")};
                        for (int s = 0; s < STATEMENTS.length && r >= 0; s++) {
                            ms[table][s][r] = times[s];
                        }
                    }
                }
                System.out.printf("%n%,d rows, medians of %d rounds (ms):%n%-8s", rows, rounds, "");
                for (String s : STATEMENTS) {
                    System.out.printf("%12s", s);
                }
                System.out.printf("%12s%n", "sum");
                for (int t = 0; t < TABLES.length; t++) {
                    System.out.printf("%-8s", TABLES[t]);
                    double sum = 0;
                    for (int s = 0; s < STATEMENTS.length; s++) {
                        double m = Timing.median(ms[t][s]);
                        sum += m;
                        System.out.printf("%12.1f", m);
                    }
                    System.out.printf("%12.1f%n", sum);
                }
            }
        }
    }

    /** {@code n} random keys below {@code rows}, as a SQL list; some may have been deleted already. */
    private static String ids(int n, long rows, Random random) {
        StringJoiner out = new StringJoiner(", ");
        for (int i = 0; i < n; i++) {
            out.add(Long.toString((long) (random.nextDouble() * rows)));
        }
        return out.toString();
    }
}
