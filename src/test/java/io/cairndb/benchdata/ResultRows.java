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
 * relative 1e-9, dates by their ISO text, anything else by its text. The rows must be the same multiset,
 * and when the query orders them, their values of the ORDER BY columns must come in the same sequence
 * (rows that tie on those may come in either order).
 */
public final class ResultRows {
    private static final BigDecimal TOLERANCE = new BigDecimal("1e-9");

    private ResultRows() {
    }

    /** The labels of {@code rs}'s columns, lower case. */
    public static List<String> labels(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            out.add(rs.getMetaData().getColumnLabel(i).toLowerCase(java.util.Locale.ROOT));
        }
        return out;
    }

    /** The positions in {@code labels} of the ORDER BY columns {@code keys}. */
    public static int[] positions(List<String> labels, List<String> keys) {
        int[] out = new int[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            out[i] = labels.indexOf(keys.get(i));
            if (out[i] < 0) {
                throw new IllegalArgumentException("ORDER BY " + keys.get(i) + " is not an output column of " + labels);
            }
        }
        return out;
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

    /**
     * How {@code actual} differs from {@code expected}, or null when they are the same rows; {@code orderBy}
     * holds the positions of the columns the rows are ordered by (none: the rows have no order).
     */
    public static String difference(List<List<Object>> expected, List<List<Object>> actual, int[] orderBy) {
        List<List<Object>> e = sorted(expected);
        List<List<Object>> a = sorted(actual);
        if (e.size() != a.size()) {
            return "expected " + e.size() + " rows, got " + a.size();
        }
        for (int r = 0; r < e.size(); r++) {
            if (e.get(r).size() != a.get(r).size()) {
                return "expected " + e.get(r).size() + " columns, got " + a.get(r).size();
            }
            for (int c = 0; c < e.get(r).size(); c++) {
                if (!same(e.get(r).get(c), a.get(r).get(c))) {
                    return "expected a row " + e.get(r) + ", got " + a.get(r) + " (rows sorted)";
                }
            }
        }
        for (int r = 0; r < expected.size(); r++) {
            for (int c : orderBy) {
                if (!same(expected.get(r).get(c), actual.get(r).get(c))) {
                    return "row " + r + " out of order: expected " + expected.get(r) + ", got " + actual.get(r);
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
