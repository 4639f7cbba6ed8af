package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BooleanSupplier;

/**
 * Serializes writers per table, and consumers per stream. DuckDB fails a second concurrent writer of the same rows at once
 * ("Conflict on update") instead of waiting, so writers queue here first.
 */
public final class TableLocks {
    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ReentrantReadWriteLock> databases = new ConcurrentHashMap<>();

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
        return acquire(lockOf(database, table), killed);
    }

    /**
     * Locks a stream for one consumer (whatever it writes to), waiting as {@link #lock(String, String,
     * BooleanSupplier)} does: a consumer must read the offsets the previous one committed.
     */
    public Held lockStream(String database, String stream, BooleanSupplier killed) {
        return acquire(locks.computeIfAbsent(database + "\u0000stream\u0000" + stream, k -> new ReentrantLock(true)), killed);
    }

    /**
     * Locks a database's namespace: shared by statements that create an object in it, exclusive for
     * CREATE and DROP DATABASE, so a table is never created in a database being dropped.
     */
    public Held lockDatabase(String database, boolean exclusive, BooleanSupplier killed) {
        ReentrantReadWriteLock rw = databases.computeIfAbsent(database, k -> new ReentrantReadWriteLock(true));
        return acquire(exclusive ? rw.writeLock() : rw.readLock(), killed);
    }

    private static Held acquire(Lock lock, BooleanSupplier killed) {
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
