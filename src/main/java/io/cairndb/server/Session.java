package io.cairndb.server;

import io.cairndb.catalog.Access;
import io.cairndb.catalog.AccessRights;
import io.cairndb.sql.tree.AccountStatement;
import io.cairndb.analyzer.SessionState;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.CommitTso;
import io.cairndb.changelog.StreamReads;
import io.cairndb.engine.TimeText;
import io.cairndb.engine.EngineErrors;
import io.cairndb.engine.JdbcRowResult;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.DuckEngine;
import io.cairndb.engine.StatementProgress;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.Txn;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckMacros;
import io.cairndb.system.ProcessInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A client session: its DuckDB connection, current database and variables. Each statement runs in
 * its own transaction on the session's connection, unless the session has one open (BEGIN, or
 * autocommit off; see {@link SessionTransaction}).
 */
public final class Session implements SqlSession, SessionState {
    private static final Logger LOG = LoggerFactory.getLogger(Session.class);
    /** Longer limits (up to a long of seconds) are as good as none; capped so that deadlines fit System.nanoTime. */
    private static final long MAX_TIME_LIMIT_SECONDS = TimeUnit.DAYS.toSeconds(365 * 100);
    private final Database db;
    private final long connectionId;
    private final String user;
    private final String host;
    /** The account the session logged in as ({@code 'user'@'host pattern'}): its privileges are the session's. */
    private final String accountHost;
    /** The session's rights and the catalog's access version they were computed at. */
    private volatile Rights rights;
    /** The staged body of the Stream Load this session is running, or null (see {@link #load}). */
    private volatile String stagedLoad;
    private final long loginTime = System.currentTimeMillis();
    private final Connection connection;
    private final SessionVariables variables;
    private final StatementDispatcher dispatcher;
    private final SessionTransaction transaction;
    private final SessionTableLocks tableLocks = new SessionTableLocks();
    private final SessionLoads loads;
    private final java.util.Map<String, String> userVariables = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile String currentDatabase;
    private volatile List<String> warnings = List.of();
    private volatile String runningSql;
    private volatile long statementStart = loginTime;
    private ZoneId zone;
    private boolean closed;
    /** The hand-off between this session's thread and a KILL or time limit from another thread. */
    private final StatementInterrupts interrupts;
    private volatile boolean killed;
    /** Ends the client connection when this session is killed (the wire protocol sets it). */
    private volatile Runnable onKill = () -> { };

    private record Rights(long version, AccessRights access) {
    }

    /** Doris's floor for exec_mem_limit: smaller values act as 2 MB. */
    private static final long MIN_EXEC_MEM_LIMIT = 2L << 20;
    /** The value limit the connection's macros enforce now (see applyValueLimit). */
    private long appliedValueLimit;

    Session(Database db, long connectionId, String user, String host, String accountHost) {
        this.db = db;
        this.connectionId = connectionId;
        this.user = user;
        this.host = host;
        this.accountHost = accountHost;
        this.connection = db.engine().connect();
        prepare(connection, db.maxAllowedPacket());
        appliedValueLimit = db.maxAllowedPacket();
        this.variables = new SessionVariables(db.globalVariables());
        this.dispatcher = new StatementDispatcher(this);
        this.interrupts = new StatementInterrupts(nanos -> db.checkTimeLimitAfter(this, nanos));
        this.transaction = new SessionTransaction(connection, db.transactionHistory(), this::loadTimeoutMs);
        this.loads = new SessionLoads(db.transactionHistory(), this::loadTimeoutMs);
        applyTimeZone(variables.get("time_zone"));
    }

