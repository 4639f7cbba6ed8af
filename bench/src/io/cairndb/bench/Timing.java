package io.cairndb.bench;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;

/** Timing helpers shared by the benchmarks. */
final class Timing {
    /** The start of a query transparent rewrite leaves alone: a check of an MV against its definition must not read the MV. */
    static final String NO_REWRITE = "SELECT /*+ SET_VAR(enable_materialized_view_rewrite=false) */ ";

    private Timing() {
    }

    /** Runs a query, reads every value of every row, and returns the elapsed milliseconds. */
    static double drain(Statement st, String sql) throws Exception {
        long t0 = System.nanoTime();
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    rs.getObject(i);
                }
            }
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    /** Runs a statement and returns the elapsed milliseconds. */
    static double time(Statement st, String sql) throws Exception {
        long t0 = System.nanoTime();
        st.execute(sql);
        return (System.nanoTime() - t0) / 1e6;
    }

    /** Runs a statement and returns the elapsed seconds. */
    static double seconds(Statement st, String sql) throws Exception {
        return time(st, sql) / 1e3;
    }

    /** The first column of the first row, as a number: a count. */
    static long count(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
