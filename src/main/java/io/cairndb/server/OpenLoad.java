package io.cairndb.server;

import io.cairndb.write.LoadTransaction;

import java.util.HashSet;
import java.util.Set;

/**
 * The load transaction of a session's explicit transaction. It takes its id at its first write, as
 * Doris begins the real transaction only then; a label the user named is claimed in each database the
 * transaction writes, before its first write there.
 */
final class OpenLoad {
    private final String label;
    private final boolean named;
    private final long prepareTime;
    private final long timeoutMs;
    private final Set<String> claimedIn = new HashSet<>();
    private long id;
    private long writes;
    private String database;

    OpenLoad(String namedLabel, long prepareTime, long timeoutMs) {
        this.named = namedLabel != null;
        this.label = named ? namedLabel : LoadInfo.transactionLabel();
        this.prepareTime = prepareTime;
        this.timeoutMs = timeoutMs;
    }

    String label() {
        return label;
    }

    /** Whether the user named the label, which then must not have been used. */
    boolean named() {
        return named;
    }

    /** True the first time a write into {@code db} asks: its label is then claimed there. */
    boolean firstWriteInto(String db) {
        return claimedIn.add(db);
    }

    /** Called after each successful write: the first gives the transaction its id and database. */
    void wrote(String db, long newId) {
        if (id == 0) {
            id = newId;
            database = db;
        }
    }

    /** Counts a successful write of the transaction (savepoints compare the counts). */
    void countWrite() {
        writes++;
    }

    long writes() {
        return writes;
    }

    /** Whether a write happened, so that there is a transaction to record. */
    boolean written() {
        return id != 0;
    }

    long id() {
        return id;
    }

    /** The committed transaction; SHOW TRANSACTION finds it in the database of its first write. */
    LoadTransaction visible(long nowMillis) {
        return new LoadTransaction(id, database, label, LoadTransaction.VISIBLE, LoadTransaction.INSERT_STREAMING,
                prepareTime, nowMillis, nowMillis, "", timeoutMs);
    }

    LoadTransaction aborted(long nowMillis, String reason) {
        return new LoadTransaction(id, database, label, LoadTransaction.ABORTED, LoadTransaction.INSERT_STREAMING,
                prepareTime, null, nowMillis, reason, timeoutMs);
    }

    /** The txnId the OK info shows: empty until the first write. */
    String idText() {
        return id == 0 ? "" : Long.toString(id);
    }
}