    /**
     * Sets up a DuckDB connection for dialect SQL: the macros the printer calls (values they build
     * limited to {@code maxAllowedPacket} bytes), and scan settings.
     */
    static void prepare(Connection c, long maxAllowedPacket) {
        try {
            DuckMacros.install(c, maxAllowedPacket, "max_allowed_packet");
            // Batches of up to 2048 keys are pushed into base-table scans as IN filters (DuckDB's
            // default is 50), so the changelog's lookup of old rows reads only matching row groups.
            try (Statement st = c.createStatement()) {
                st.execute("SET dynamic_or_filter_threshold = 2048");
            }
            // SHOW PROCESSLIST and tasks() show how far a long statement has got.
            DuckEngine.trackProgress(c);
            c.commit();
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    @Override
    public synchronized List<StatementResult> execute(String sql) {
        return running(sql, () -> {
            List<io.cairndb.sql.ParsedStatement> statements = ParsedScripts.parse(sql);
            List<StatementResult> results = new ArrayList<>();
            for (io.cairndb.sql.ParsedStatement st : statements) {
                boolean keepsWarnings = isShowWarnings(st.statement());
                if (!keepsWarnings) {
                    warnings = List.of();
                }
                StatementResult r = executeOne(st.statement());
                if (!keepsWarnings && r instanceof UpdateCount u) {
                    warnings = u.warningMessages();
                }
                // A later statement may not run while an earlier one still streams on the connection.
                if (statements.size() > 1 && r instanceof RowResult rows) {
                    r = materialize(rows);
                }
                results.add(r);
            }
            return results;
        });
    }

    /**
     * Runs a Stream Load's INSERT, built by the HTTP load path: it reads the staged body through
     * {@code stream_load()}, whose FROM item is {@code stagedItem} for this statement only (see
     * {@link SessionState#stagedLoad}). {@code description} stands for the SQL in the process list.
     */
    public synchronized StatementResult load(io.cairndb.sql.tree.Statement.Insert insert, String stagedItem, String description) {
        return running(description, () -> {
            stagedLoad = stagedItem;
            try {
                return executeOne(insert);
            } finally {
                stagedLoad = null;
            }
        });
    }

    @Override
    public io.cairndb.analyzer.HeldTableLock heldTableLock(String database, String table) {
        return tableLocks.held(database, table);
    }

    SessionTableLocks tableLocks() {
        return tableLocks;
    }

    @Override
    public String stagedLoad() {
        return stagedLoad;
    }

    @Override
    public Map<String, String> sessionVariables() {
        return variables.sessionView();
    }

    @Override
    public Map<String, String> globalVariables() {
        return variables.globalView();
    }

    @Override
    public String localInfile(String sql) {
        return LoadDataLocal.fileRequested(sql);
    }

    @Override
    public java.nio.file.Path stageLocalInfile() {
        return LoadDataLocal.stage(db);
    }

    @Override
    public synchronized List<StatementResult> loadLocalInfile(String sql, java.nio.file.Path staged, long bytes) {
        return LoadDataLocal.run(db, this, sql, staged, bytes);
    }

    /** Runs {@code work} as the session's running statement: KILL, time limits and the slow log see it. */
    private <T> T running(String sql, java.util.function.Supplier<T> work) {
        if (killed) {
            throw new CairnException(ErrorCode.SESSION_WAS_KILLED, "Session was killed");
        }
        interrupts.begin();
        runningSql = sql;
        statementStart = System.currentTimeMillis();
        long started = System.nanoTime();
        boolean failed = true;
        try {
            T result = work.get();
            failed = false;
            return result;
        } finally {
            db.metrics().statement(System.nanoTime() - started, failed);
            runningSql = null;
            interrupts.end();
            SlowStatementLog.record(db.config(), sql, System.nanoTime() - started, connectionId, user);
        }
    }

    private static boolean isShowWarnings(io.cairndb.sql.tree.Statement statement) {
        return statement instanceof io.cairndb.sql.tree.Statement.ShowOther show && show.what().equals("WARNINGS");
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    private StatementResult executeOne(io.cairndb.sql.tree.Statement statement) {
        if (statement instanceof io.cairndb.sql.tree.Statement.Transaction t) {
            return switch (t.kind()) {
                case BEGIN -> transaction.begin(t.label());
                case COMMIT -> transaction.commit();
                case ROLLBACK -> transaction.rollback();
            };
        }
        if (statement instanceof io.cairndb.sql.tree.Statement.Savepoint savepoint) {
            transaction.forStatement(statement, autocommit()); // with autocommit off, a transaction is always open
            return transaction.savepoint(savepoint);
        }
        boolean autocommitBefore = autocommit();
        StatementResult r = executeWithVariables(statement);
        if (!autocommitBefore && autocommit()) {
            // SET autocommit = 1 commits the transaction that was open, as in MySQL.
            transaction.commit();
        }
        return r;
    }

    @Override
    public boolean autocommit() {
        return SessionTransaction.autocommit(variables.get("autocommit"));
    }

    @Override
    public synchronized boolean inTransaction() {
        return transaction.open() != null;
    }

    private StatementResult executeWithVariables(io.cairndb.sql.tree.Statement statement) {
        Map<String, String> hints = StatementVariables.hints(statement);
        Runnable restoreVariables = variables.overrideForStatement(hints);
        try {
            applyValueLimit();
            if (hints.containsKey("time_zone")) {
                applyTimeZone(variables.get("time_zone"));
            }
            // Refused statements (DDL in a transaction) fail here, before a timer is started for them.
            Txn open = transaction.forStatement(statement, autocommit());
            startTimer(statement);
            return executeWithin(statement, open);
        } finally {
            restoreVariables.run();
            if (hints.containsKey("time_zone")) {
                applyTimeZone(variables.get("time_zone"));
            }
        }
    }

    /** Sets the statement's time limit: its own, query_timeout or insert_timeout, in seconds (0 for none). */
    private void startTimer(io.cairndb.sql.tree.Statement statement) {
        String variable = StatementVariables.timeoutVariable(statement);
        Long own = StatementVariables.ownTimeout(statement);
        long seconds = own != null ? own : variable == null ? 0 : variables.number(variable);
        interrupts.limit(seconds <= 0 ? 0 : TimeUnit.SECONDS.toNanos(Math.min(seconds, MAX_TIME_LIMIT_SECONDS)));
    }

    /** The session's time-limit check is due (see {@link StatementInterrupts#checkTimeLimit}). */
    boolean checkTimeLimit() {
        return interrupts.checkTimeLimit();
    }

    /** A statement's context in {@code txn}. */
    StatementContext context(Txn txn) {
        return new StatementContext(db.catalog(), txn, this, db.locks(), db.config(),
                new CommitTso(db.tso(), this::commitClockMillis), db.changelogBounds(), new StreamReads(), db.systemTables(),
                db.materializedViews().rewriter());
    }

    /** The explicit transaction open now, or null. */
    Txn openTransaction() {
        return transaction.open();
    }

    /** A transaction of its own on the session's connection. */
    Txn newTransaction() {
        return new Txn(connection);
    }

    @Override
    public synchronized List<ResultColumn> describeQuery(String sql) {
        return PreparedShapes.describe(this, sql);
    }

    /** Runs one statement in {@code open}, the session's transaction, or (when null) in one of its own. */
    private StatementResult executeWithin(io.cairndb.sql.tree.Statement statement, Txn open) {
        Txn txn = open != null ? open : new Txn(connection);
        StatementContext ctx = context(txn);
        StatementResult r = null;
        try {
            interrupts.startStatement(txn);
            loads.beforeWrite(ctx, statement, transaction.load());
            r = loads.afterWrite(ctx, statement, dispatcher.dispatch(ctx, statement), transaction.load(), statementStart);
            interrupts.finishStatement();
            // Streamed rows end their statement's transaction when closed (see query); an open one goes on.
            if (r instanceof JdbcRowResult || open != null) {
                return r;
            }
            txn.commit();
            return r;
        } catch (RuntimeException e) {
            // Rows already read are dropped; their transaction only read, so closing (committing) it is harmless.
            if (r instanceof RowResult rows) {
                try {
                    rows.close();
                } catch (RuntimeException closing) {
                    e.addSuppressed(closing);
                }
            }
            rollBack(statement, txn, open, e);
            CairnException stopped = interrupts.stoppedBecause(e);
            if (stopped != null) {
                throw stopped;
            }
            if (e instanceof CairnException ce) {
                throw ce;
            }
            throw new CairnException(ErrorCode.INTERNAL, e.getMessage() == null ? e.toString() : e.getMessage(), e);
        } catch (Error e) {
            // A stack overflow or out-of-memory in mid statement: nothing of it may stay, no lock stay held.
            rollBack(statement, txn, open, e);
            throw e;
        } finally {
            interrupts.statementEnded();
        }
    }

    /**
     * After a failure: a statement of its own rolls back; in an open transaction, all of it does, unless
     * the statement only read and the engine's transaction survived it (as MySQL, a failed read leaves
     * the transaction open).
     */
    private void rollBack(io.cairndb.sql.tree.Statement statement, Txn txn, Txn open, Throwable failure) {
        if (open != null && SessionTransaction.readOnly(statement) && failure instanceof CairnException && open.survivedFailure()) {
            return;
        }
        if (open != null) {
            transaction.abandon(failure.getMessage() == null ? failure.toString() : failure.getMessage());
        } else {
            txn.rollbackQuietly();
        }
    }

    /** KILL QUERY, from another thread (see {@link StatementInterrupts#interrupt}). */
    boolean interrupt() {
        return interrupts.interrupt();
    }

    /** Interrupts again while the killed statements still run; false once they have ended. */
    boolean interruptAgain() {
        return interrupts.interruptAgain();
    }

    @Override
    public void cancelStatement() {
        db.cancelStatement(this);
    }

    /** KILL CONNECTION: refuses further statements and ends the client connection. */
    void kill() {
        killed = true;
        onKill.run();
    }

    @Override
    public void onKill(Runnable endConnection) {
        onKill = endConnection;
    }

    /**
     * Runs DuckDB SQL and streams its rows; the transaction ends when the result is closed. {@code sources}
     * says where each column comes from (null when not known).
     */
    RowResult query(StatementContext ctx, String duckSql, List<io.cairndb.engine.ColumnSource> sources) {
        Txn txn = ctx.txn();
        try {
            Statement st = connection.createStatement();
            try {
                // In an open transaction the query reads its snapshot, and the rows end nothing: COMMIT or
                // ROLLBACK does.
                boolean inOpenTransaction = txn == transaction.open();
                ResultSet rs = inOpenTransaction ? st.executeQuery(duckSql) : txn.query(st, duckSql);
                Runnable end = inOpenTransaction ? () -> { } : txn::commit;
                return new JdbcRowResult(st, rs, sources, zone, end);
            } catch (SQLException e) {
                st.close();
                throw EngineErrors.translate(e);
            }
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    private static RowResult materialize(RowResult r) {
        try (r) {
            List<List<Object>> rows = new ArrayList<>();
            int n = r.columns().size();
            while (r.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    row.add(r.value(i));
                }
                rows.add(row);
            }
            return new ListRowResult(r.columns(), rows);
        }
    }

    /** The time limit a load transaction reports: insert_timeout, in milliseconds. */
    long loadTimeoutMs() {
        return variables.number("insert_timeout") * 1000;
    }

    SessionLoads loads() {
        return loads;
    }

    /**
     * Wall-clock time for commit timestamps. Tests pin it with the session variable
     * {@code cairn_debug_commit_time} ({@code yyyy-MM-dd HH:mm:ss} in the session time zone).
     */
    private long commitClockMillis() {
        String pinned = variables.get("cairn_debug_commit_time");
        if (pinned == null || pinned.isEmpty()) {
            return System.currentTimeMillis();
        }
        return TimeText.parse(pinned, zone).toEpochMilli();
    }

    @Override
    public void useDatabase(String database) {
        if (!db.systemTables().isSystemSchema(database)) {
            // A database the account may not see is refused before it is looked up, as MySQL does.
            access().requireVisibleDatabase(database);
            db.catalog().requireDatabase(database);
        }
        currentDatabase = database;
    }

    void clearDatabase() {
        currentDatabase = null;
    }

    void setUserVariable(String name, String value) {
        userVariables.put(name.toLowerCase(java.util.Locale.ROOT), value);
    }

    @Override
    public String userVariable(String name) {
        return userVariables.get(name.toLowerCase(java.util.Locale.ROOT));
    }

    @Override
    public String currentDatabase() {
        return currentDatabase;
    }

    @Override
    public List<ResultColumn> fieldList(String table) {
        if (currentDatabase == null) {
            throw new CairnException(ErrorCode.NO_DATABASE_SELECTED, "No database selected");
        }
        access().require(Access.SHOW, currentDatabase, table);
        TableMeta t = db.catalog().requireTable(currentDatabase, table);
        List<ResultColumn> out = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            out.add(new ResultColumn(c.name(), c.type()));
        }
        return out;
    }

    @Override
    public long connectionId() {
        return connectionId;
    }

    @Override
    public String user() {
        return user;
    }

    /** What the session's account may do now: computed again only after an account or role changed. */
    @Override
    public AccessRights access() {
        Rights r = rights;
        long version = db.catalog().accessVersion();
        if (r == null || r.version() != version) {
            r = new Rights(version, AccessRights.of(user, db.catalog().user(user, accountHost), db.catalog()::role, clientHost()));
            rights = r;
        }
        return r.access();
    }

    /** The account the session logged in as. */
    AccountStatement.UserIdentity account() {
        return new AccountStatement.UserIdentity(user, accountHost);
    }

    /** The client's address without its port: the host its account was matched with. */
    String clientHost() {
        return hostOf(host);
    }

    /** A client's address ({@code host:port} or a bare name) without its port. */
    public static String hostOf(String remoteAddress) {
        int port = remoteAddress.lastIndexOf(':');
        return port > 0 ? remoteAddress.substring(0, port) : remoteAddress;
    }

    @Override
    public String variable(String name) {
        return variables.get(name);
    }

    SessionVariables variables() {
        return variables;
    }

    Database database() {
        return db;
    }

    @Override
    public ZoneId zone() {
        return zone;
    }

    /**
     * The most bytes one value a statement builds may have: max_allowed_packet (no client could
     * receive more), or exec_mem_limit when that is smaller (Doris raises it to at least 2 MB). The
     * engine's memory is shared by all sessions and limited server-wide (mem_limit), so this is the
     * part of exec_mem_limit one session's statements can be held to.
     */
    private void applyValueLimit() {
        long packet = db.maxAllowedPacket();
        long exec = Math.max(MIN_EXEC_MEM_LIMIT, variables.number("exec_mem_limit"));
        long limit = Math.min(packet, exec);
        if (limit == appliedValueLimit) {
            return;
        }
        try {
            DuckMacros.limitValues(connection, limit, exec < packet ? "exec_mem_limit" : "max_allowed_packet");
            if (!inTransaction()) {
                connection.commit();
            }
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
        appliedValueLimit = limit;
    }

    /** Sets the session time zone, also in DuckDB so that its time functions agree. */
    void applyTimeZone(String value) {
        ZoneId z;
        try {
            z = "SYSTEM".equalsIgnoreCase(value) ? ZoneId.systemDefault()
                    : ZoneId.of("CST".equalsIgnoreCase(value) ? "Asia/Shanghai" : value);
        } catch (DateTimeException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown or incorrect time zone: '" + value + "'");
        }
        String duckZone = z.getId().startsWith("+") || z.getId().startsWith("-") ? "Etc/GMT" + flip(z.getId()) : z.getId();
        Sql.execute(connection, "SET TimeZone = " + Sql.literal(duckZone.equals("Z") ? "UTC" : duckZone));
        commitQuietly();
        zone = z;
    }

    /** DuckDB spells fixed offsets the POSIX way: Etc/GMT-8 is UTC+8. Only whole hours exist there. */
    private static String flip(String offset) {
        String sign = offset.startsWith("+") ? "-" : "+";
        int hours = Integer.parseInt(offset.substring(1, 3));
        if (!offset.endsWith(":00")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported time zone offset: '" + offset + "'");
        }
        return sign + hours;
    }

    private void commitQuietly() {
        try {
            connection.commit();
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    ProcessInfo processInfo() {
        String sql = runningSql;
        StatementProgress progress = sql == null ? null : DuckEngine.progress(connection);
        return new ProcessInfo(connectionId, user, host, loginTime, currentDatabase, sql == null ? "Sleep" : "Query",
                statementStart, sql == null ? "" : "RUNNING", sql, "", progress == null ? "" : progress.text());
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        db.closed(this);
        interrupts.close();
        // An open transaction is rolled back, and the locks its statements took are let go.
        transaction.abandon("connection closed");
        tableLocks.unlock();
        try {
            connection.rollback();
            connection.close();
        } catch (SQLException e) {
            LOG.warn("closing session {}: {}", connectionId, e.getMessage());
        }
    }
}
