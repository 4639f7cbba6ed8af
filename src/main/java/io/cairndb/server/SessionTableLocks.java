package io.cairndb.server;

import io.cairndb.analyzer.HeldTableLock;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.TableLocks;
import io.cairndb.engine.UpdateCount;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The table locks a session took with LOCK TABLES, held until UNLOCK TABLES, the next LOCK TABLES or
 * the session's end. Each is the table's writer lock, so no other session writes a locked table
 * meanwhile (readers go on: they read a snapshot); the session's own writes need WRITE. A view named
 * is checked and not locked. Tables the session did not lock stay usable, unlike in MySQL.
 */
final class SessionTableLocks {
    private final Map<String, HeldTableLock> held = new HashMap<>();
    private final List<TableLocks.Held> handles = new ArrayList<>();

    /**
     * LOCK TABLES: lets go of the locks held before, then takes the named tables' locks in one order
     * (by name), so that two sessions locking the same tables never wait for each other in a cycle. A
     * table named twice gets the stronger lock. READ needs SELECT on the table, WRITE needs LOAD.
     */
    synchronized UpdateCount lock(StatementContext ctx, Statement.LockTables stmt, TableLocks locks) {
        unlock();
        Map<String, TableMeta> tables = new TreeMap<>();
        Map<String, HeldTableLock> modes = new HashMap<>();
        for (Statement.LockTarget target : stmt.tables()) {
            TableMeta t = ctx.table(target.name());
            ctx.access().require(target.write() && !t.isView() ? Access.LOAD : Access.SELECT, t.database(), t.name());
            if (t.isView()) {
                continue; // a view's rows are its tables', which are locked when named
            }
            String key = key(t.database(), t.name());
            tables.put(key, t);
            modes.merge(key, target.write() ? HeldTableLock.WRITE : HeldTableLock.READ,
                    (a, b) -> a == HeldTableLock.WRITE || b == HeldTableLock.WRITE ? HeldTableLock.WRITE : HeldTableLock.READ);
        }
        try {
            for (Map.Entry<String, TableMeta> e : tables.entrySet()) {
                handles.add(locks.lock(e.getValue().database(), e.getValue().name(), this, ctx.txn()::interrupted));
                held.put(e.getKey(), modes.get(e.getKey()));
            }
        } catch (RuntimeException e) {
            unlock();
            throw e;
        }
        return UpdateCount.NONE;
    }

    /** UNLOCK TABLES (and the session's end): lets go of every table lock; nothing when none is held. */
    synchronized UpdateCount unlock() {
        handles.forEach(TableLocks.Held::close);
        handles.clear();
        held.clear();
        return UpdateCount.NONE;
    }

    synchronized HeldTableLock held(String database, String table) {
        return held.isEmpty() ? null : held.get(key(database, table));
    }

    private static String key(String database, String table) {
        return database + "\u0000" + table;
    }
}
