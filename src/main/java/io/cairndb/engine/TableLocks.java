package io.cairndb.engine;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serializes writers per table. DuckDB fails a second concurrent writer of the same rows at once
 * ("Conflict on update") instead of waiting, so writers queue here first.
 */
public final class TableLocks {
    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

    /** Locks {@code db.table} until the returned handle is closed. */
    public Held lock(String database, String table) {
        ReentrantLock lock = locks.computeIfAbsent(database + "\u0000" + table, k -> new ReentrantLock(true));
        lock.lock();
        return lock::unlock;
    }

    /** A held lock; closing releases it. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }
}
