package io.cairndb.catalog;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-memory catalog of databases, tables and views, backed by {@code cairn_sys}. Writers
 * persist a change in their transaction with {@code save*}/{@code delete*} and make it visible with
 * the matching {@code publish*}/{@code forget*} after commit.
 */
public final class Catalog {
    public static final String SYSTEM_SCHEMA = CatalogStore.SCHEMA;

    /**
     * Fails unless {@code name} (a catalog qualifier, {@code ctl.db} or {@code ctl.db.t}) names the one
     * catalog there is, Doris's {@code internal}: another catalog's objects are not this server's.
     */
    public static void requireInternal(String name) {
        if (!name.equalsIgnoreCase(GrantMeta.INTERNAL)) {
            throw new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.WRONG_ARGUMENTS, "Unknown catalog '" + name + "'");
        }
    }

    private final CatalogStore store = new CatalogStore();
    private final Map<String, DatabaseMeta> databases = new ConcurrentHashMap<>();
    private final NamedEntries<TableMeta> tables = new NamedEntries<>(TableMeta::database, TableMeta::name, TableMeta::id);
    private final NamedEntries<StreamMeta> streams = new NamedEntries<>(StreamMeta::database, StreamMeta::name, StreamMeta::id);
    private final NamedEntries<MvMeta> mvs = new NamedEntries<>(MvMeta::database, MvMeta::name, MvMeta::id);
    private final NamedEntries<RollupJob> rollupJobs = new NamedEntries<>(RollupJob::database, j -> String.valueOf(j.jobId()),
            RollupJob::jobId);
    private final Map<String, UserMeta> users = new ConcurrentHashMap<>();
    private final Map<String, RoleMeta> roles = new ConcurrentHashMap<>();
    /** Changes whenever an account or role changes, so that sessions know when their rights are stale. */
    private final AtomicLong accessVersion = new AtomicLong();
    private final List<TableListener> tableListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicLong nextId = new AtomicLong(10_000);

    /** Creates the system schema if needed and loads every entry. */
    public void load(Connection c) {
        store.createSchema(c);
        long maxId = nextId.get();
        for (DatabaseMeta db : store.loadDatabases(c)) {
            databases.put(db.name(), db);
            maxId = Math.max(maxId, db.id());
        }
        for (TableMeta t : store.loadTables(c)) {
            tables.put(t);
            maxId = Math.max(maxId, t.id());
            for (RollupMeta r : t.rollups()) {
                maxId = Math.max(maxId, r.id());
            }
            if (t.partitioning() != null) {
                for (PartitionMeta p : t.partitioning().partitions()) {
                    maxId = Math.max(maxId, p.id());
                }
            }
        }
        for (MvMeta mv : store.loadMvs(c)) {
            mvs.put(mv);
            maxId = Math.max(maxId, Math.max(mv.id(), mv.jobId()));
        }
        for (StreamMeta s : store.loadStreams(c)) {
            streams.put(s);
            maxId = Math.max(maxId, s.id());
        }
        for (RollupJob j : store.loadRollupJobs(c)) {
            rollupJobs.put(j);
            maxId = Math.max(maxId, j.jobId());
        }
        for (UserMeta u : store.loadUsers(c)) {
            users.put(u.key(), u);
        }
        for (RoleMeta r : store.loadRoles(c)) {
            roles.put(r.name(), r);
        }
        nextId.set(maxId + 1);
        try {
            c.commit();
        } catch (SQLException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot initialize catalog: " + e.getMessage(), e);
        }
    }

    public long newId() {
        return nextId.getAndIncrement();
    }

    // ---- lookups

    public DatabaseMeta database(String name) {
        return name == null ? null : databases.get(name);
    }

    public DatabaseMeta requireDatabase(String name) {
        DatabaseMeta db = database(name);
        if (db == null) {
            throw new CairnException(ErrorCode.UNKNOWN_DATABASE, "Unknown database '" + name + "'");
        }
        return db;
    }

    public List<DatabaseMeta> databases() {
        List<DatabaseMeta> out = new ArrayList<>(databases.values());
        out.sort(Comparator.comparing(DatabaseMeta::name));
        return out;
    }

    public TableMeta table(String database, String name) {
        return tables.get(database, name);
    }

    /** The table with this id in {@code database}, or null (a table keeps its id through renames). */
    public TableMeta tableById(String database, long id) {
        TableMeta t = tables.byId(id);
        return t != null && t.database().equals(database) ? t : null;
    }

    public TableMeta requireTable(String database, String name) {
        requireDatabase(database);
        TableMeta t = table(database, name);
        if (t == null) {
            throw new CairnException(ErrorCode.NO_SUCH_TABLE,
                    "Table [" + name + "] does not exist in database [" + database + "].");
        }
        return t;
    }

    public List<TableMeta> tables(String database) {
        return tables.list(database);
    }

    // ---- DuckDB names (DuckDB compares names without case; databases and tables compare with case)

    /** The DuckDB schema for a new database {@code id}: its name, unless a schema differing only in case exists. */
    public String freeSchemaName(String name, long id) {
        return unclashed(name, id, databases.values().stream().map(DatabaseMeta::schema).toList());
    }

    /**
     * {@code t}, a new table, with its DuckDB name: in its database's schema, named {@code t.name()}
     * unless another table there has a DuckDB name differing from that only in case. A table keeps
     * this name for life; renames change only its name in the catalog.
     */
    public TableMeta withFreeDuckName(TableMeta t) {
        List<String> taken = tables(t.database()).stream().filter(e -> !e.isView()).map(TableMeta::duckTable).toList();
        return t.withDuckName(requireDatabase(t.database()).schema(), unclashed(t.name(), t.id(), taken));
    }

    private static String unclashed(String name, long id, List<String> taken) {
        String candidate = name;
        while (containsIgnoringCase(taken, candidate)) {
            candidate = candidate + "_" + id;
        }
        return candidate;
    }

    private static boolean containsIgnoringCase(List<String> names, String name) {
        return names.stream().anyMatch(name::equalsIgnoreCase);
    }

    // ---- changes (persist in the caller's transaction; publish after commit)

    public void saveDatabase(Connection c, DatabaseMeta db) {
        store.saveDatabase(c, db);
    }

    public void publishDatabase(DatabaseMeta db) {
        databases.put(db.name(), db);
    }

    public void deleteDatabase(Connection c, String name) {
        store.deleteDatabase(c, name);
    }

    public void forgetDatabase(String name) {
        databases.remove(name);
        tables.removeDatabase(name);
        streams.removeDatabase(name);
        mvs.removeDatabase(name);
        rollupJobs.removeDatabase(name);
    }

    // ---- user accounts

    public UserMeta user(String user, String host) {
        return users.get(UserMeta.key(user, host));
    }

    /** The account of a {@link UserMeta#key}, or null. */
    public UserMeta userByKey(String key) {
        return users.get(key);
    }

    /** Every account, in no order. */
    public List<UserMeta> users() {
        return new ArrayList<>(users.values());
    }

    public void saveUser(Connection c, UserMeta u) {
        store.saveUser(c, u);
    }

    public void publishUser(UserMeta u) {
        users.put(u.key(), u);
        accessVersion.incrementAndGet();
    }

    public void deleteUser(Connection c, UserMeta u) {
        store.deleteUser(c, u.key());
    }

    public void forgetUser(UserMeta u) {
        users.remove(u.key());
        accessVersion.incrementAndGet();
    }

    /** A role by name, built-in ones included, or null. */
    public RoleMeta role(String name) {
        for (RoleMeta r : RoleMeta.BUILT_IN) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        return roles.get(name);
    }

    /** Every role, built-in ones first, the others by name. */
    public List<RoleMeta> roles() {
        List<RoleMeta> out = new ArrayList<>(RoleMeta.BUILT_IN);
        roles.values().stream().sorted(java.util.Comparator.comparing(RoleMeta::name)).forEach(out::add);
        return out;
    }

    public void saveRole(Connection c, RoleMeta r) {
        store.saveRole(c, r);
    }

    public void publishRole(RoleMeta r) {
        roles.put(r.name(), r);
        accessVersion.incrementAndGet();
    }

    public void deleteRole(Connection c, RoleMeta r) {
        store.deleteRole(c, r.name());
    }

    public void forgetRole(RoleMeta r) {
        roles.remove(r.name());
        accessVersion.incrementAndGet();
    }

    /** A number that changes whenever an account or role is published or forgotten. */
    public long accessVersion() {
        return accessVersion.get();
    }

    // ---- rollup (synchronous MV) jobs

    /** The rollup jobs of a database, oldest first. */
    public List<RollupJob> rollupJobs(String database) {
        List<RollupJob> out = new ArrayList<>(rollupJobs.list(database));
        out.sort(Comparator.comparingLong(RollupJob::jobId));
        return out;
    }

    public void saveRollupJob(Connection c, RollupJob job) {
        store.saveRollupJob(c, job);
    }

    public void publishRollupJob(RollupJob job) {
        rollupJobs.put(job);
    }

    /**
     * The storage of the rollup with this id, described as a table (see {@link RollupMeta#storage}), or
     * null: what a plan reading a rollup scans.
     */
    public TableMeta rollupStorage(String database, long rollupId) {
        for (TableMeta t : tables.list(database)) {
            for (RollupMeta r : t.rollups()) {
                if (r.id() == rollupId) {
                    return r.storage(t);
                }
            }
        }
        return null;
    }

    // ---- streams

    public StreamMeta stream(String database, String name) {
        return streams.get(database, name);
    }

    public List<StreamMeta> streams(String database) {
        return streams.list(database);
    }

    public void saveStream(Connection c, StreamMeta s) {
        store.saveStream(c, s);
    }

    public void publishStream(StreamMeta s) {
        streams.put(s);
    }

    public void deleteStream(Connection c, String database, String name) {
        store.deleteStream(c, database, name);
    }

    public void forgetStream(String database, String name) {
        streams.remove(database, name);
    }

    public void saveTable(Connection c, TableMeta t) {
        store.saveTable(c, t);
    }

    /**
     * The table as {@code c}'s transaction saved it, which is newer than the published one when an
     * earlier statement of the same (explicit) transaction changed it; {@code published} otherwise.
     */
    public TableMeta tableAsSaved(Connection c, TableMeta published) {
        TableMeta saved = store.loadTable(c, published.database(), published.name());
        return saved == null ? published : saved;
    }

    public void publishTable(TableMeta t) {
        TableMeta previous = tables.get(t.database(), t.name());
        tables.put(t);
        for (TableListener l : tableListeners) {
            l.published(previous, t);
        }
    }

    /** Listeners hear of every table published after a commit (new, changed metadata or new versions). */
    public void addTableListener(TableListener listener) {
        tableListeners.add(listener);
    }

    /** Reacts to a committed table change; {@code previous} is null for a new table. Must not block. */
    public interface TableListener {
        void published(TableMeta previous, TableMeta current);
    }

    // ---- asynchronous materialized views

    public MvMeta mv(String database, String name) {
        return mvs.get(database, name);
    }

    /** A number that changes whenever an MV is published, renamed or dropped. */
    public long mvsVersion() {
        return mvs.version();
    }

    public MvMeta mvById(long id) {
        return mvs.byId(id);
    }

    public List<MvMeta> mvs(String database) {
        return mvs.list(database);
    }

    public List<MvMeta> allMvs() {
        List<MvMeta> out = new ArrayList<>();
        for (DatabaseMeta db : databases()) {
            out.addAll(mvs.list(db.name()));
        }
        return out;
    }

    public void saveMv(Connection c, MvMeta mv) {
        store.saveMv(c, mv);
    }

    /** Saves an MV with its data table, as a refresh does (cheaper than two saves). */
    public void saveMvAndTable(Connection c, MvMeta mv, TableMeta table) {
        if (!mv.database().equals(table.database()) || !mv.name().equals(table.name())) {
            throw new IllegalArgumentException("table " + table.name() + " is not the data of materialized view " + mv.name());
        }
        store.saveMvAndTable(c, mv, table);
    }

    public void publishMv(MvMeta mv) {
        mvs.put(mv);
    }

    /**
     * Whether the transaction reading through {@code c} sees the MV, its table and its base tables as
     * they are published: its snapshot, taken earlier, may hold older entries (and the rows they
     * describe), or newer ones committed but not yet published.
     */
    public boolean sameAsSaved(Connection c, MvMeta mv) {
        if (!mv.equals(store.loadMv(c, mv.database(), mv.name()))) {
            return false;
        }
        TableMeta own = table(mv.database(), mv.name());
        if (own == null || !own.equals(store.loadTable(c, own.database(), own.name()))) {
            return false;
        }
        for (MvMeta.BaseTable b : mv.baseTables()) {
            TableMeta t = tableById(b.database(), b.id());
            if (t == null || !t.equals(store.loadTable(c, t.database(), t.name()))) {
                return false;
            }
        }
        return true;
    }

    public void deleteMv(Connection c, String database, String name) {
        store.deleteMv(c, database, name);
    }

    public void forgetMv(String database, String name) {
        mvs.remove(database, name);
    }

    public void deleteTable(Connection c, String database, String name) {
        store.deleteTable(c, database, name);
    }

    public void forgetTable(String database, String name) {
        tables.remove(database, name);
    }
}
