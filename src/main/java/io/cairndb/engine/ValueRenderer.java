package io.cairndb.engine;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Struct;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.StringJoiner;

/** Renders nested values (arrays, maps, structs) in the form Doris prints them. */
final class ValueRenderer {
    private ValueRenderer() {
    }

    static String render(Object v) {
        StringBuilder sb = new StringBuilder();
        append(sb, v, false);
        return sb.toString();
    }

    private static void append(StringBuilder sb, Object v, boolean nested) {
        try {
            if (v == null) {
                sb.append(nested ? "null" : "NULL");
            } else if (v instanceof Array a) {
                Object[] items = (Object[]) a.getArray();
                StringJoiner j = new StringJoiner(", ", "[", "]");
                for (Object item : items) {
                    StringBuilder e = new StringBuilder();
                    append(e, item, true);
                    j.add(e);
                }
                sb.append(j);
            } else if (v instanceof Struct s) {
                Object[] attrs = s.getAttributes();
                String[] names = structNames(s, attrs.length);
                StringJoiner j = new StringJoiner(", ", "{", "}");
                for (int i = 0; i < attrs.length; i++) {
                    StringBuilder e = new StringBuilder("\"").append(names[i]).append("\":");
                    append(e, attrs[i], true);
                    j.add(e);
                }
                sb.append(j);
            } else if (v instanceof Map<?, ?> m) {
                StringJoiner j = new StringJoiner(", ", "{", "}");
                for (Map.Entry<?, ?> en : m.entrySet()) {
                    StringBuilder e = new StringBuilder();
                    append(e, en.getKey(), true);
                    e.append(':');
                    append(e, en.getValue(), true);
                    j.add(e);
                }
                sb.append(j);
            } else if (nested && (v instanceof String || v instanceof LocalDate || v instanceof LocalDateTime
                    || v instanceof OffsetDateTime || v instanceof java.sql.Timestamp || v instanceof java.sql.Date)) {
                sb.append('"').append(scalar(v)).append('"');
            } else {
                sb.append(scalar(v));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read nested value: " + e.getMessage(), e);
        }
    }

    private static String scalar(Object v) {
        if (v instanceof java.sql.Timestamp ts) {
            return ValueFormat.datetime(ts.toLocalDateTime(), 6);
        }
        if (v instanceof LocalDateTime ldt) {
            return ValueFormat.datetime(ldt, 6);
        }
        return v.toString();
    }

    private static String[] structNames(Struct s, int n) throws SQLException {
        String[] names = new String[n];
        // DuckDB's Struct exposes its field names through getMap().
        if (s instanceof org.duckdb.DuckDBStruct ds) {
            int i = 0;
            for (String k : ds.getMap().keySet()) {
                names[i++] = k;
            }
            return names;
        }
        for (int i = 0; i < n; i++) {
            names[i] = "col" + (i + 1);
        }
        return names;
    }
}
