package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One statement's DuckDB transaction. In-memory state (catalog entries, versions) changes only
 * through {@link #afterCommit} hooks, so it never runs ahead of what was committed.
 */
public final class Txn {
    private final Connection connection;
    private final List<Runnable> afterCommit = new ArrayList<>();
    private final List<Runnable> afterEnd = new ArrayList<>();
    /** Tables whose catalog entries this transaction saved, which it publishes only at commit. */
    private final java.util.Set<Long> savedTables = new java.util.HashSet<>();
    /** Guarded by this: commit or rollback has begun, which an interrupt must not disturb. */
    private boolean ending;
    /** Guarded by this: {@link #interrupt} reached DuckDB at least once. */
    private boolean interrupted;

    public Txn(Connection connection) {
        this.connection = connection;
    }

    public Connection connection() {
        return connection;
    }

    /** Whether DuckDB's transaction has begun, that is its snapshot is taken. */
    public boolean begun() {
        return DuckEngine.transactionBegun(connection);
    }

    /**
     * Notes that this transaction saved the catalog entry of table {@code tableId}: a later statement
     * of the same (explicit) transaction must read that entry, not the published one.
     */
    public void savedTable(long tableId) {
        savedTables.add(tableId);
    }

    public boolean hasSaved(long tableId) {
        return savedTables.contains(tableId);
    }

    /**
     * Runs a query on {@code statement} (of this transaction's connection). When it is the first
     * thing the transaction does in DuckDB, it runs in a transaction of DuckDB's own (autocommit),
     * which takes its snapshot when the query starts, as the driver's BEGIN would: the BEGIN sent
     * before it and the COMMIT after it would cost a lone SELECT two statements more than its own.
     * The transaction then has nothing to end in DuckDB; later queries in it begin one as usual.
     */
    public ResultSet query(Statement statement, String sql) throws SQLException {
        if (begun()) {
            return statement.executeQuery(sql);
        }
        connection.setAutoCommit(true);
        try {
            return statement.executeQuery(sql);
        } finally {
            connection.setAutoCommit(false);
        }
    }

    public void afterCommit(Runnable hook) {
        afterCommit.add(hook);
    }

    /**
     * Runs once the transaction has ended, committed (after the afterCommit hooks) or rolled back, on
     * the thread that ends it: a lock held until then lets the next holder see what was committed.
     */
    public void afterEnd(Runnable hook) {
        afterEnd.add(hook);
    }

    private void ended() {
        List<Runnable> hooks = List.copyOf(afterEnd);
        afterEnd.clear();
        hooks.forEach(Runnable::run);
    }

    /**
     * Interrupts the DuckDB query this transaction is running, from another thread (KILL). Does
     * nothing once the transaction ends, so neither its commit nor a later statement is disturbed.
     */
    public synchronized void interrupt() {
        if (!ending) {
            interrupted = true;
            DuckEngine.interrupt(connection);
        }
    }

    /** Whether {@link #interrupt} was called (KILL): a statement waiting for a lock gives up. */
    public synchronized boolean interrupted() {
        return interrupted;
    }

    /** Closes the window for interrupts; true when one came in. */
    private synchronized boolean end() {
        ending = true;
        return interrupted;
    }

    public void commit() {
        end();
        try {
            try {
                if (DuckEngine.transactionBegun(connection)) {
                    connection.commit();
                }
            } catch (SQLException e) {
                afterCommit.clear();
                rollbackQuietly();
                throw EngineErrors.translate(e);
            }
            List<Runnable> hooks = List.copyOf(afterCommit);
            afterCommit.clear();
            hooks.forEach(Runnable::run);
        } finally {
            ended();
        }
    }

    public void rollback() {
        end();
        afterCommit.clear();
        try {
            if (DuckEngine.transactionBegun(connection)) {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, "rollback failed: " + e.getMessage(), e);
        } finally {
            ended();
        }
    }

    /** Rolls back after a failure that is already being reported; a second failure adds nothing useful. */
    public void rollbackQuietly() {
        boolean wasInterrupted = end();
        afterCommit.clear();
        try {
            // Nothing ran in DuckDB (a refresh that found nothing to do): there is nothing to undo.
            if (DuckEngine.transactionBegun(connection)) {
                connection.rollback();
            }
        } catch (SQLException e) {
            if (!wasInterrupted) {
                org.slf4j.LoggerFactory.getLogger(Txn.class).debug("rollback after failure: {}", e.getMessage());
            }
            resynchronize();
        } finally {
            ended();
        }
    }

    /**
     * After a statement of this transaction failed: whether DuckDB's transaction goes on (the failure
     * came before DuckDB ran anything of the statement), or DuckDB aborted it.
     */
    public boolean survivedFailure() {
        if (!begun()) {
            return true;
        }
        try (Statement st = connection.createStatement()) {
            st.execute("SELECT 1");
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * Lets the next statement begin the transaction afresh when nothing was written yet: what is read
     * from the catalog before that statement (published only after commits) is then never newer than
     * the data the transaction sees. Binding a query's shape may have begun it early.
     */
    public void restartSnapshot() {
        try {
            if (DuckEngine.transactionBegun(connection)) {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot restart the transaction: " + e.getMessage(), e);
        }
    }

    /**
     * An interrupt that lands on the BEGIN the driver sends before a transaction's first query, or a
     * COMMIT that fails (DuckDB then ends the transaction itself), leaves the driver believing a
     * transaction is open while DuckDB has none: ROLLBACK fails, and every later statement would run
     * in autocommit. A transaction opened here, which the driver's ROLLBACK then closes, brings both
     * back in step.
     */
    private void resynchronize() {
        try (Statement st = connection.createStatement()) {
            st.execute("BEGIN TRANSACTION");
            connection.rollback();
        } catch (SQLException e) {
            org.slf4j.LoggerFactory.getLogger(Txn.class).warn("cannot bring the connection back in step with DuckDB: {}", e.getMessage());
        }
    }
}
