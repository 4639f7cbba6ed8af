package io.cairndb.server;

import io.cairndb.engine.Txn;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.AccountStatement;
import io.cairndb.sql.tree.ExportStatement;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.Statement;
import io.cairndb.write.LoadTransaction;
import io.cairndb.write.TransactionHistory;

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
    /** The open transaction's savepoints, oldest first, with the writes it had made when each was set. */
    private final java.util.List<SavepointMark> savepoints = new java.util.ArrayList<>();

    private record SavepointMark(String name, long writes) {
    }

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

    /** The transaction being ended and its load, taken from the session, which then has none open. */
    private record Ending(Txn txn, OpenLoad load) {
    }

    private Ending take() {
        savepoints.clear();
        Ending ending = new Ending(open, load);
        open = null;
        load = null;
        return ending;
    }

    /** Commits; when the transaction wrote, it is recorded VISIBLE and named in the answer. */
    UpdateCount commit() {
        if (open == null) {
            return UpdateCount.NONE;
        }
        Ending ending = take();
        try {
            ending.txn().commit();
        } catch (RuntimeException e) {
            // Txn.commit has rolled back: nothing of the transaction stayed.
            recordAborted(ending.load(), e.getMessage());
            throw e;
        }
        if (!ending.load().written()) {
            return UpdateCount.NONE;
        }
        history.record(ending.load().visible(System.currentTimeMillis()));
        return LoadInfo.of(UpdateCount.NONE, ending.load().label(), LoadTransaction.VISIBLE, ending.load().idText());
    }

    /** ROLLBACK; a transaction that wrote is recorded ABORTED once its changes are gone. */
    UpdateCount rollback() {
        if (open == null) {
            return UpdateCount.NONE;
        }
        Ending ending = take();
        ending.txn().rollback();
        if (!ending.load().written()) {
            return UpdateCount.NONE;
        }
        recordAborted(ending.load(), USER_ROLLBACK);
        return LoadInfo.of(UpdateCount.NONE, ending.load().label(), LoadTransaction.ABORTED, ending.load().idText());
    }

    /**
     * After a failed statement (or when the session closes): the engine has aborted the transaction, so
     * all of it is rolled back; {@code reason} is what the ABORTED record says.
     */
    void abandon(String reason) {
        if (open == null) {
            return;
        }
        Ending ending = take();
        ending.txn().rollbackQuietly();
        recordAborted(ending.load(), reason);
    }

    /** Records a transaction that wrote ABORTED, after its rollback (one that did not write left nothing to record). */
    private void recordAborted(OpenLoad ended, String reason) {
        if (ended.written()) {
            history.record(ended.aborted(System.currentTimeMillis(), reason == null ? "" : reason));
        }
    }

    /**
     * SAVEPOINT, ROLLBACK TO SAVEPOINT and RELEASE SAVEPOINT, as MySQL names and nests them. The engine
     * undoes only whole transactions, so rolling back to a savepoint works while nothing was written
     * since it was set (mysqldump's use) and is refused otherwise, the transaction left as it was.
     * Outside a transaction a savepoint ends at once, as in MySQL with autocommit.
     */
    UpdateCount savepoint(Statement.Savepoint s) {
        int at = indexOf(s.name());
        switch (s.action()) {
            case SET -> {
                if (at >= 0) {
                    savepoints.remove(at);
                }
                if (open != null) {
                    savepoints.add(new SavepointMark(s.name(), load.writes()));
                }
            }
            case ROLLBACK_TO -> {
                requireSavepoint(at, s.name());
                if (load.writes() != savepoints.get(at).writes()) {
                    throw new CairnException(ErrorCode.NOT_SUPPORTED, "ROLLBACK TO SAVEPOINT " + s.name()
                            + " is not supported after writes: only the whole transaction can be rolled back");
                }
                savepoints.subList(at + 1, savepoints.size()).clear();
            }
            case RELEASE -> {
                requireSavepoint(at, s.name());
                savepoints.subList(at, savepoints.size()).clear();
            }
        }
        return UpdateCount.NONE;
    }

    private int indexOf(String name) {
        for (int i = 0; i < savepoints.size(); i++) {
            if (savepoints.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static void requireSavepoint(int at, String name) {
        if (at < 0) {
            throw new CairnException(ErrorCode.SAVEPOINT_DOES_NOT_EXIST, "SAVEPOINT " + name + " does not exist");
        }
    }

    static boolean autocommit(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return !(v.equals("0") || v.equals("off") || v.equals("false"));
    }

    /** Statements that change nothing: their failure leaves an open transaction as it was. */
    static boolean readOnly(Statement s) {
        return s instanceof Statement.QueryStatement || s instanceof Statement.Explain || s instanceof Statement.Describe
                || s instanceof Statement.ShowDatabases || s instanceof Statement.ShowTables || s instanceof Statement.ShowCreateTable
                || s instanceof Statement.ShowCreateDatabase || s instanceof Statement.ShowPartitions || s instanceof Statement.ShowColumns
                || s instanceof Statement.ShowVariables || s instanceof Statement.ShowOther || s instanceof Statement.ShowData
                || s instanceof Statement.ShowStreams || s instanceof Statement.ShowProcesslist || s instanceof Statement.ShowTablets
                || s instanceof Statement.ShowTablet || s instanceof ExportStatement.Show;
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
                || s instanceof Statement.ShowTransaction || s instanceof Statement.ShowLastInsert || s instanceof Statement.ShowLoad
                || s instanceof Statement.ShowData || s instanceof Statement.ShowTablets || s instanceof Statement.ShowTablet
                || s instanceof ExportStatement.Show || s instanceof Statement.UnlockTables || s instanceof Statement.Savepoint
                || s instanceof Statement.ShowProc || s instanceof Statement.ShowColumnStats || s instanceof Statement.ShowConstraints
                || s instanceof MvStatement.ShowCreate || s instanceof MvStatement.ShowRollupJobs
                || s instanceof AccountStatement.ShowGrants || s instanceof AccountStatement.ShowRoles;
    }
}
