package io.cairndb.write;

import io.cairndb.catalog.Catalog;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Load transaction ids and the history of finished load transactions. Ids increase across restarts:
 * each finished transaction is stored with its id, and the allocator resumes above the greatest
 * stored one. The history is bounded as Doris bounds its labels: the newest {@link #KEPT} stay.
 */
public final class TransactionHistory {
    static final String TABLE = Catalog.SYSTEM_SCHEMA + ".load_transactions";
    /** Doris's label_num_threshold: how many finished transactions it keeps. */
    static final int KEPT = 2000;
    /** Older rows go once every this many ids, so a write pays one row insert and no more. */
    private static final int PRUNE_EVERY = 500;
    private static final String COLUMNS = "txn_id, db, label, status, source_type, prepare_time, commit_time, "
            + "finish_time, reason, timeout_ms";

    private final AtomicLong lastId = new AtomicLong();

    /** Creates the history table if needed and resumes the id allocator above what it holds. */
    public void load(Connection c) {
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (txn_id BIGINT NOT NULL, db VARCHAR NOT NULL, "
                + "label VARCHAR NOT NULL, status VARCHAR NOT NULL, source_type VARCHAR NOT NULL, prepare_time BIGINT NOT NULL, "
                + "commit_time BIGINT, finish_time BIGINT, reason VARCHAR NOT NULL, timeout_ms BIGINT NOT NULL)");
        Object max = Sql.scalar(c, "SELECT max(txn_id) FROM " + TABLE);
        lastId.accumulateAndGet(max == null ? 0 : ((Number) max).longValue(), Math::max);
    }

    public long nextId() {
        return lastId.incrementAndGet();
    }

    /** Stores a finished transaction in {@code c}'s transaction: with the write it describes, or alone. */
    public void record(Connection c, LoadTransaction t) {
        Sql.update(c, "INSERT INTO " + TABLE + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", t.id(), t.database(), t.label(),
                t.status(), t.sourceType(), t.prepareTime(), t.commitTime(), t.finishTime(), t.reason(), t.timeoutMs());
        if (t.id() % PRUNE_EVERY == 0) {
            Sql.update(c, "DELETE FROM " + TABLE + " WHERE txn_id <= ?", t.id() - KEPT);
        }
    }

    /** The transactions of {@code database} with this id (when not null) or else this label. */
    public List<LoadTransaction> find(Connection c, String database, Long id, String label) {
        List<List<Object>> rows = id != null
                ? Sql.rows(c, "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE db = ? AND txn_id = ?", database, id)
                : Sql.rows(c, "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE db = ? AND label = ? ORDER BY txn_id", database, label);
        List<LoadTransaction> out = new ArrayList<>();
        for (List<Object> r : rows) {
            out.add(new LoadTransaction(((Number) r.get(0)).longValue(), (String) r.get(1), (String) r.get(2), (String) r.get(3),
                    (String) r.get(4), ((Number) r.get(5)).longValue(), nullableLong(r.get(6)), nullableLong(r.get(7)),
                    (String) r.get(8), ((Number) r.get(9)).longValue()));
        }
        return out;
    }

    /** A dropped database's transactions go with it, as its labels do. */
    public static void forgetDatabase(Connection c, String database) {
        Sql.update(c, "DELETE FROM " + TABLE + " WHERE db = ?", database);
    }

    private static Long nullableLong(Object v) {
        return v == null ? null : ((Number) v).longValue();
    }
}
