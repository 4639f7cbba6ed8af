package io.cairndb.bench;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;

import java.util.List;

/**
 * What privilege checks cost small statements: the same statements, alternating in one run, by root
 * (every privilege through its role), by a user granted SELECT on the database, and by a user holding
 * grants on 1,000 separate tables. Statements: a point SELECT on a small table, a single-row INSERT,
 * and a listing of information_schema.tables over 500 tables. Prints the median microseconds of each
 * and its ratio to root's.
 *   bench/run.sh PrivilegeBench [rounds, default 7] [statements per round, default 2000]
 */
public final class PrivilegeBench {
    private static final int TABLES = 500;

    private PrivilegeBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        try (Database db = Database.open(null)) {
            try (SqlSession root = db.open(1, "root", null, "bench")) {
                root.execute("CREATE DATABASE b");
                root.execute("USE b");
                for (int i = 0; i < TABLES; i++) {
                    root.execute("CREATE TABLE t" + i + " (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
                }
                root.execute("INSERT INTO t0 SELECT number, number FROM numbers(\"number\" = \"1000\")");
                root.execute("CREATE USER dbwide");
                root.execute("GRANT SELECT_PRIV, LOAD_PRIV ON b.* TO dbwide");
                root.execute("CREATE USER many");
                for (int i = 0; i < 1000; i++) {
                    root.execute("GRANT SELECT_PRIV, LOAD_PRIV ON b.x" + i + " TO many");
                }
                root.execute("GRANT SELECT_PRIV, LOAD_PRIV ON b.t0 TO many");
            }
            List<String> users = List.of("root", "dbwide", "many");
            String[] statements = {"SELECT v FROM t0 WHERE k = 7", "INSERT INTO t0 VALUES (1, 1)",
                "SELECT count(*) FROM information_schema.tables"};
            SqlSession[] sessions = new SqlSession[users.size()];
            for (int u = 0; u < users.size(); u++) {
                sessions[u] = db.open(10 + u, users.get(u), "b", "bench");
            }
            for (String sql : statements) {
                int n = sql.contains("information_schema") ? Math.max(1, perRound / 20) : perRound;
                double[][] micros = new double[users.size()][rounds];
                for (int r = 0; r < rounds; r++) {
                    for (int u = 0; u < users.size(); u++) {
                        long t0 = System.nanoTime();
                        for (int i = 0; i < n; i++) {
                            run(sessions[u], sql);
                        }
                        micros[u][r] = (System.nanoTime() - t0) / 1e3 / n;
                    }
                }
                double base = Timing.median(micros[0]);
                System.out.printf("%s%n", sql);
                for (int u = 0; u < users.size(); u++) {
                    double m = Timing.median(micros[u]);
                    System.out.printf("  %-7s %8.1f us  %.2fx%n", users.get(u), m, m / base);
                }
            }
            for (SqlSession s : sessions) {
                s.close();
            }
        }
    }

    private static void run(SqlSession s, String sql) {
        for (StatementResult r : s.execute(sql)) {
            if (r instanceof RowResult rows) {
                while (rows.next()) {
                    rows.value(0);
                }
                rows.close();
            }
        }
    }
}
