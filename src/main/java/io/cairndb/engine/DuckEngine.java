package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import org.duckdb.DuckDBConnection;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.locks.Lock;

/**
 * The embedded DuckDB database: one file per data directory, opened once per process. Sessions
 * get their own {@link #connect() duplicated} connections.
 */
public final class DuckEngine implements AutoCloseable {
    private final DuckDBConnection root;
    private final Path file;

    private DuckEngine(DuckDBConnection root, Path file) {
        this.root = root;
        this.file = file;
    }

    /** The WAL size past which DuckDB checkpoints (see {@link #open}). */
    static final String CHECKPOINT_THRESHOLD = "32MiB";

    /** Opens (or creates) {@code <dataDir>/cairn.duckdb}; a null dataDir opens an in-memory database. */
    public static DuckEngine open(Path dataDir) {
        try {
            String url;
            Path file = null;
            if (dataDir == null) {
                url = "jdbc:duckdb:";
            } else {
                Files.createDirectories(dataDir);
                file = dataDir.resolve("cairn.duckdb");
                url = "jdbc:duckdb:" + file.toAbsolutePath();
            }
            Properties props = new Properties();
            // Rows come back in insertion order for scans of small tables; users expect that.
            props.setProperty("preserve_insertion_order", "true");
            // A checkpoint rewrites every row group with an update or delete since the last one, and small
            // writes to a large table touch most of them: at DuckDB's 16MB a 10M-row table was rewritten
            // every ten batches of 1,000 changes (+40 ms per batch on average). 32MiB keeps the crash-recovery
            // replay near a second (measured) and makes those rewrites rare.
            props.setProperty("checkpoint_threshold", CHECKPOINT_THRESHOLD);
            DuckDBConnection conn = (DuckDBConnection) DriverManager.getConnection(url, props);
            JavaFunctions.register(conn);
            InterruptibleSleep.register(conn);
            return new DuckEngine(conn, file);
        } catch (Exception e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot open database in " + dataDir + ": " + e.getMessage(), e);
        }
    }

    /** Limits the memory the engine's statements may take together (see {@link MemoryLimit}). */
    public void limitMemory(long bytes) {
        executeAutonomous("SET memory_limit = '" + bytes + "B'");
    }

    /** A new connection for a session or a background task. Autocommit is off: callers commit. */
    public Connection connect() {
        try {
            Connection c = root.duplicate();
            InterruptibleSleep.number(c);
            c.setAutoCommit(false);
            return c;
        } catch (SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot open a connection: " + e.getMessage(), e);
        }
    }

    /** Runs a statement outside any session, in its own transaction (startup work). */
    public void executeAutonomous(String sql) {
        try (Connection c = root.duplicate(); Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, e.getMessage(), e);
        }
    }

    /**
     * The progress of the statement {@code c} runs now (from another thread), or null when it runs none
     * or its progress is not known: a connection set up by {@link #trackProgress} reports it.
     */
    public static StatementProgress progress(Connection c) {
        try (java.sql.Statement probe = c.createStatement()) {
            org.duckdb.QueryProgress p = probe.unwrap(org.duckdb.DuckDBPreparedStatement.class).getQueryProgress();
            return p.getPercentage() < 0 ? null : new StatementProgress(p.getPercentage(), p.getRowsProcessed(), p.getTotalRowsToProcess());
        } catch (SQLException e) {
            return null; // a connection closing meanwhile runs nothing any more
        }
    }

    /** Lets {@link #progress} see the statements of {@code c}: DuckDB tracks progress, and prints none. */
    public static void trackProgress(Connection c) throws SQLException {
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("SET enable_progress_bar = true");
            st.execute("SET enable_progress_bar_print = false");
        }
    }

    /**
     * Interrupts the query running on {@code c}; the query fails with an INTERRUPT error. DuckDB
     * clears the request when its next query starts, so one that finds nothing running is dropped.
     * The driver's {@code DuckDBConnection.interrupt()} is package-private and must be called under the
     * connection's lock ({@code Statement.cancel} reaches it only through the statement object that is
     * executing, which the interrupting thread does not have), so it is called reflectively.
     */
    public static void interrupt(Connection c) {
        InterruptibleSleep.interrupt(c);
        try {
            Field lockField = DuckDBConnection.class.getDeclaredField("connRefLock");
            Method interrupt = DuckDBConnection.class.getDeclaredMethod("interrupt");
            lockField.setAccessible(true);
            interrupt.setAccessible(true);
            DuckDBConnection duck = c.unwrap(DuckDBConnection.class);
            Lock lock = (Lock) lockField.get(duck);
            lock.lock();
            try {
                interrupt.invoke(duck);
            } finally {
                lock.unlock();
            }
        } catch (InvocationTargetException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot interrupt: " + e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException | SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot interrupt: " + e.getMessage(), e);
        }
    }

    private static final Field TRANSACTION_RUNNING = transactionRunningField();

    private static Field transactionRunningField() {
        try {
            Field f = DuckDBConnection.class.getDeclaredField("transactionRunning");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether the driver has begun a transaction on {@code c} (it sends BEGIN before the first query
     * after a commit). When it has not, a commit or rollback has nothing to end, yet the driver would
     * send a BEGIN and a COMMIT for it: statements that never reach DuckDB skip both. The flag is
     * package-private in the driver; should it be missing, every transaction counts as begun.
     */
    static boolean transactionBegun(Connection c) {
        if (TRANSACTION_RUNNING == null) {
            return true;
        }
        try {
            return TRANSACTION_RUNNING.getBoolean(c.unwrap(DuckDBConnection.class));
        } catch (IllegalAccessException | SQLException e) {
            return true;
        }
    }

    public Path file() {
        return file;
    }

    /** Writes the WAL into the database file so a restart replays nothing. */
    public void checkpoint() {
        executeAutonomous("CHECKPOINT");
    }

    @Override
    public void close() {
        try {
            root.close();
        } catch (SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, e.getMessage(), e);
        }
    }
}
