package io.cairndb.server;

import io.cairndb.engine.Txn;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.Statement;
import io.cairndb.write.LoadTransaction;
import io.cairndb.write.TransactionHistory;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A session's transaction across statements: from BEGIN (or the first statement while autocommit is
 * off) to COMMIT or ROLLBACK. Its statements share one DuckDB transaction, so they commit or roll
 * back together, and the locks they take are held until it ends. A statement that fails rolls the
 * whole transaction back (the engine can not undo one statement alone). As in Doris it is one load
 * transaction with a label: COMMIT records it VISIBLE with its writes, a rollback records it ABORTED
 * afterwards, when it wrote anything. Used by one session's thread.
 */
final class SessionTransaction {
    /** Doris's reason for a transaction the user rolled back. */
    static final String USER_ROLLBACK = "user rollback";

    private final Connection connection;
    private final TransactionHistory history;
    private final LongSupplier timeoutMs;
    private Txn open;
    private OpenLoad load;

    SessionTransaction(Connection connection, TransactionHistory history, LongSupplier timeoutMs) {
        this.connection = connection;
        this.history = history;
        this.timeoutMs = timeoutMs;
    }

    /** The open transaction, or null when statements commit on their own. */
    Txn open() {
        return open;
    }

    /** The load transaction of the open transaction, or null when there is none. */
    OpenLoad load() {
        return load;
    }

    /**
     * The transaction {@code statement} runs in when the session is in one (opening it if autocommit is
     * off), or null when the statement commits on its own.
     */
    Txn forStatement(Statement statement, boolean autocommit) {
        if (open == null && !autocommit) {
            start(null);
        }
        if (open != null && !allowedInside(statement)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "This is in a transaction, only insert, update, delete, "
                    + "select, set, show, commit, rollback is acceptable.");
        }
        return open;
    }

    /**
     * BEGIN [WITH LABEL l]: as in MySQL, a transaction already open is committed first. Answers with
     * the label, as Doris, and no id yet: the first write takes it.
     */
    UpdateCount begin(String label) {
        commit();
        start(label);
        return LoadInfo.of(UpdateCount.NONE, load.label(), LoadTransaction.PREPARE, load.idText());
    }

    private void start(String label) {
        open = new Txn(connection);
        load = new OpenLoad(label, System.currentTimeMillis(), timeoutMs.getAsLong());
    }

    /** Commits; when the transaction wrote, it is recorded VISIBLE and named in the answer. */
    UpdateCount commit() {
        if (open == null) {
            return UpdateCount.NONE;
        }
        Txn ending = open;
        OpenLoad ended = load;
        open = null;
        load = null;
        if (!ended.written()) {
            ending.commit();
            return UpdateCount.NONE;
        }
        try {
            ending.commit();
        } catch (RuntimeException e) {
            // Txn.commit has rolled back: nothing of the transaction stayed.
            throw recordFailure(ended, e);
        }
        history.record(ended.visible(System.currentTimeMillis()));
        return LoadInfo.of(UpdateCount.NONE, ended.label(), LoadTransaction.VISIBLE, ended.idText());
    }

    /** ROLLBACK; a transaction that wrote is recorded ABORTED once its changes are gone. */
    UpdateCount rollback() {
        if (open == null) {
            return UpdateCount.NONE;
        }
        Txn ending = open;
        OpenLoad ended = load;
        open = null;
        load = null;
        ending.rollback();
        if (!ended.written()) {
            return UpdateCount.NONE;
        }
        recordAborted(ended, USER_ROLLBACK);
        return LoadInfo.of(UpdateCount.NONE, ended.label(), LoadTransaction.ABORTED, ended.idText());
    }

    /**
     * After a failed statement (or when the session closes): the engine has aborted the transaction, so
     * all of it is rolled back; {@code reason} is what the ABORTED record says.
     */
    void abandon(String reason) {
        if (open == null) {
            return;
        }
        Txn ending = open;
        OpenLoad ended = load;
        open = null;
        load = null;
        ending.rollbackQuietly();
        if (ended.written()) {
            try {
                recordAborted(ended, reason);
            } catch (RuntimeException e) {
                // The failure being reported (or the closing session) matters more than its history row.
                LoggerFactory.getLogger(SessionTransaction.class).warn("cannot record aborted transaction {}: {}",
                        ended.id(), e.getMessage());
            }
        }
    }

    /** A commit that failed after its changes were rolled back: recorded ABORTED with the failure as reason. */
    private RuntimeException recordFailure(OpenLoad ended, RuntimeException failure) {
        try {
            recordAborted(ended, failure.getMessage());
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
        return failure;
    }

    /** Records an ended transaction ABORTED, after its rollback. */
    private void recordAborted(OpenLoad ended, String reason) {
        history.record(ended.aborted(System.currentTimeMillis(), reason == null ? "" : reason));
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
                || s instanceof Statement.ShowTransaction || s instanceof Statement.ShowLastInsert
                || s instanceof MvStatement.ShowCreate;
    }
}
