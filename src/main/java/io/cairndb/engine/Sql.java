package io.cairndb.engine;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Small JDBC conveniences that translate DuckDB failures into user-facing errors. */
public final class Sql {
    private Sql() {
    }

    /** Quotes an identifier for DuckDB. */
    public static String ident(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /**
     * Quotes a string literal for DuckDB; DuckDB strings take backslashes literally, so only quotes need
     * escaping. DuckDB reads SQL text up to a NUL character, so one inside the string is spelled chr(0).
     */
    public static String literal(String value) {
        if (value == null) {
            return "NULL";
        }
        if (value.indexOf('\0') >= 0) {
            return "(" + java.util.Arrays.stream(value.split("\0", -1)).map(Sql::literal)
                    .collect(java.util.stream.Collectors.joining(" || chr(0) || ")) + ")";
        }
        return "'" + value.replace("'", "''") + "'";
    }

    public static long execute(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            if (st.execute(sql)) {
                return 0;
            }
            return Math.max(0, st.getLargeUpdateCount());
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    /**
     * Deletes the rows of {@code table} whose {@code column} is none of {@code keep} (SQL literals), all
     * of them when {@code keep} is empty: bookkeeping of objects that no longer exist.
     */
    public static long deleteExcept(Connection c, String table, String column, Collection<String> keep) {
        return execute(c, "DELETE FROM " + table + (keep.isEmpty() ? "" : " WHERE " + column + " NOT IN ("
                + String.join(", ", keep) + ")"));
    }

    /** Runs a parameterized update; its prepared statement is kept for the next run (see {@link PreparedStatements}). */
    public static long update(Connection c, String sql, Object... params) {
        try {
            return PreparedStatements.with(c, sql, ps -> {
                bind(ps, params);
                return ps.executeLargeUpdate();
            });
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    /**
     * Runs a query and returns every row as a list of column values. A query with parameters keeps its
     * prepared statement for the next run (see {@link PreparedStatements}); one without is written with
     * its values, which differ from run to run.
     */
    public static List<List<Object>> rows(Connection c, String sql, Object... params) {
        try {
            if (params.length > 0) {
                return PreparedStatements.with(c, sql, ps -> {
                    bind(ps, params);
                    return rows(ps);
                });
            }
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                return rows(ps);
            }
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    private static void bind(PreparedStatement ps, Object[] params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
    }

    private static List<List<Object>> rows(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            int n = rs.getMetaData().getColumnCount();
            List<List<Object>> out = new ArrayList<>();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getObject(i));
                }
                out.add(row);
            }
            return out;
        }
    }

    /** The single value of a one-row, one-column query (null when no row). */
    public static Object scalar(Connection c, String sql, Object... params) {
        List<List<Object>> rows = rows(c, sql, params);
        return rows.isEmpty() ? null : rows.get(0).get(0);
    }
}
