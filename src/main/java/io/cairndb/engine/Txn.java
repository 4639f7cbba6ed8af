package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One statement's DuckDB transaction. In-memory state (catalog entries, versions) changes only
 * through {@link #afterCommit} hooks, so it never runs ahead of what was committed.
 */
public final class Txn {
    private final Connection connection;
    private final List<Runnable> afterCommit = new ArrayList<>();

    public Txn(Connection connection) {
        this.connection = connection;
    }

    public Connection connection() {
        return connection;
    }

    public void afterCommit(Runnable hook) {
        afterCommit.add(hook);
    }

    public void commit() {
        try {
            connection.commit();
        } catch (SQLException e) {
            afterCommit.clear();
            rollbackQuietly();
            throw new CairnException(ErrorCode.INTERNAL, "commit failed: " + e.getMessage(), e);
        }
        List<Runnable> hooks = List.copyOf(afterCommit);
        afterCommit.clear();
        hooks.forEach(Runnable::run);
    }

    public void rollback() {
        afterCommit.clear();
        try {
            connection.rollback();
        } catch (SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, "rollback failed: " + e.getMessage(), e);
        }
    }

    /** Rolls back after a failure that is already being reported; a second failure adds nothing useful. */
    public void rollbackQuietly() {
        afterCommit.clear();
        try {
            connection.rollback();
        } catch (SQLException e) {
            org.slf4j.LoggerFactory.getLogger(Txn.class).warn("rollback after failure also failed: {}", e.getMessage());
        }
    }
}
