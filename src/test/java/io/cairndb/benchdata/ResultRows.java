package io.cairndb.benchdata;

import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Query results compared across engines: numbers of any type (a decimal against a double) equal within a
 * relative 1e-9, dates by their ISO text, anything else by its text; rows in order when the query orders
 * them, else as multisets.
 */
public final class ResultRows {
    private static final BigDecimal TOLERANCE = new BigDecimal("1e-9");

    private ResultRows() {
    }

    /** Every value of every row of {@code rs}. */
    public static List<List<Object>> read(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                row.add(rs.getObject(i));
            }
            out.add(row);
        }
        return out;
    }

    /** How {@code actual} differs from {@code expected}, or null when they are the same rows. */
    public static String difference(List<List<Object>> expected, List<List<Object>> actual, boolean ordered) {
        List<List<Object>> e = ordered ? expected : sorted(expected);
        List<List<Object>> a = ordered ? actual : sorted(actual);
        if (e.size() != a.size()) {
            return "expected " + e.size() + " rows, got " + a.size();
        }
        for (int r = 0; r < e.size(); r++) {
            if (e.get(r).size() != a.get(r).size()) {
                return "expected " + e.get(r).size() + " columns, got " + a.get(r).size();
            }
            for (int c = 0; c < e.get(r).size(); c++) {
                if (!same(e.get(r).get(c), a.get(r).get(c))) {
                    return "row " + r + " column " + c + ": expected " + e.get(r) + ", got " + a.get(r);
                }
            }
        }
        return null;
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(ResultRows::key));
        return copy;
    }

    /** A row's sort key: numbers rounded to 8 significant digits, so that a decimal and its double sort alike. */
    private static String key(List<Object> row) {
        StringBuilder b = new StringBuilder();
        for (Object v : row) {
            Object n = normal(v);
            b.append(n instanceof BigDecimal d ? d.round(new MathContext(8)).stripTrailingZeros().toPlainString() : String.valueOf(n))
                    .append('\u0001');
        }
        return b.toString();
    }

    private static boolean same(Object expected, Object actual) {
        Object e = normal(expected);
        Object a = normal(actual);
        if (e instanceof BigDecimal x && a instanceof BigDecimal y) {
            BigDecimal scale = x.abs().max(y.abs()).max(BigDecimal.ONE);
            return x.subtract(y).abs().compareTo(scale.multiply(TOLERANCE)) <= 0;
        }
        return String.valueOf(e).equals(String.valueOf(a));
    }

    private static Object normal(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Number n) {
            return new BigDecimal(n.toString());
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        return v == null ? null : v.toString();
    }
}
