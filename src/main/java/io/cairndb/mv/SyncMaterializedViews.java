package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.RollupJob;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.TableLocks;
import io.cairndb.engine.TimeText;
import io.cairndb.engine.Txn;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckTableDdl;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Relation;
import io.cairndb.write.RollupUpkeep;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * The synchronous-MV (rollup) statements: CREATE MATERIALIZED VIEW .. AS SELECT on one table, DROP
 * MATERIALIZED VIEW .. ON, SHOW CREATE MATERIALIZED VIEW .. ON and the build jobs' SHOW ALTER TABLE
 * MATERIALIZED VIEW and CANCEL ALTER TABLE MATERIALIZED VIEW.
 *
 * <p>A build runs as a job in three transactions, so that writers of the table wait only for the
 * short first and last: under the table's lock the rollup is registered (writes from then on append
 * what they derive for it to its pending table) and the build's snapshot is taken; without the lock
 * the rollup is computed from that snapshot; under the lock again the pending rows are merged in and
 * the rollup goes into service. The creating statement returns when the job has ended.
 */
public final class SyncMaterializedViews {
    private static final Logger LOG = LoggerFactory.getLogger(SyncMaterializedViews.class);
    /** Doris's alter_table_timeout_second default, which SHOW ALTER shows. */
    private static final long TIMEOUT_SECONDS = 2_592_000;

    private final Catalog catalog;
    private final TaskEnvironment env;
    private final TableLocks locks;
    /** The builds running now, by table id: CANCEL ALTER stops one. */
    private final Map<Long, Build> running = new ConcurrentHashMap<>();

    /** A running build: the transaction computing the rollup, interrupted when the job is cancelled. */
    private static final class Build {
        final Txn txn;
        volatile String cancelled;

        Build(Txn txn) {
            this.txn = txn;
        }
    }

    public SyncMaterializedViews(Catalog catalog, TaskEnvironment env, TableLocks locks) {
        this.catalog = catalog;
        this.env = env;
        this.locks = locks;
    }

