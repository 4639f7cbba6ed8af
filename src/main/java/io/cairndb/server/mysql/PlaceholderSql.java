package io.cairndb.server.mysql;

import java.util.ArrayList;
import java.util.List;

/**
 * A prepared statement's SQL text with the positions of its {@code ?} placeholders. Question
 * marks inside string literals, quoted identifiers and comments are not placeholders. Binding
 * substitutes SQL literals, so the engine only ever sees plain SQL.
 */
final class PlaceholderSql {
    private final String sql;
    private final int[] positions;

    private PlaceholderSql(String sql, int[] positions) {
        this.sql = sql;
        this.positions = positions;
    }

    static PlaceholderSql parse(String sql) {
        List<Integer> found = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(sql, i, c);
            } else if (c == '#' || (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-')) {
                // Doris, unlike MySQL, needs no space after "--" to start a comment.
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                if (c == '?') {
                    found.add(i);
                }
                i++;
            }
        }
        return new PlaceholderSql(sql, found.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The index just past the literal that opens at {@code start}; an unclosed one runs to the end. */
    private static int skipQuoted(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\\' && quote != '`') {
                i += 2;
            } else if (c == quote) {
                // A doubled quote is an escaped quote, not the end.
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }

    String sql() {
        return sql;
    }

    int parameterCount() {
        return positions.length;
    }

    /** The SQL with the i-th placeholder replaced by {@code literals.get(i)}. */
    String bind(List<String> literals) {
        if (literals.size() != positions.length) {
            throw new IllegalArgumentException("expected " + positions.length + " parameters, got "
                    + literals.size());
        }
        StringBuilder out = new StringBuilder(sql.length() + 16 * positions.length);
        int from = 0;
        for (int i = 0; i < positions.length; i++) {
            out.append(sql, from, positions[i]).append(literals.get(i));
            from = positions[i] + 1;
        }
        return out.append(sql, from, sql.length()).toString();
    }

    /** A single-quoted string literal; backslashes are escaped because the dialect reads them. */
    static String quote(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'') {
                out.append("''");
            } else if (c == '\\') {
                out.append("\\\\");
            } else {
                out.append(c);
            }
        }
        return out.append('\'').toString();
    }
}
