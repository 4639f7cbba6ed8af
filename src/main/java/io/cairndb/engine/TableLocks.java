package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * Serializes writers per table. DuckDB fails a second concurrent writer of the same rows at once
 * ("Conflict on update") instead of waiting, so writers queue here first.
 */
public final class TableLocks {
    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

    /** Locks {@code db.table} until the returned handle is closed. */
    public Held lock(String database, String table) {
        ReentrantLock lock = lockOf(database, table);
        lock.lock();
        return lock::unlock;
    }

    /**
     * As {@link #lock(String, String)}, but gives up with "Query execution was interrupted" once
     * {@code killed} says so (KILL of a statement that waits here), checked every 50 ms.
     */
    public Held lock(String database, String table, BooleanSupplier killed) {
        ReentrantLock lock = lockOf(database, table);
        try {
            while (!lock.tryLock(50, TimeUnit.MILLISECONDS)) {
                if (killed.getAsBoolean()) {
                    throw new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted", e);
        }
        return lock::unlock;
    }

    private ReentrantLock lockOf(String database, String table) {
        return locks.computeIfAbsent(database + "\u0000" + table, k -> new ReentrantLock(true));
    }

    /** A held lock; closing releases it. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }
}