    /** Rollups whose build a stop interrupted are dropped, their jobs cancelled, as Doris cancels jobs it cannot finish. */
    public void recover() {
        for (var db : catalog.databases()) {
            for (TableMeta t : catalog.tables(db.name())) {
                for (RollupMeta r : t.rollups()) {
                    if (r.building()) {
                        inTransaction(db.name(), (ctx, txn) -> {
                            remove(ctx, t, r, "the server stopped while the materialized view was being built");
                            return null;
                        });
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------- CREATE

    public UpdateCount create(StatementContext ctx, MvStatement.Create s) {
        return create(ctx, s, false);
    }

    /** {@code baseNames}: an ADD ROLLUP, whose columns keep the table's names ({@link RollupDefinition#analyze}). */
    private UpdateCount create(StatementContext ctx, MvStatement.Create s, boolean baseNames) {
        Relation.TableRef ref = RollupDefinition.baseOf(s);
        String db = ctx.databaseOf(ref.name());
        if (s.name().database() != null && !s.name().database().equals(db)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The materialized view must be in the database of its table: " + db);
        }
        String table = ref.name().name();
        // A synchronous MV is a change of its table: Doris runs it as an ALTER job.
        ctx.access().require(Access.ALTER, db, table);
        BooleanSupplier killed = ctx.txn()::interrupted;
        // Listed for CANCEL before the job is visible in SHOW ALTER.
        Build build = new Build(new Txn(env.connect()));
        Registered registered = null;
        try {
            // Held over the registration's commit and the build's snapshot: writes after it append to the pending table.
            try (TableLocks.Held lock = locks.lock(db, table, new Object(), killed)) {
                registered = inTransaction(db, (rctx, txn) -> {
                    TableMeta t = rctx.baseTable(QualifiedName.of(db, table));
                    if (t.rollup(s.name().name()) != null || t.name().equalsIgnoreCase(s.name().name())) {
                        if (s.ifNotExists()) {
                            return null;
                        }
                        throw new CairnException(ErrorCode.TABLE_EXISTS, "Materialized view[" + s.name().name() + "] already exists");
                    }
                    RollupUpkeep.requireNoBuild(t, "ALTER");
                    if (!t.partitioning().temporary().isEmpty()) {
                        throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not alter table when there are temp partitions in table");
                    }
                    RollupMeta r = RollupDefinition.analyze(ctx, s, t, catalog.newId(), baseNames);
                    Connection c = txn.connection();
                    Sql.execute(c, DuckTableDdl.createTable(r.storage(t)));
                    Sql.execute(c, DuckTableDdl.createTable(r.pending(t)));
                    List<RollupMeta> rollups = new ArrayList<>(t.rollups());
                    rollups.add(r);
                    TableMeta updated = t.withRollups(rollups);
                    RollupJob job = new RollupJob(catalog.newId(), db, t.id(), t.name(), r.name(), r.id(), rctx.commitTso().get(),
                            RollupJob.State.RUNNING, "", System.currentTimeMillis(), 0, TIMEOUT_SECONDS);
                    running.put(t.id(), build);
                    save(rctx, updated, job);
                    return new Registered(updated, r);
                });
                if (registered != null) {
                    try {
                        Sql.scalar(build.txn.connection(), "SELECT count(*) FROM " + registered.table().duckName());
                    } catch (CairnException e) {
                        // A cancel that lands here ends the job as one that lands in the build.
                        build.cancelled = build.cancelled != null ? build.cancelled : e.getMessage();
                    }
                }
            }
            if (registered != null) {
                build(ctx, registered, build, killed);
            }
        } finally {
            running.values().remove(build);
            closeQuietly(build.txn.connection());
        }
        return UpdateCount.NONE;
    }

    private record Registered(TableMeta table, RollupMeta rollup) {
    }

    private void build(StatementContext ctx, Registered reg, Build build, BooleanSupplier killed) {
        TableMeta t = reg.table();
        RollupMeta r = reg.rollup();
        String failure = build.cancelled;
        try {
            if (failure != null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, failure);
            }
            StatementContext bctx = env.context(build.txn, t.database());
            RollupUpkeep.fill(bctx, t, r, r.storage(t));
            build.txn.commit();
        } catch (CairnException e) {
            build.txn.rollbackQuietly();
            failure = build.cancelled != null ? build.cancelled : e.getMessage();
        }
        if (failure == null && (build.cancelled != null || killed.getAsBoolean())) {
            failure = build.cancelled != null ? build.cancelled : "the creating statement was killed";
        }
        String why = failure;
        inTransaction(t.database(), (fctx, txn) -> {
            TableLocks.Held lock = locks.lock(t.database(), t.name(), txn, () -> false);
            txn.afterEnd(lock::close);
            TableMeta current = catalog.tableById(t.database(), t.id());
            RollupMeta stored = current == null ? null : current.rollups().stream().filter(x -> x.id() == r.id()).findFirst().orElse(null);
            if (stored == null) {
                return null;
            }
            if (why != null) {
                remove(fctx, current, stored, why);
                return null;
            }
            RollupUpkeep.mergePending(fctx, current, stored);
            Sql.execute(txn.connection(), "DROP TABLE " + stored.pending(current).duckName());
            List<RollupMeta> rollups = new ArrayList<>();
            current.rollups().forEach(x -> rollups.add(x.id() == r.id() ? x.finished() : x));
            save(fctx, current.withRollups(rollups), job(current, r).ended(RollupJob.State.FINISHED, ""));
            return null;
        });
        if (why != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Materialized view [" + r.name() + "] was not created: " + why);
        }
    }

    /** Drops a rollup's tables and entry and ends its job as cancelled, in the caller's transaction. */
    private void remove(StatementContext ctx, TableMeta t, RollupMeta r, String why) {
        Connection c = ctx.txn().connection();
        Sql.execute(c, "DROP TABLE IF EXISTS " + r.storage(t).duckName());
        Sql.execute(c, "DROP TABLE IF EXISTS " + r.pending(t).duckName());
        List<RollupMeta> kept = t.rollups().stream().filter(x -> x.id() != r.id()).toList();
        RollupJob job = job(t, r);
        save(ctx, t.withRollups(kept), job == null ? null : job.ended(RollupJob.State.CANCELLED, why));
    }

    private RollupJob job(TableMeta t, RollupMeta r) {
        return catalog.rollupJobs(t.database()).stream().filter(j -> j.rollupId() == r.id()).findFirst().orElse(null);
    }

    private void save(StatementContext ctx, TableMeta t, RollupJob job) {
        Connection c = ctx.txn().connection();
        catalog.saveTable(c, t);
        ctx.txn().savedTable(t.id());
        if (job != null) {
            catalog.saveRollupJob(c, job);
        }
        ctx.txn().afterCommit(() -> {
            catalog.publishTable(t);
            if (job != null) {
                catalog.publishRollupJob(job);
            }
        });
    }

    // ---------------------------------------------------------------- DROP

    /** ALTER TABLE .. ADD ROLLUP: each rollup built as the synchronous MV it stands for, one after the other. */
    public UpdateCount addRollups(StatementContext ctx, MvStatement.AddRollup s) {
        UpdateCount last = UpdateCount.NONE;
        for (MvStatement.RollupSpec spec : s.rollups()) {
            last = create(ctx, RollupColumns.definition(ctx.baseTable(s.table()), spec), true);
        }
        return last;
    }

    public UpdateCount drop(StatementContext ctx, MvStatement.Drop s) {
        return drop(ctx, s.onTable(), List.of(s.name().name()), s.ifExists());
    }

    /** ALTER TABLE .. DROP ROLLUP r1, r2: all of them or, when one is not there, none. */
    public UpdateCount dropRollups(StatementContext ctx, MvStatement.DropRollup s) {
        return drop(ctx, s.table(), s.names(), false);
    }

    private UpdateCount drop(StatementContext ctx, QualifiedName table, List<String> names, boolean ifExists) {
        String db = ctx.databaseOf(table);
        ctx.lockUntilEnd(db, table.name());
        TableMeta t = ctx.baseTable(table);
        List<RollupMeta> dropped = new ArrayList<>();
        for (String name : names) {
            if (t.name().equalsIgnoreCase(name)) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Cannot drop base index by using DROP ROLLUP or DROP MATERIALIZED VIEW.");
            }
            RollupMeta r = t.rollup(name);
            if (r == null) {
                if (ifExists) {
                    continue;
                }
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Materialized view [" + name + "] does not exist in table ["
                        + t.name() + "]");
            }
            dropped.add(r);
        }
        if (dropped.isEmpty()) {
            return UpdateCount.NONE;
        }
        RollupUpkeep.requireNoBuild(t, "ALTER");
        for (RollupMeta r : dropped) {
            Sql.execute(ctx.txn().connection(), "DROP TABLE " + r.storage(t).duckName());
        }
        save(ctx, t.withRollups(t.rollups().stream().filter(x -> !dropped.contains(x)).toList()), null);
        return UpdateCount.NONE;
    }

    // ---------------------------------------------------------------- SHOW and CANCEL

    /** SHOW CREATE MATERIALIZED VIEW mv ON t: the statement as written; no row when the table has no such MV, as in Doris. */
    public RowResult showCreate(StatementContext ctx, MvStatement.ShowCreate s) {
        TableMeta t = ctx.baseTable(s.onTable());
        RollupMeta r = t.rollup(s.name().name());
        List<List<Object>> rows = new ArrayList<>();
        if (r != null) {
            rows.add(List.of(t.name(), r.name(), r.querySql()));
        }
        return new ListRowResult(strings("TableName", "ViewName", "CreateStmt"), rows);
    }

    /** SHOW ALTER TABLE MATERIALIZED VIEW [FROM db]: the rollup jobs of the database, with Doris's columns. */
    public RowResult showJobs(StatementContext ctx, MvStatement.ShowRollupJobs s) {
        String db = ctx.databaseOf(s.database());
        List<List<Object>> rows = new ArrayList<>();
        for (RollupJob j : catalog.rollupJobs(db)) {
            if (!ctx.visible(db, j.tableName())) {
                continue;
            }
            rows.add(java.util.Arrays.asList(String.valueOf(j.jobId()), j.tableName(), time(ctx, j.createTime()), time(ctx, j.finishTime()),
                    j.tableName(), j.rollupName(), String.valueOf(j.rollupId()), String.valueOf(j.transactionId()), j.state().name(),
                    j.message(), null, String.valueOf(j.timeoutSeconds())));
        }
        return new ListRowResult(strings("JobId", "TableName", "CreateTime", "FinishTime", "BaseIndexName", "RollupIndexName", "RollupId",
                "TransactionId", "State", "Msg", "Progress", "Timeout"), rows);
    }

    /** CANCEL ALTER TABLE MATERIALIZED VIEW FROM t: stops the table's running build; the rollup is dropped. */
    public UpdateCount cancel(StatementContext ctx, MvStatement.CancelRollupJob s) {
        TableMeta t = ctx.baseTable(s.table());
        Build build = running.get(t.id());
        if (build == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table[" + t.name()
                    + "] is not under ROLLUP. Use 'ALTER TABLE DROP ROLLUP' if you want to.");
        }
        build.cancelled = "user cancelled";
        build.txn.interrupt();
        return UpdateCount.NONE;
    }

    private static String time(StatementContext ctx, long millis) {
        return millis == 0 ? null : TimeText.format(millis, ctx.session().zone());
    }

    private static List<ResultColumn> strings(String... names) {
        List<ResultColumn> out = new ArrayList<>();
        for (String n : names) {
            out.add(new ResultColumn(n, DataType.STRING));
        }
        return out;
    }

    // ---------------------------------------------------------------- transactions

    private interface Work<T> {
        T run(StatementContext ctx, Txn txn);
    }

    /** Runs {@code work} in a transaction of its own, committed when it returns and rolled back when it fails. */
    private <T> T inTransaction(String database, Work<T> work) {
        Connection c = env.connect();
        Txn txn = new Txn(c);
        try {
            T result = work.run(env.context(txn, database), txn);
            txn.commit();
            return result;
        } catch (RuntimeException e) {
            txn.rollbackQuietly();
            throw e;
        } finally {
            closeQuietly(c);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            LOG.debug("closing a rollup job connection: {}", e.getMessage());
        }
    }
}
