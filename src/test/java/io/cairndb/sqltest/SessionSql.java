package io.cairndb.sqltest;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.TextValue;
import io.cairndb.server.SqlSession;

import java.util.ArrayList;
import java.util.List;

/** SQL on an embedded session for Java tests: run statements, read rows as text. */
public final class SessionSql {
    /** The start of a query that transparent rewrite leaves alone. */
    public static final String NO_REWRITE = "SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ ";
    private SessionSql() {
    }

    /** Runs {@code sql}, closing any rows it returns. */
    public static void exec(SqlSession s, String sql) {
        for (StatementResult r : s.execute(sql)) {
            if (r instanceof RowResult rows) {
                rows.close();
            }
        }
    }

    /** The rows of the last statement of {@code sql}, cells as the MySQL text protocol shows them, joined by |. */
    public static List<String> rows(SqlSession s, String sql) {
        List<StatementResult> results = s.execute(sql);
        List<String> out = new ArrayList<>();
        try (RowResult rows = (RowResult) results.get(results.size() - 1)) {
            while (rows.next()) {
                List<String> cells = new ArrayList<>();
                for (int i = 0; i < rows.columns().size(); i++) {
                    cells.add(TextValue.of(rows.value(i), rows.columns().get(i).type()));
                }
                out.add(String.join("|", cells));
            }
        }
        return out;
    }

    /** Polls tasks() until no MV refresh is pending or running; false when some still are after {@code millis}. */
    public static boolean awaitTasks(SqlSession s, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        String pending = "SELECT count(*) FROM tasks('type' = 'mv') WHERE Status IN ('PENDING', 'RUNNING')";
        while (!rows(s, pending).equals(List.of("0"))) {
            if (System.currentTimeMillis() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /**
     * How the rows of MV {@code mv} and of its {@code definition} differ: the number of the
     * definition's rows the MV lacks and of the MV's rows the definition lacks (EXCEPT ALL both ways).
     * The definition is computed from the base tables: transparent rewrite would read it from the MV.
     */
    public static List<String> differences(SqlSession s, String mv, String definition) {
        String missing = NO_REWRITE + "count(*) FROM ((" + definition + ") EXCEPT ALL (SELECT * FROM " + mv + "))";
        String extra = NO_REWRITE + "count(*) FROM ((SELECT * FROM " + mv + ") EXCEPT ALL (" + definition + "))";
        return List.of(rows(s, missing).get(0), rows(s, extra).get(0));
    }
}
