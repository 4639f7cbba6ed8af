package io.cairndb.server;

import io.cairndb.analyzer.SystemTables;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.AccessRights;
import io.cairndb.catalog.Catalog;
import io.cairndb.system.DataSizes;
import io.cairndb.system.InformationSchema;
import io.cairndb.write.LoadLabels;
import io.cairndb.write.TransactionHistory;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.FeConfig;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.UserMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogBounds;
import io.cairndb.changelog.ChangelogRetention;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.changelog.Tso;
import io.cairndb.engine.DuckEngine;
import io.cairndb.engine.MemoryLimit;
import io.cairndb.engine.TableLocks;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.system.ProcessInfo;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.changelog.CommitTso;
import io.cairndb.changelog.StreamReads;
import io.cairndb.engine.Txn;
import io.cairndb.mv.MaterializedViews;
import io.cairndb.mv.SyncMaterializedViews;
import io.cairndb.mv.MvScheduler;
import io.cairndb.mv.TaskEnvironment;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One CairnDB instance: the DuckDB engine, the catalog, writer locks and the open sessions. The
 * protocol server and embedded tests open sessions through it.
 */
public final class Database implements SqlSessionFactory, TaskEnvironment, AutoCloseable {
    private final DuckEngine engine;
    private final Catalog catalog = new Catalog();
    private final TableLocks locks = new TableLocks();
    private final Map<Long, Session> sessions = new ConcurrentHashMap<>();
    private final ServerMetrics metrics = new ServerMetrics();
    private final long startedAt = System.currentTimeMillis();
    /** Where the server listens, once it does (SHOW FRONTENDS / BACKENDS); null for an embedded database. */
    private volatile Endpoints endpoints;

