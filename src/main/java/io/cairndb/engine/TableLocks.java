package io.cairndb.engine;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Serializes writers per table, consumers per stream, and creators of names per database. DuckDB fails
 * a second concurrent writer of the same rows at once ("Conflict on update") instead of waiting, so
 * writers queue here first. Locks belong to an owner (a statement's or session's transaction), since a
 * transaction's statements may run on different threads.
 */
public final class TableLocks {
    private final ConcurrentHashMap<String, OwnedLock> locks = new ConcurrentHashMap<>();

    /** Locks {@code db.table} for a task of its own (not re-entrant) until the returned handle is closed. */
    public Held lock(String database, String table) {
        return lock(database, table, new Object(), () -> false);
    }

    /**
     * Locks {@code db.table} for {@code owner} until the handle is closed; gives up with "Query execution
     * was interrupted" once {@code killed} says so (KILL of a statement that waits here).
     */
    public Held lock(String database, String table, Object owner, BooleanSupplier killed) {
        return acquire(database + "\u0000" + table, owner, true, killed);
    }

    /**
     * Locks a stream for one consumer (whatever it writes to): a consumer must read the offsets the
     * previous one committed.
     */
    public Held lockStream(String database, String stream, Object owner, BooleanSupplier killed) {
        return acquire(database + "\u0000stream\u0000" + stream, owner, true, killed);
    }

    /**
     * Locks a database's namespace: shared by statements that create an object in it, exclusive for
     * CREATE and DROP DATABASE, so a table is never created in a database being dropped.
     */
    public Held lockDatabase(String database, boolean exclusive, Object owner, BooleanSupplier killed) {
        return acquire(database + "\u0000database", owner, exclusive, killed);
    }

    /**
     * Serializes what changes or relies on table constraints across tables (ADD / DROP CONSTRAINT,
     * DROP TABLE, DROP DATABASE, REPLACE): taken before any table's lock, so that a foreign key and the
     * primary key it references are never changed from two sides at once.
     */
    public Held lockConstraints(Object owner, BooleanSupplier killed) {
        return acquire("\u0000constraints", owner, true, killed);
    }

    private Held acquire(String key, Object owner, boolean exclusive, BooleanSupplier killed) {
        OwnedLock lock = locks.computeIfAbsent(key, k -> new OwnedLock());
        lock.acquire(owner, exclusive, killed);
        return () -> lock.release(owner);
    }

    /** A held lock; closing releases it. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }
}
