package io.cairndb.rewrite;

import static io.cairndb.sqltest.SessionSql.NO_REWRITE;
import static io.cairndb.sqltest.SessionSql.awaitTasks;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.cairndb.error.CairnException;
import io.cairndb.server.SqlSession;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/** Runs a query with and without transparent rewrite on one session and fails when the rows differ. */
final class RewriteComparison {
    private static final String CHOSE = "MaterializedViewRewriteSuccessAndChose:";
    private final SqlSession session;

    RewriteComparison(SqlSession session) {
        this.session = session;
    }

    /** Waits for the MV refreshes under way and checks that every one succeeded. */
    void awaitRefreshes() throws InterruptedException {
        assertTrue(awaitTasks(session, 60_000), "MV tasks still running after 60 s");
        assertEquals(List.of(), rows(session, "SELECT MvName, ErrorMsg FROM tasks('type' = 'mv') WHERE Status <> 'SUCCESS'"),
                "every MV refresh succeeded");
    }

    /**
     * Checks that {@code sql} returns the same multiset of rows with and without rewrite (the
     * {@code approximate} columns, averages, within a relative 1e-9); returns the MVs EXPLAIN chose.
     */
    List<String> check(String sql, Set<Integer> approximate) {
        String withoutRewrite = NO_REWRITE + sql.substring("SELECT ".length());
        List<String> expected = sorted(rows(session, withoutRewrite));
        List<String> explain = rows(session, "EXPLAIN " + sql);
        List<String> actual;
        try {
            actual = sorted(rows(session, sql));
        } catch (CairnException e) {
            return fail("the query fails with rewrite only:\n" + sql + "\nEXPLAIN:\n" + String.join("\n", explain), e);
        }
        if (!sameRows(expected, actual, approximate)) {
            fail("rows differ with rewrite for:\n" + sql + "\nwithout rewrite (" + expected.size() + " rows):\n"
                    + String.join("\n", expected) + "\nwith rewrite (" + actual.size() + " rows):\n" + String.join("\n", actual)
                    + "\nEXPLAIN:\n" + String.join("\n", explain));
        }
        return chosenMvs(explain);
    }

    private static List<String> chosenMvs(List<String> explain) {
        int at = explain.indexOf(CHOSE);
        assertTrue(at >= 0 && at + 1 < explain.size(), "EXPLAIN has a MATERIALIZATIONS section:\n" + String.join("\n", explain));
        String names = explain.get(at + 1);
        return names.startsWith("  Names: ") ? List.of(names.substring("  Names: ".length()).split(", ")) : List.of();
    }

    /** The rows in an order that does not depend on the last digits of floating-point cells. */
    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(RewriteComparison::sortKey).thenComparing(Comparator.naturalOrder()));
        return out;
    }

    private static String sortKey(String row) {
        List<String> cells = new ArrayList<>();
        for (String cell : row.split("\\|", -1)) {
            cells.add(isFloating(cell) ? String.format("%.6e", Double.parseDouble(cell)) : cell);
        }
        return String.join("|", cells);
    }

    private static boolean isFloating(String cell) {
        return isNumber(cell) && !cell.matches("-?[0-9]+");
    }

    private static boolean isNumber(String cell) {
        return cell.matches("-?[0-9]+(\\.[0-9]+)?(E-?[0-9]+)?");
    }

    /** Equal rows, except that the {@code approximate} columns (averages) may differ by a relative 1e-9. */
    private static boolean sameRows(List<String> expected, List<String> actual, Set<Integer> approximate) {
        if (expected.size() != actual.size()) {
            return false;
        }
        for (int r = 0; r < expected.size(); r++) {
            String[] e = expected.get(r).split("\\|", -1);
            String[] a = actual.get(r).split("\\|", -1);
            if (e.length != a.length) {
                return false;
            }
            for (int c = 0; c < e.length; c++) {
                if (!e[c].equals(a[c]) && !(approximate.contains(c) && close(e[c], a[c]))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean close(String expected, String actual) {
        if (!isNumber(expected) || !isNumber(actual)) {
            return false;
        }
        double e = Double.parseDouble(expected);
        double a = Double.parseDouble(actual);
        return Math.abs(e - a) <= 1e-9 * Math.max(Math.abs(e), Math.abs(a));
    }
}
