package io.cairndb.mv;

import io.cairndb.engine.DuckEngine;
import io.cairndb.engine.Sql;
import io.cairndb.engine.StatementProgress;
import io.cairndb.engine.Txn;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.util.List;

/**
 * Lets CANCEL stop a running refresh: a cancel interrupts the refresh's transaction (the statement in
 * flight fails and everything rolls back), and the refresh checks for a cancel between statements.
 */
final class TaskControl {
    private volatile boolean canceled;
    private volatile Txn txn;
    /** The MV partitions the refresh is rebuilding, and those done so far: tasks() shows its progress. */
    private volatile List<String> planned = List.of();
    private final List<String> completed = new java.util.concurrent.CopyOnWriteArrayList<>();

    void planned(List<String> partitions) {
        completed.clear();
        planned = List.copyOf(partitions);
    }

    void completed(List<String> partitions) {
        completed.addAll(partitions);
    }

    /**
     * {@code record} with the progress made so far: the partitions rebuilt of those the refresh said it
     * rebuilds, or else how far the statement it runs has got.
     */
    TaskRecord progressed(TaskRecord record) {
        List<String> need = planned;
        if (!need.isEmpty()) {
            return record.withProgress(need, List.copyOf(completed));
        }
        Txn running = txn;
        StatementProgress progress = running == null ? null : DuckEngine.progress(running.connection());
        return progress == null ? record : record.withStatementProgress(progress.percentage());
    }

    /** The transaction the task runs in; a cancel that came first interrupts it at once. */
    void attach(Txn running) {
        txn = running;
        if (canceled) {
            running.interrupt();
        }
    }

    /** Runs one statement of the refresh; fails with "task canceled" once the task is canceled. */
    void execute(Connection c, String sql) {
        checkpoint();
        try {
            Sql.execute(c, sql);
        } catch (RuntimeException e) {
            throw canceled ? canceledError() : e;
        }
    }

    void checkpoint() {
        if (canceled) {
            throw canceledError();
        }
    }

    boolean canceled() {
        return canceled;
    }

    /**
     * Marks the task canceled and interrupts its statement. DuckDB drops an interrupt that arrives
     * between two queries, so the caller repeats this until the task has ended.
     */
    void cancel() {
        canceled = true;
        Txn t = txn;
        if (t != null) {
            t.interrupt();
        }
    }

    private static CairnException canceledError() {
        return new CairnException(ErrorCode.INTERNAL, "task canceled");
    }
}
