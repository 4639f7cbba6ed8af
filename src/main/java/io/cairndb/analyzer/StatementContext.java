package io.cairndb.analyzer;

import io.cairndb.catalog.AccessRights;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.FeConfig;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.changelog.ChangelogBounds;
import io.cairndb.changelog.CommitTso;
import io.cairndb.changelog.StreamReads;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.TableLocks;
import io.cairndb.engine.Txn;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.QualifiedName;

/**
 * Everything one statement runs with: the catalog, its transaction, its session, the writer locks,
 * the FE configuration, the statement's commit timestamp, the bounds of the changelogs' bookkeeping
 * ({@link ChangelogBounds}) and the transparent rewrite of its queries.
 */
public record StatementContext(Catalog catalog, Txn txn, SessionState session, TableLocks locks, FeConfig config,
                               CommitTso commitTso, ChangelogBounds changelogBounds, StreamReads streamReads,
                               SystemTables systemTables, QueryRewriter rewriter) {

    /** The database a name refers to: its qualifier, or the session's current database. */
    /** The database of a table's name ({@code t}, {@code db.t} or {@code internal.db.t}). */
    public String databaseOf(QualifiedName name) {
        if (name.parts().size() > 3) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid table name " + name + ": a table is [catalog.][database.]table");
        }
        if (name.parts().size() == 3) {
            Catalog.requireInternal(name.parts().get(0));
        }
        return databaseOf(name.database());
    }

    public String databaseOf(String explicit) {
        String db = explicit != null ? explicit : session.currentDatabase();
        if (db == null) {
            throw new CairnException(ErrorCode.NO_DATABASE_SELECTED, "No database selected");
        }
        if (!systemTables.isSystemSchema(db)) {
            catalog.requireDatabase(db);
        }
        return db;
    }

    /** The stream a name refers to, or null when there is none of that name. */
    public StreamMeta stream(QualifiedName name) {
        return catalog.stream(databaseOf(name), name.name());
    }

    /** The table or view a name refers to; fails with Doris's message when it does not exist. */
    public TableMeta table(QualifiedName name) {
        return catalog.requireTable(databaseOf(name), name.name());
    }

    /** Like {@link #table} but rejects views, for statements that write. */
    public TableMeta baseTable(QualifiedName name) {
        TableMeta t = table(name);
        if (t.isView()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table[" + t.name() + "] is a view, not an OLAP table");
        }
        return t;
    }

    /**
     * Takes a table's (or MV's) writer lock until this statement's transaction has ended and its changes
     * are published: DuckDB fails a concurrent writer of the same rows rather than making it wait, and the
     * next holder must see the versions this one committed.
     */
    public void lockUntilEnd(String database, String name) {
        HeldTableLock held = session.heldTableLock(database, name);
        if (held == HeldTableLock.READ) {
            throw new CairnException(ErrorCode.TABLE_READ_LOCKED, "Table '" + name + "' was locked with a READ lock and can't be updated");
        }
        if (held == HeldTableLock.WRITE) {
            return; // the session's LOCK TABLES holds it already
        }
        TableLocks.Held lock = locks.lock(database, name, txn, txn::interrupted);
        txn.afterEnd(lock::close);
    }

    /**
     * Claims a name in a database for an object this statement creates (table, view, MV, stream), until
     * it ends: a concurrent creator of the same name waits and then finds it taken, and the database
     * is not dropped meanwhile. Call before checking whether the name exists.
     */
    public void lockNewName(String database, String name) {
        TableLocks.Held namespace = locks.lockDatabase(database, false, txn, txn::interrupted);
        txn.afterEnd(namespace::close);
        catalog.requireDatabase(database);
        lockUntilEnd(database, name);
    }

    /** Locks all tables' constraints until this statement ends; before any table's lock (see {@link TableLocks#lockConstraints}). */
    public void lockConstraints() {
        TableLocks.Held lock = locks.lockConstraints(txn, txn::interrupted);
        txn.afterEnd(lock::close);
    }

    /** Locks a database's whole namespace until this statement ends (CREATE / DROP DATABASE). */
    public void lockDatabase(String database) {
        TableLocks.Held namespace = locks.lockDatabase(database, true, txn, txn::interrupted);
        txn.afterEnd(namespace::close);
    }

    /**
     * Runs {@code work} on a base table holding its writer lock until the statement ends (see
     * {@link #lockUntilEnd}). The metadata is read again under the lock: the previous writer published
     * new versions before it let go.
     */
    public <T> T underWriteLock(QualifiedName name, java.util.function.Function<TableMeta, T> work) {
        TableMeta probe = baseTable(name);
        if (probe.kind() == io.cairndb.catalog.TableKind.MATERIALIZED_VIEW) {
            // An MV's rows change only by refresh, so they always equal its definition at some point.
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table[" + probe.name()
                    + "] is a materialized view: it changes only by REFRESH MATERIALIZED VIEW or ALTER MATERIALIZED VIEW");
        }
        return underMetadataLock(name, work);
    }

    /**
     * As {@link #underWriteLock}, for a change of a table's metadata alone (its comment), which
     * materialized views take too.
     */
    public <T> T underMetadataLock(QualifiedName name, java.util.function.Function<TableMeta, T> work) {
        TableMeta probe = baseTable(name);
        lockUntilEnd(probe.database(), probe.name());
        TableMeta current = baseTable(name);
        // An earlier statement of this (explicit) transaction may have saved newer partitions and versions.
        return work.apply(txn.hasSaved(current.id()) ? catalog.tableAsSaved(txn.connection(), current) : current);
    }

    /** This statement's context with another current database (where an MV definition was written). */
    public StatementContext inDatabase(String database) {
        return new StatementContext(catalog, txn, new SessionOverlay(session, database, session.access()), locks, config,
                commitTso, changelogBounds, streamReads, systemTables, rewriter);
    }

    /**
     * This statement's context for internal work that reads for no user (a rollup's or MV's definition
     * bound to maintain or match it): nothing it binds is checked against the session's privileges.
     */
    public StatementContext unchecked() {
        return withRights(AccessRights.SYSTEM);
    }

    /** This statement's context with other rights. */
    public StatementContext withRights(AccessRights rights) {
        return new StatementContext(catalog, txn, new SessionOverlay(session, session.currentDatabase(), rights),
                locks, config, commitTso, changelogBounds, streamReads, systemTables, rewriter);
    }

    /** What the statement's user may do. */
    public AccessRights access() {
        return session.access();
    }

    /** Whether the statement's user may see that {@code database.table} exists (system listings show only those). */
    public boolean visible(String database, String table) {
        return session.access().canSee(database, table);
    }

    public QueryTranslator translator() {
        return new QueryTranslator(this);
    }
}
