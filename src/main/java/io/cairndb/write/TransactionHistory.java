package io.cairndb.write;

import io.cairndb.catalog.Catalog;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Load transaction ids and the history of finished load transactions. Ids increase across restarts:
 * each finished transaction is stored with its id, and the allocator resumes above the greatest
 * stored one. The history is bounded as Doris bounds its labels: the newest {@link #KEPT} stay.
 *
 * <p>A finished transaction is queued in memory and written with others by {@link #flush} (every
 * second and at shutdown): an extra statement in every write's commit would cost a one-row INSERT
 * a third more. A crash loses at most the last second of history, never data; ids of transactions
 * lost that way may be given again.
 */
public final class TransactionHistory {
    static final String TABLE = Catalog.SYSTEM_SCHEMA + ".load_transactions";
    /** Doris's label_num_threshold: how many finished transactions it keeps. */
    static final int KEPT = 2000;
    /** Older rows go once every this many ids. */
    private static final int PRUNE_EVERY = 500;
    private static final String COLUMNS = "txn_id, db, label, status, source_type, prepare_time, commit_time, "
            + "finish_time, reason, timeout_ms";

    private final AtomicLong lastId = new AtomicLong();
    private final Queue<LoadTransaction> pending = new ConcurrentLinkedQueue<>();
    private final java.util.concurrent.atomic.LongAdder visible = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder aborted = new java.util.concurrent.atomic.LongAdder();
    /** The greatest id of the last prune (only the flushing thread reads and writes it). */
    private long pruned;

    /** Creates the history table if needed and resumes the id allocator above what it holds. */
    public void load(Connection c) {
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (txn_id BIGINT NOT NULL, db VARCHAR NOT NULL, "
                + "label VARCHAR NOT NULL, status VARCHAR NOT NULL, source_type VARCHAR NOT NULL, prepare_time BIGINT NOT NULL, "
                + "commit_time BIGINT, finish_time BIGINT, reason VARCHAR NOT NULL, timeout_ms BIGINT NOT NULL)");
        Object max = Sql.scalar(c, "SELECT max(txn_id) FROM " + TABLE);
        lastId.accumulateAndGet(max == null ? 0 : ((Number) max).longValue(), Math::max);
        pruned = lastId.get();
    }

    public long nextId() {
        return lastId.incrementAndGet();
    }

    /** Queues a finished (committed or rolled back) transaction for the next {@link #flush}. */
    public void record(LoadTransaction t) {
        (t.status().equals(LoadTransaction.VISIBLE) ? visible : aborted).increment();
        pending.add(t);
    }

    /** Load transactions that became visible and that were aborted since start. */
    public record Counts(long visible, long aborted) {
    }

    public Counts counts() {
        return new Counts(visible.sum(), aborted.sum());
    }

    /**
     * Writes the queued transactions in one statement, those of databases dropped meanwhile under
     * none, and commits on {@code c}; they leave the queue once written, so {@link #find} always
     * sees each of them.
     */
    public void flush(Connection c, Predicate<String> databaseExists) throws SQLException {
        List<LoadTransaction> batch = new ArrayList<>(pending);
        if (batch.isEmpty()) {
            return;
        }
        List<String> rows = new ArrayList<>();
        long maxId = 0;
        for (LoadTransaction t : batch) {
            maxId = Math.max(maxId, t.id());
            // One of a database dropped meanwhile is kept under none, as forgetDatabase keeps them.
            String db = databaseExists.test(t.database()) ? t.database() : "";
            rows.add("(" + t.id() + ", " + Sql.literal(db) + ", " + Sql.literal(t.label()) + ", "
                    + Sql.literal(t.status()) + ", " + Sql.literal(t.sourceType()) + ", " + t.prepareTime() + ", "
                    + t.commitTime() + ", " + t.finishTime() + ", " + Sql.literal(t.reason()) + ", " + t.timeoutMs() + ")");
        }
        Sql.execute(c, "INSERT INTO " + TABLE + " VALUES " + String.join(", ", rows));
        if (maxId / PRUNE_EVERY > pruned / PRUNE_EVERY) {
            Sql.update(c, "DELETE FROM " + TABLE + " WHERE txn_id <= ?", maxId - KEPT);
            pruned = maxId;
        }
        c.commit();
        // Only flush takes from the queue, one caller at a time, and it is first in first out: the batch is its head.
        for (int i = 0; i < batch.size(); i++) {
            pending.poll();
        }
    }

    /** The transactions of {@code database} with this id (when not null) or else this label (when not null), or all of them. */
    public List<LoadTransaction> find(Connection c, String database, Long id, String label) {
        List<LoadTransaction> queued = new ArrayList<>(pending);
        List<List<Object>> rows = id != null
                ? Sql.rows(c, "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE db = ? AND txn_id = ?", database, id)
                : label != null
                ? Sql.rows(c, "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE db = ? AND label = ? ORDER BY txn_id", database, label)
                : Sql.rows(c, "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE db = ? ORDER BY txn_id", database);
        List<LoadTransaction> out = new ArrayList<>();
        for (List<Object> r : rows) {
            out.add(new LoadTransaction(((Number) r.get(0)).longValue(), (String) r.get(1), (String) r.get(2), (String) r.get(3),
                    (String) r.get(4), ((Number) r.get(5)).longValue(), nullableLong(r.get(6)), nullableLong(r.get(7)),
                    (String) r.get(8), ((Number) r.get(9)).longValue()));
        }
        Set<Long> stored = new HashSet<>();
        out.forEach(t -> stored.add(t.id()));
        for (LoadTransaction t : queued) {
            boolean matches = t.database().equals(database)
                    && (id != null ? t.id() == id : label == null || t.label().equals(label));
            if (matches && stored.add(t.id())) {
                out.add(t);
            }
        }
        out.sort(java.util.Comparator.comparingLong(LoadTransaction::id));
        return out;
    }

    /**
     * A dropped database's transactions go with it, as its labels do: they stay, under no database,
     * only so that the greatest id given survives a restart (ids never go back).
     */
    public static void forgetDatabase(Connection c, String database) {
        Sql.update(c, "UPDATE " + TABLE + " SET db = '' WHERE db = ?", database);
    }

    private static Long nullableLong(Object v) {
        return v == null ? null : ((Number) v).longValue();
    }
}
