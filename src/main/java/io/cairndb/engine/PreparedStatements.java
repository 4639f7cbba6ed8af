package io.cairndb.engine;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prepared statements kept per connection, for parameterized SQL that writes and refreshes run again
 * and again (catalog saves, stream offsets, bookkeeping rows): DuckDB parses, binds and plans a
 * statement when it is prepared, which costs as much as running a small one. A kept statement is
 * planned again by DuckDB itself when a table it reads has changed since.
 */
public final class PreparedStatements {
    /** Statements kept per connection, the least recently used closed beyond it. */
    static final int PER_CONNECTION = 32;

    private static final Map<Connection, Kept> KEPT = new IdentityHashMap<>();

    private PreparedStatements() {
    }

    /** What runs a prepared statement. */
    @FunctionalInterface
    public interface Use<T> {
        T apply(PreparedStatement statement) throws SQLException;
    }

    /**
     * Runs {@code use} with the connection's statement of {@code sql}, prepared on first use. A
     * statement in use is not kept meanwhile, so a nested use of the same SQL prepares its own; one
     * whose use failed is closed, not kept.
     */
    public static <T> T with(Connection c, String sql, Use<T> use) throws SQLException {
        Kept kept = kept(c);
        PreparedStatement statement = kept.take(sql);
        if (statement == null) {
            statement = c.prepareStatement(sql);
        }
        boolean ok = false;
        try {
            T result = use.apply(statement);
            ok = true;
            return result;
        } finally {
            if (ok && !statement.isClosed()) {
                kept.put(sql, statement);
            } else {
                closeQuietly(statement);
            }
        }
    }

    /** How many statements are kept for {@code c} (for tests). */
    static int keptFor(Connection c) {
        synchronized (KEPT) {
            Kept kept = KEPT.get(c);
            return kept == null ? 0 : kept.size();
        }
    }

    private static Kept kept(Connection c) {
        synchronized (KEPT) {
            Kept kept = KEPT.get(c);
            if (kept == null) {
                // Connections are closed by their owners; their statements went with them.
                KEPT.keySet().removeIf(PreparedStatements::closed);
                kept = new Kept();
                KEPT.put(c, kept);
            }
            return kept;
        }
    }

    private static boolean closed(Connection c) {
        try {
            return c.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    private static void closeQuietly(PreparedStatement statement) {
        try {
            statement.close();
        } catch (SQLException e) {
            // Closing only frees it; a statement that cannot be closed was closed with its connection.
        }
    }

    /** One connection's statements by SQL, in order of use. */
    private static final class Kept {
        private final LinkedHashMap<String, PreparedStatement> statements = new LinkedHashMap<>(16, 0.75f, true);

        synchronized PreparedStatement take(String sql) {
            return statements.remove(sql);
        }

        synchronized void put(String sql, PreparedStatement statement) {
            PreparedStatement replaced = statements.put(sql, statement);
            if (replaced != null && replaced != statement) {
                closeQuietly(replaced);
            }
            if (statements.size() > PER_CONNECTION) {
                Iterator<PreparedStatement> eldest = statements.values().iterator();
                closeQuietly(eldest.next());
                eldest.remove();
            }
        }

        synchronized int size() {
            return statements.size();
        }
    }
}
