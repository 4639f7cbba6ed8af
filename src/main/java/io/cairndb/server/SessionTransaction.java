package io.cairndb.server;

import io.cairndb.engine.Txn;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.Statement;

import java.sql.Connection;
import java.util.Locale;

/**
 * A session's transaction across statements: from BEGIN (or the first statement while autocommit is
 * off) to COMMIT or ROLLBACK. Its statements share one DuckDB transaction, so they commit or roll
 * back together, and the locks they take are held until it ends. A statement that fails rolls the
 * whole transaction back (the engine can not undo one statement alone). Used by one session's thread.
 */
final class SessionTransaction {
    private final Connection connection;
    private Txn open;

    SessionTransaction(Connection connection) {
        this.connection = connection;
    }

    /** The open transaction, or null when statements commit on their own. */
    Txn open() {
        return open;
    }

    /**
     * The transaction {@code statement} runs in when the session is in one (opening it if autocommit is
     * off), or null when the statement commits on its own.
     */
    Txn forStatement(Statement statement, boolean autocommit) {
        if (open == null && !autocommit) {
            open = new Txn(connection);
        }
        if (open != null && !allowedInside(statement)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "This is in a transaction, only insert, update, delete, "
                    + "select, set, show, commit, rollback is acceptable.");
        }
        return open;
    }

    /** BEGIN / START TRANSACTION: as in MySQL, a transaction already open is committed first. */
    void begin() {
        commit();
        open = new Txn(connection);
    }

    void commit() {
        if (open != null) {
            Txn ending = open;
            open = null;
            ending.commit();
        }
    }

    void rollback() {
        if (open != null) {
            Txn ending = open;
            open = null;
            ending.rollback();
        }
    }

    /** After a failed statement: the engine has aborted the transaction, so all of it is rolled back. */
    void abandon() {
        if (open != null) {
            Txn ending = open;
            open = null;
            ending.rollbackQuietly();
        }
    }

    static boolean autocommit(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return !(v.equals("0") || v.equals("off") || v.equals("false"));
    }

    /** Reads and writes of rows, and what changes only the session; not DDL, refreshes or configuration. */
    private static boolean allowedInside(Statement s) {
        return s instanceof Statement.QueryStatement || s instanceof Statement.Explain || s instanceof Statement.Insert
                || s instanceof Statement.Update || s instanceof Statement.Delete || s instanceof Statement.SetStatement
                || s instanceof Statement.Transaction || s instanceof Statement.UseDatabase || s instanceof Statement.Kill
                || s instanceof Statement.Describe || s instanceof Statement.ShowStreams || s instanceof Statement.ShowDatabases
                || s instanceof Statement.ShowTables || s instanceof Statement.ShowCreateTable || s instanceof Statement.ShowCreateDatabase
                || s instanceof Statement.ShowPartitions || s instanceof Statement.ShowDynamicPartitionTables
                || s instanceof Statement.ShowColumns
                || s instanceof Statement.ShowVariables || s instanceof Statement.ShowProcesslist
                || s instanceof Statement.ShowOther || s instanceof Statement.AdminShowConfig
                || s instanceof MvStatement.ShowCreate;
    }
}
