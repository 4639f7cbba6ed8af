package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;
import io.cairndb.write.LoadLabels;
import io.cairndb.write.LoadTransaction;
import io.cairndb.write.TransactionHistory;

import java.util.function.LongSupplier;

/**
 * The load transactions of a session's writes, as Doris reports them. An INSERT, UPDATE or DELETE
 * that commits on its own is one transaction: it gets an id and a label (its WITH LABEL, or a
 * generated one), is recorded once it commits, and its OK info names it VISIBLE. In an
 * explicit transaction every write reports the transaction's label and id as PREPARE; COMMIT
 * records it (see {@link SessionTransaction}). Used by one session's thread; SHOW LAST INSERT reads
 * {@link #lastInsert}.
 */
final class SessionLoads {
    /** The session's most recent INSERT, as SHOW LAST INSERT reports it. */
    record LastInsert(long id, String label, String database, String table, String status, long loadedRows,
                      long filteredRows) {
    }

    private final TransactionHistory history;
    private final LongSupplier timeoutMs;
    private volatile LastInsert lastInsert;

    /** {@code timeoutMs}: the time limit a new transaction reports (insert_timeout, in milliseconds). */
    SessionLoads(TransactionHistory history, LongSupplier timeoutMs) {
        this.history = history;
        this.timeoutMs = timeoutMs;
    }

    LastInsert lastInsert() {
        return lastInsert;
    }

    /**
     * Before a write in an explicit transaction begun WITH LABEL: the label is claimed in the target's
     * database at the first write there, so a used label fails the write that would reuse it.
     */
    void beforeWrite(StatementContext ctx, Statement statement, OpenLoad load) {
        QualifiedName target = target(statement);
        if (load == null || !load.named() || target == null) {
            return;
        }
        String database = ctx.table(target).database();
        if (load.firstWriteInto(database)) {
            LoadLabels.claim(ctx.txn().connection(), database, load.label());
        }
    }

    /**
     * After a write succeeded: its result with Doris's info. One that commits on its own ({@code load}
     * null) records its transaction when it has committed.
     */
    StatementResult afterWrite(StatementContext ctx, Statement statement, StatementResult result, OpenLoad load,
                               long startMillis) {
        QualifiedName target = target(statement);
        if (target == null || !(result instanceof UpdateCount count)) {
            return result;
        }
        TableMeta table = ctx.table(target);
        if (load != null) {
            load.countWrite();
            if (!load.written()) {
                load.wrote(table.database(), history.nextId());
            }
            remember(statement, load.id(), load.label(), table, LoadTransaction.PREPARE, count);
            return LoadInfo.of(count, load.label(), LoadTransaction.PREPARE, load.idText());
        }
        String named = statement instanceof Statement.Insert insert ? insert.label() : null;
        if (named == null && statement instanceof Statement.Insert && count.affectedRows() == 0 && count.warnings() == 0) {
            // Doris answers an INSERT that loads no row with a plain OK: no load took place.
            return result;
        }
        String label = named != null ? named : LoadInfo.statementLabel();
        long id = history.nextId();
        long now = System.currentTimeMillis();
        String source = ctx.session().stagedLoad() != null ? LoadTransaction.BACKEND_STREAMING : LoadTransaction.INSERT_STREAMING;
        LoadTransaction visible = new LoadTransaction(id, table.database(), label, LoadTransaction.VISIBLE, source, startMillis, now,
                now, "", timeoutMs.getAsLong());
        ctx.txn().afterCommit(() -> {
            history.record(visible);
            remember(statement, id, label, table, LoadTransaction.VISIBLE, count);
        });
        return LoadInfo.of(count, label, LoadTransaction.VISIBLE, Long.toString(id));
    }

    private void remember(Statement statement, long id, String label, TableMeta table, String status, UpdateCount count) {
        if (statement instanceof Statement.Insert) {
            lastInsert = new LastInsert(id, label, table.database(), table.name(), status, count.affectedRows(), count.warnings());
        }
    }

    /** The table a write changes; null for other statements. */
    private static QualifiedName target(Statement statement) {
        if (statement instanceof Statement.Insert s) {
            return s.table();
        }
        if (statement instanceof Statement.Update s) {
            return s.table();
        }
        if (statement instanceof Statement.Delete s) {
            return s.table();
        }
        return null;
    }
}