    /** The host and ports the server listens on. */
    public record Endpoints(String host, int queryPort, int httpPort) {
    }
    private final Map<String, String> globalVariables = new ConcurrentHashMap<>();
    private final Accounts accounts = new Accounts(catalog);
    private final Grants grants = new Grants(catalog);
    private final FeConfig config;
    private final Tso tso = new Tso();
    private final ChangelogBounds changelogBounds = new ChangelogBounds();
    private final TransactionHistory transactionHistory = new TransactionHistory();
    private final DataSizes dataSizes = new DataSizes();
    private final ExportJobs exportJobs = new ExportJobs();
    private final SystemTables systemTables;
    private final MaterializedViews materializedViews;
    private final SyncMaterializedViews syncMaterializedViews;
    private final DynamicPartitionScheduler dynamicPartitions;
    private final ScheduledExecutorService housekeeping = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "housekeeping");
        t.setDaemon(true);
        return t;
    });
    private final Connection housekeepingConnection;
    /**
     * Repeats KILL's interrupts until the killed statement has ended (see {@link Session#interrupt}),
     * and checks the sessions' time limits (see {@link Session#checkTimeLimit}); a check that is
     * cancelled leaves the queue at once rather than when it would have run.
     */
    private final ScheduledThreadPoolExecutor interrupter = interrupter();

    private static ScheduledThreadPoolExecutor interrupter() {
        ScheduledThreadPoolExecutor interrupter = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "kill");
            t.setDaemon(true);
            return t;
        });
        interrupter.setRemoveOnCancelPolicy(true);
        return interrupter;
    }

    /** Timeouts and repeated interrupts scheduled and not yet run or cancelled; for tests. */
    int pendingInterrupts() {
        return interrupter.getQueue().size();
    }

    private Database(DuckEngine engine, FeConfig config) {
        this.engine = engine;
        this.config = config;
        engine.limitMemory(MemoryLimit.bytes(config.get("mem_limit"), MemoryLimit.physicalBytes()));
        // Clients size their packets by the variable: it reports the limit the server enforces.
        globalVariables.put("max_allowed_packet", config.get("max_allowed_packet"));
        try (Connection c = engine.connect()) {
            catalog.load(c);
            List<UserMeta> builtIn = accounts.builtInsToCreate(c, config.get(FeConfig.INITIAL_ROOT_PASSWORD));
            ChangelogTables.createSchema(c);
            StreamOffsets.createSchema(c);
            LoadLabels.createSchema(c);
            transactionHistory.load(c);
            List<TableMeta> changelogTables = new ArrayList<>();
            for (DatabaseMeta db : catalog.databases()) {
                for (TableMeta t : catalog.tables(db.name())) {
                    if (ChangelogConfig.of(t).enabled()) {
                        changelogTables.add(t);
                    }
                }
            }
            Set<Long> tableIds = new HashSet<>();
            Set<Long> streamIds = new HashSet<>();
            for (DatabaseMeta db : catalog.databases()) {
                catalog.tables(db.name()).forEach(t -> tableIds.add(t.id()));
                catalog.streams(db.name()).forEach(s -> streamIds.add(s.id()));
            }
            ChangelogTables.dropOrphans(c, tableIds);
            StreamOffsets.dropOrphans(c, streamIds);
            LoadLabels.dropOrphans(c, new HashSet<>(catalog.databases().stream().map(DatabaseMeta::name).toList()));
            ChangelogTables.upgrade(c, changelogTables);
            tso.load(c, ChangelogTables.names(changelogTables.stream().map(TableMeta::id).toList()));
            changelogBounds.load(c);
            c.commit();
            builtIn.forEach(catalog::publishUser);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot start: " + e.getMessage(), e);
        }
        materializedViews = new MaterializedViews(new MvScheduler(this, catalog, config, locks,
                engine.file() == null ? null : engine.file().resolveSibling("mv-tasks.journal")));
        systemTables = new InformationSchema(materializedViews, this::processes, dataSizes);
        syncMaterializedViews = new SyncMaterializedViews(catalog, this, locks);
        syncMaterializedViews.recover();
        housekeepingConnection = engine.connect();
        long every = config.number("changelog_cleanup_interval_seconds");
        // The first pass runs before the database serves anyone, so expired history is never read.
        cleanUpChangelogs();
        housekeeping.scheduleWithFixedDelay(this::cleanUpChangelogs, every, every, TimeUnit.SECONDS);
        housekeeping.scheduleWithFixedDelay(this::flushTransactionHistory, 1, 1, TimeUnit.SECONDS);
        materializedViews.start();
        dynamicPartitions = new DynamicPartitionScheduler(this, catalog, config);
        dynamicPartitions.start();
    }

    /** Opens the database in {@code dataDir} (in memory when null) with the default configuration. */
    public static Database open(Path dataDir) {
        return open(dataDir, new FeConfig());
    }

    public static Database open(Path dataDir, FeConfig config) {
        return new Database(DuckEngine.open(dataDir), config);
    }

    /** Writes the finished load transactions queued since the last time; every second and at shutdown. */
    private void flushTransactionHistory() {
        synchronized (housekeepingConnection) {
            try {
                transactionHistory.flush(housekeepingConnection, name -> catalog.database(name) != null);
            } catch (java.sql.SQLException | RuntimeException e) {
                // The queue keeps what was not written: the next pass tries again.
                try {
                    housekeepingConnection.rollback();
                } catch (java.sql.SQLException r) {
                    e.addSuppressed(r);
                }
                org.slf4j.LoggerFactory.getLogger(Database.class).warn("writing the transaction history", e);
            }
        }
    }

    /** Removes changes past their retention; runs in the background and right after startup. */
    public long cleanUpChangelogs() {
        synchronized (housekeepingConnection) {
            return ChangelogRetention.cleanUp(housekeepingConnection, catalog, locks, tso, changelogBounds,
                    System.currentTimeMillis());
        }
    }

    /**
     * Runs dynamic partitioning over every table now, as its background job does every
     * dynamic_partition_check_interval_seconds; returns the number of tables whose partitions changed.
     */
    public int runDynamicPartitionPass() {
        return dynamicPartitions.runPass();
    }

    DynamicPartitionScheduler dynamicPartitions() {
        return dynamicPartitions;
    }

    @Override
    public Connection connect() {
        Connection c = engine.connect();
        Session.prepare(c, maxAllowedPacket());
        return c;
    }

    @Override
    public StatementContext context(Txn txn, String database) {
        return context(txn, new TaskSessionState(database, globalVariables, "root", AccessRights.SYSTEM));
    }

    @Override
    public StatementContext contextAs(Txn txn, String database, String account) {
        UserMeta creator = catalog.userByKey(account == null ? UserMeta.key("root", "%") : account);
        String user = creator != null ? creator.user() : account.substring(0, account.lastIndexOf('@'));
        return context(txn, new TaskSessionState(database, globalVariables, user,
                AccessRights.of(user, creator, catalog::role, "localhost")));
    }

    private StatementContext context(Txn txn, TaskSessionState session) {
        return new StatementContext(catalog, txn, session, locks, config, new CommitTso(tso, System::currentTimeMillis),
                changelogBounds, new StreamReads(), systemTables, materializedViews.rewriter());
    }

    MaterializedViews materializedViews() {
        return materializedViews;
    }

    SyncMaterializedViews syncMaterializedViews() {
        return syncMaterializedViews;
    }

    @Override
    public Session open(long connectionId, String user, String database, String remoteAddress) {
        UserMeta account = accounts.match(user, Session.hostOf(remoteAddress));
        if (account == null) {
            throw new CairnException(ErrorCode.ACCESS_DENIED, "Access denied for user '" + user + "'@'" + remoteAddress + "'");
        }
        Session s = new Session(this, connectionId, user, remoteAddress, account.host());
        if (database != null && !database.isEmpty()) {
            try {
                s.useDatabase(database);
            } catch (RuntimeException e) {
                s.close();
                throw e;
            }
        }
        sessions.put(connectionId, s);
        metrics.connected();
        return s;
    }

    @Override
    public CairnException refuseLogin(String user, String host, java.util.function.Predicate<byte[]> answerFits, boolean usingPassword) {
        return accounts.refuseLogin(user, host, answerFits, usingPassword);
    }

    Grants grants() {
        return grants;
    }

    /** What the server has done since start, for /metrics. */
    public ServerMetrics metrics() {
        return metrics;
    }

    /** Records where the server listens, once its listeners are bound. */
    public void announce(Endpoints listening) {
        endpoints = listening;
    }

    Endpoints endpoints() {
        return endpoints;
    }

    long startedAt() {
        return startedAt;
    }

    /** The sessions open now. */
    public int openSessions() {
        return sessions.size();
    }

    /** Committed and aborted load transactions since start. */
    public TransactionHistory.Counts transactionCounts() {
        return transactionHistory.counts();
    }

    /**
     * Where load bodies (Stream Load, LOAD DATA LOCAL) are written while they arrive: next to the data
     * file, or in the system's temporary directory for a database in memory.
     */
    public Path stagingDirectory() {
        Path file = engine.file();
        return file == null ? Path.of(System.getProperty("java.io.tmpdir"), "cairndb-load-staging")
                : file.toAbsolutePath().getParent().resolve("load-staging");
    }

    /** The user accounts. */
    public Accounts accounts() {
        return accounts;
    }

    /**
     * KILL [QUERY | CONNECTION] id: the session's running statement fails and rolls back; unless only
     * the query is killed, the session also ends. A session may kill itself.
     */
    void kill(long connectionId, boolean queryOnly, AccessRights by) {
        Session s = sessions.get(connectionId);
        if (s == null) {
            // A refresh is killed like a statement: ADMIN_PRIV, as for another user's session.
            if (by.hasGlobal(Access.ADMIN) && materializedViews.killRunning(connectionId)) {
                return;
            }
            throw new CairnException(ErrorCode.UNKNOWN_THREAD, "Unknown thread id: " + connectionId);
        }
        // A user ends its own sessions; another user's only with ADMIN_PRIV, as MySQL and Doris have it.
        if (!s.user().equals(by.user()) && !by.hasGlobal(Access.ADMIN)) {
            throw new CairnException(ErrorCode.KILL_DENIED, "You are not owner of thread " + connectionId);
        }
        if (!queryOnly) {
            s.kill();
        }
        cancelStatement(s);
    }

    /** Fails the session's running statement, if any; see {@link Session#interrupt}. */
    void cancelStatement(Session s) {
        if (s.interrupt()) {
            interruptAgainLater(s);
        }
    }

    /** Checks the time limit of the statement {@code s} runs then, in {@code nanos} (see {@link Session#checkTimeLimit}). */
    ScheduledFuture<?> checkTimeLimitAfter(Session s, long nanos) {
        return interrupter.schedule(() -> {
            if (s.checkTimeLimit()) {
                interruptAgainLater(s);
            }
        }, nanos, TimeUnit.NANOSECONDS);
    }

    private void interruptAgainLater(Session s) {
        interrupter.schedule(() -> {
            if (s.interruptAgain()) {
                interruptAgainLater(s);
            }
        }, 20, TimeUnit.MILLISECONDS);
    }

    void closed(Session s) {
        sessions.remove(s.connectionId());
    }

    List<ProcessInfo> processes() {
        List<ProcessInfo> out = new ArrayList<>();
        for (Session s : sessions.values()) {
            out.add(s.processInfo());
        }
        // A running refresh is listed too, under its task id, as the account that created its MV.
        for (io.cairndb.mv.TaskRecord t : materializedViews.runningTasks()) {
            MvMeta mv = catalog.mvById(t.mvId());
            String creator = mv == null || mv.creator() == null ? "root" : mv.creator().substring(0, mv.creator().lastIndexOf('@'));
            out.add(new ProcessInfo(t.taskId(), creator, "localhost", t.startTime(), t.dbName(), "Query", t.startTime(), "REFRESHING",
                    "REFRESH MATERIALIZED VIEW " + t.dbName() + "." + t.mvName() + " (task " + t.taskId() + ")", t.lastQueryId(),
                    t.progress()));
        }
        out.sort(java.util.Comparator.comparingLong(ProcessInfo::id));
        return out;
    }

    DuckEngine engine() {
        return engine;
    }

    Catalog catalog() {
        return catalog;
    }

    TableLocks locks() {
        return locks;
    }

    DataSizes dataSizes() {
        return dataSizes;
    }

    ExportJobs exportJobs() {
        return exportJobs;
    }

    /** The directory of the data file, as SHOW TABLETS' Path gives it; empty for a database in memory. */
    String dataRoot() {
        Path file = engine.file();
        return file == null ? "" : file.toAbsolutePath().getParent().toString();
    }

    SystemTables systemTables() {
        return systemTables;
    }

    /** The server's max_allowed_packet: no value larger than this can reach a client. */
    long maxAllowedPacket() {
        return config.number("max_allowed_packet");
    }

    FeConfig config() {
        return config;
    }

    TransactionHistory transactionHistory() {
        return transactionHistory;
    }

    /**
     * The finished load transactions of {@code database} with this id or label, read on the
     * housekeeping connection while no flush runs: a session inside an explicit transaction would
     * read the history as of its snapshot, missing what was flushed from the queue since.
     */
    List<io.cairndb.write.LoadTransaction> findTransactions(String database, Long id, String label) {
        synchronized (housekeepingConnection) {
            try {
                return transactionHistory.find(housekeepingConnection, database, id, label);
            } finally {
                try {
                    // Ends the read's transaction, so the next read sees what committed since.
                    housekeepingConnection.rollback();
                } catch (java.sql.SQLException e) {
                    org.slf4j.LoggerFactory.getLogger(Database.class).warn("ending a transaction history read", e);
                }
            }
        }
    }

    Tso tso() {
        return tso;
    }

    ChangelogBounds changelogBounds() {
        return changelogBounds;
    }

    Map<String, String> globalVariables() {
        return globalVariables;
    }

    @Override
    public void close() {
        housekeeping.shutdownNow();
        interrupter.shutdownNow();
        dynamicPartitions.close();
        materializedViews.close();
        for (Session s : List.copyOf(sessions.values())) {
            s.close();
        }
        flushTransactionHistory();
        synchronized (housekeepingConnection) {
            tso.persist(housekeepingConnection);
            try {
                housekeepingConnection.commit();
                housekeepingConnection.close();
            } catch (java.sql.SQLException e) {
                org.slf4j.LoggerFactory.getLogger(Database.class).warn("closing: {}", e.getMessage());
            }
        }
        engine.checkpoint();
        engine.close();
    }
}
