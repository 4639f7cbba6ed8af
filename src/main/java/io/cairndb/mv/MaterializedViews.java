package io.cairndb.mv;

import io.cairndb.analyzer.StarExpansion;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.TableDefinitionAnalyzer;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.DistributionMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableKind;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.QueryShape;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.ivm.IvmForm;
import io.cairndb.ivm.IvmLayout;
import io.cairndb.printer.DuckTableDdl;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.Query;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.IntStream;

/** The asynchronous-MV statements: create, refresh, alter, drop, job control and SHOW CREATE. */
public final class MaterializedViews {
    private static final java.util.regex.Pattern VALID_NAME = java.util.regex.Pattern.compile("^[a-zA-Z][a-zA-Z0-9\\-_]*$");
    private final MvScheduler scheduler;
    private final RewriteCandidates rewriter = new RewriteCandidates();

    public MaterializedViews(MvScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Transparent rewrite of queries with the MVs. */
    public io.cairndb.analyzer.QueryRewriter rewriter() {
        return rewriter;
    }

    /** Every task, finished ones from the history table read on {@code c} and live ones from the scheduler. */
    /** KILL of a running refresh (listed in SHOW PROCESSLIST under its task id): false when no such task runs. */
    public boolean killRunning(long taskId) {
        for (TaskRecord t : runningTasks()) {
            if (t.taskId() == taskId) {
                return scheduler.cancelRunning(t.mvId(), taskId);
            }
        }
        return false;
    }

    /** The refresh tasks running now. */
    public List<TaskRecord> runningTasks() {
        return scheduler.liveTasks().stream().filter(t -> t.status().equals("RUNNING")).toList();
    }

    /** Refresh triggers skipped since start because a task was already pending, over every MV. */
    public long skippedTriggers() {
        return scheduler.skippedTotal();
    }

    public List<TaskRecord> tasks(java.sql.Connection c) {
        Map<Long, TaskRecord> byId = new java.util.TreeMap<>();
        for (TaskRecord t : TaskHistory.all(c, scheduler.keepTasks())) {
            // Tasks of MVs dropped with their database are not shown.
            if (scheduler.knows(t.mvId())) {
                byId.put(t.taskId(), t);
            }
        }
        // A live task overrides its stored record: it commits its record first and finishes (and
        // triggers the MVs above it) just after.
        for (TaskRecord t : scheduler.liveTasks()) {
            byId.put(t.taskId(), t);
        }
        // As the history keeps them: the newest max_persistence_task_count of each job.
        Map<Long, Integer> kept = new java.util.HashMap<>();
        List<TaskRecord> newestFirst = new ArrayList<>(byId.values());
        java.util.Collections.reverse(newestFirst);
        List<TaskRecord> out = new ArrayList<>();
        for (TaskRecord t : newestFirst) {
            if (kept.merge(t.jobId(), 1, Integer::sum) <= scheduler.keepTasks()) {
                out.add(t);
            }
        }
        java.util.Collections.reverse(out);
        return out;
    }

    /** Triggers of the MV's job that were skipped because a task was already pending. */
    public long skippedTriggers(MvMeta mv) {
        return scheduler.skipped(mv.id());
    }

    /** Starts the refresh triggers; the server calls it once it can run tasks. */
    public void start() {
        scheduler.start();
    }

    public void close() {
        scheduler.close();
    }

    // ---------------------------------------------------------------- CREATE

    public UpdateCount create(StatementContext ctx, MvStatement.Create s) {
        if (!s.async()) {
            throw new IllegalArgumentException("a synchronous MV is created by SyncMaterializedViews");
        }
        String db = ctx.databaseOf(s.name());
        String name = s.name().name();
        requireValidName(name);
        ctx.lockNewName(db, name);
        if (ctx.catalog().table(db, name) != null) {
            if (s.ifNotExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.TABLE_EXISTS, "Table '" + name + "' already exists");
        }
        Map<String, String> properties = MvProperties.validate(s.properties(), Map.of());
        String method = RefreshPolicy.method(s.refresh(), properties, "AUTO");
        MvMeta.Trigger trigger = RefreshPolicy.trigger(s.refresh() == null ? null : s.refresh().trigger(), null, ctx.session().zone());
        // Kept with its * spelled out: a column added to a base table later leaves the MV's shape as it is.
        Query query = StarExpansion.of(ctx, s.query());
        String querySql = query == s.query() ? s.queryText() : SqlFormatter.format(query);
        // The engine names unaliased expressions as Doris does; the types are the plan's (Doris's).
        List<ResultColumn> derived = QueryShape.columns(ctx.txn().connection(), ctx.translator().translate(query));
        LiteralColumns literals = new LiteralColumns(query);
        List<String> derivedNames = IntStream.range(0, derived.size()).mapToObj(i -> literals.name(i, derived.get(i).name())).toList();
        List<String> names = s.columns().isEmpty() ? derivedNames : s.columns().stream().map(MvStatement.Column::name).toList();
        if (names.size() != derivedNames.size()) {
            throw new CairnException(ErrorCode.COLUMN_COUNT_MISMATCH,
                    "The number of columns in the materialized view definition does not match the query");
        }
        MvStatement.Partition partition = s.partition();
        // Resolved as every refresh resolves it, from the text kept, so that the plan signature kept is the
        // one a refresh finds while nothing changes.
        MvDefinition def = MvDefinition.resolve(ctx, query == s.query() ? query : MvDefinition.parsed(querySql), names,
                partition == null ? null : partition.column(), partition == null ? null : partition.dateTruncUnit(), properties);
        if (method.equals("PARTITIONS") && partition == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "REFRESH PARTITIONS requires the materialized view to have PARTITION BY");
        }
        IvmForm ivmForm = IvmSetup.form(ctx, def, method, properties);
        long now = System.currentTimeMillis();
        List<ColumnMeta> columns = new ArrayList<>(columns(ctx, s, def, literals, names));
        if (ivmForm != null) {
            columns.addAll(IvmLayout.of(ivmForm, List.copyOf(columns), null).hidden());
        }
        TableMeta table = ctx.catalog().withFreeDuckName(new TableMeta(ctx.catalog().newId(), db, name,
                TableKind.MATERIALIZED_VIEW, columns, KeyModel.DUPLICATE, s.comment(), initialPartitions(ctx, s, def, columns, now),
                distribution(s, columns), IvmSetup.changelogProperties(properties, ivmForm != null), null, now, now));
        MvMeta.PartitionInfo partitionInfo = partition == null ? null
                : new MvMeta.PartitionInfo(table.column(partition.column()).name(), partition.dateTruncUnit(), def.related());
        List<TableMeta> bases = def.lineage().baseTables().stream()
                .map(b -> ctx.catalog().table(b.database(), b.name())).toList();
        // AUTO falls back (IVM, then PARTITIONS, then COMPLETE); INCREMENTAL only when asked to.
        MvMeta.Ivm ivm = ivmForm == null ? null : new MvMeta.Ivm(method.equals("AUTO") || s.refresh() != null && s.refresh().fallback(),
                IvmSetup.createStreams(ctx, table.id(), db, ivmForm, properties), false, IvmSetup.signature(def), null);
        MvMeta mv = new MvMeta(table.id(), ctx.catalog().newId(), db, name, querySql, ctx.session().currentDatabase(),
                s.buildMode() == null ? "IMMEDIATE" : s.buildMode(), method, trigger, partitionInfo, properties,
                MvRefresher.baseTables(bases, querySql), Map.of(), "INIT", 0, 0, "", false, true, "", now, def.planSignature(), ivm,
                ctx.access().account());

        Sql.execute(ctx.txn().connection(), DuckTableDdl.createTable(table));
        if (ChangelogConfig.of(table).enabled()) {
            // An IVM MV with binlog: an IVM MV above it reads its changes.
            ChangelogTables.create(ctx.txn().connection(), ctx.changelogBounds(), table, ctx.commitTso().get());
        }
        ctx.catalog().saveTable(ctx.txn().connection(), table);
        ctx.catalog().saveMv(ctx.txn().connection(), mv);
        ctx.txn().afterCommit(() -> {
            ctx.catalog().publishTable(table);
            ctx.catalog().publishMv(mv);
            scheduler.schedule(mv);
            if (mv.buildMode().equals("IMMEDIATE")) {
                scheduler.submit(mv, MvRefresher.Request.of(mv), "SYSTEM");
            }
        });
        return UpdateCount.NONE;
    }

    private static List<ColumnMeta> columns(StatementContext ctx, MvStatement.Create s, MvDefinition def, LiteralColumns literals,
                                            List<String> names) {
        List<ColumnMeta> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String colName = names.get(i);
            if (!seen.add(colName.toLowerCase(Locale.ROOT))) {
                throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Duplicate column name '" + colName + "'");
            }
            DataType derived = literals.type(i, def.plan().outputs().get(i).type());
            DataType base = baseType(ctx, def, derived, i);
            // As in Doris, a string not read from a base column as it is (a literal, an expression) is
            // VARCHAR(65533): its length is that of the values seen, not a declared one.
            DataType type = base != null ? base : derived.kind().isString() ? DataType.varchar(-1) : derived;
            MvStatement.Column stated = s.columns().isEmpty() ? null : s.columns().get(i);
            String comment = stated == null ? null : stated.comment();
            boolean key = s.keys().stream().anyMatch(colName::equalsIgnoreCase);
            // NOT NULL where the plan proves the column never is NULL, as Doris derives it.
            boolean nullable = def.plan().outputs().get(i).nullable();
            if (stated != null && stated.type() != null && !stated.type().toString().equals(type.toString())) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Column " + colName + " is declared " + stated.type()
                        + " but the query gives it as " + type);
            }
            if (stated != null && Boolean.FALSE.equals(stated.nullable()) && nullable) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Column " + colName + " is declared NOT NULL but the query "
                        + "may give it NULL");
            }
            nullable |= stated != null && Boolean.TRUE.equals(stated.nullable());
            out.add(new ColumnMeta(colName, type, nullable, key, null, false, null, null, null, comment));
        }
        if (s.keys().isEmpty()) {
            // Without a key clause, Doris's key of a table that names none.
            int keys = Math.max(1, TableDefinitionAnalyzer.defaultKeyCount(out.stream().map(ColumnMeta::type).toList()));
            for (int i = 0; i < keys && i < out.size(); i++) {
                out.set(i, out.get(i).withKey(true));
            }
        }
        for (String k : s.keys()) {
            if (out.stream().noneMatch(c -> c.name().equalsIgnoreCase(k))) {
                throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + k + "' in 'key'");
            }
        }
        return out;
    }

    /**
     * The declared type of the base column output column {@code i} selects as it is (VARCHAR(10) stays
     * VARCHAR(10)), or null when it is computed ({@code derived} is the type the plan gives it).
     */
    private static DataType baseType(StatementContext ctx, MvDefinition def, DataType derived, int i) {
        var lineage = def.lineage().columns().get(i);
        if (lineage.origins().size() != 1 || lineage.origins().get(0).unit() != null) {
            return null;
        }
        var o = lineage.origins().get(0);
        TableMeta base = ctx.catalog().table(o.database(), o.table());
        ColumnMeta column = base == null ? null : base.column(o.column());
        if (column == null) {
            return null;
        }
        boolean sameKind = column.type().kind() == derived.kind()
                || derived.kind() == TypeKind.STRING && (column.type().kind() == TypeKind.VARCHAR || column.type().kind() == TypeKind.CHAR);
        return sameKind ? column.type() : null;
    }

    private static PartitionScheme initialPartitions(StatementContext ctx, MvStatement.Create s, MvDefinition def,
                                                     List<ColumnMeta> columns, long now) {
        if (s.partition() == null) {
            return PartitionScheme.unpartitioned(new PartitionMeta(ctx.catalog().newId(), s.name().name(), List.of(), List.of(),
                    List.of(), 1, now));
        }
        ColumnMeta column = columns.stream().filter(c -> c.name().equalsIgnoreCase(s.partition().column())).findFirst()
                .orElseThrow();
        List<PartitionTracker.Tracked> tracked = new ArrayList<>();
        for (var o : def.tracked()) {
            tracked.add(new PartitionTracker.Tracked(ctx.catalog().table(o.database(), o.table()), o.column(), o.unit()));
        }
        PartitionTracker.Layout layout = PartitionTracker.partitioned(tracked, List.of(), column.type(),
                PartitionTracker.SyncWindow.of(MvProperties.validate(s.properties(), Map.of()),
                        LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(now), ctx.session().zone())),
                PartitionFilter.of(ctx, def.query(), tracked, column.type()));
        List<PartitionMeta> parts = new ArrayList<>();
        for (PartitionTracker.Target t : layout.targets()) {
            parts.add(new PartitionMeta(ctx.catalog().newId(), t.name(), t.lower(), t.upper(), t.listValues(), 1, now));
        }
        return new PartitionScheme(layout.kind(), List.of(column.name()), parts);
    }

    private static DistributionMeta distribution(MvStatement.Create s, List<ColumnMeta> columns) {
        if (s.distribution() == null) {
            return new DistributionMeta(true, List.of(), null);
        }
        for (String c : s.distribution().columns()) {
            if (columns.stream().noneMatch(col -> col.name().equalsIgnoreCase(c))) {
                throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Distribution column[" + c + "] is not found");
            }
        }
        return new DistributionMeta(s.distribution().random(), s.distribution().columns(),
                s.distribution().autoBuckets() ? null : s.distribution().buckets());
    }

    // ---------------------------------------------------------------- REFRESH

    /** REFRESH MATERIALIZED VIEW: submits a task; WITH SYNC MODE waits for it and reports its failure. */
    public io.cairndb.engine.StatementResult refresh(StatementContext ctx, MvStatement.RefreshMv s) {
        MvMeta mv = require(ctx, s.name());
        if (s.allStreams()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "WITH ALL STREAMS only applies to EXPLAIN REFRESH MATERIALIZED VIEW");
        }
        if (s.dryRun() != null) {
            return IvmInspection.dryRun(ctx, mv, s, scheduler.costs());
        }
        String mode = s.mode() == null ? mv.refreshMethod() : s.mode();
        boolean fallback = s.mode() == null ? mv.ivm() != null && mv.ivm().fallback() : s.fallback();
        if (mv.ivm() != null) {
            refusedForIvm(s);
        } else if (mode.equals("INCREMENTAL")) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Materialized view " + mv.name() + " is not maintained incrementally: "
                    + "only a materialized view created with REFRESH INCREMENTAL or AUTO can be refreshed INCREMENTAL");
        }
        if (mode.equals("PARTITIONS")) {
            TableMeta t = ctx.catalog().table(mv.database(), mv.name());
            for (String p : s.partitions()) {
                if (t.partition(p) == null) {
                    throw new CairnException(ErrorCode.UNKNOWN_PARTITION, "partition not exist: " + p + " in materialized view "
                            + mv.name());
                }
            }
        }
        if (mode.equals("RANGE") && mv.partitionInfo() == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "materialized view " + mv.name() + " is not partitioned");
        }
        MvScheduler.TaskRun run = scheduler.submit(mv, new MvRefresher.Request(mode, s.partitions(), s.start(), s.end(), s.force(),
                fallback), "MANUAL");
        if (s.sync()) {
            TaskRecord done;
            try {
                done = run.done.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CairnException(ErrorCode.INTERNAL, "interrupted while waiting for the refresh");
            } catch (ExecutionException e) {
                throw new CairnException(ErrorCode.INTERNAL, e.getCause().getMessage());
            }
            if (!done.status().equals("SUCCESS")) {
                throw new CairnException(ErrorCode.INTERNAL, "refresh of materialized view " + mv.name() + " "
                        + done.status().toLowerCase(Locale.ROOT) + ": " + done.errorMsg());
            }
        }
        return UpdateCount.NONE;
    }

    /** EXPLAIN REFRESH MATERIALIZED VIEW: what the refresh would do, changing nothing. */
    public RowResult explainRefresh(StatementContext ctx, MvStatement.RefreshMv s) {
        if (s.dryRun() != null || s.sync()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "EXPLAIN REFRESH takes neither WITH DRY RUN nor WITH SYNC MODE");
        }
        return IvmInspection.explain(ctx, require(ctx, s.name()), s, scheduler.costs());
    }

    /** An IVM MV is refreshed whole: partition lists and ranges and FORCE are refused, with StarRocks's texts. */
    private static void refusedForIvm(MvStatement.RefreshMv s) {
        if (!s.partitions().isEmpty() || s.start() != null) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Partition refresh is not supported for materialized views with "
                    + "refresh_mode=INCREMENTAL. Please refresh the whole materialized view instead.");
        }
        if (s.force()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "FORCE refresh is not supported for materialized views with "
                    + "refresh_mode=INCREMENTAL. Please drop and re-create the materialized view instead.");
        }
    }

    // ---------------------------------------------------------------- DROP

    public UpdateCount drop(StatementContext ctx, MvStatement.Drop s) {
        if (s.onTable() != null) {
            throw new IllegalArgumentException("a synchronous MV is dropped by SyncMaterializedViews");
        }
        String db = ctx.databaseOf(s.name());
        ctx.lockUntilEnd(db, s.name().name());
        MvMeta mv = ctx.catalog().mv(db, s.name().name());
        if (mv == null) {
            if (s.ifExists() && ctx.catalog().table(db, s.name().name()) == null) {
                return UpdateCount.NONE;
            }
            throw notAnMv(ctx, db, s.name().name());
        }
        dropInTxn(ctx, mv);
        return UpdateCount.NONE;
    }

    /**
     * DROP DATABASE takes its MVs along: their jobs stop and their task history goes (the caller holds
     * the locks of all the database's tables and MVs).
     */
    public void dropDatabase(StatementContext ctx, String database) {
        for (MvMeta mv : ctx.catalog().mvs(database)) {
            TaskHistory.forgetJob(ctx.txn().connection(), mv.jobId());
            ctx.txn().afterCommit(() -> scheduler.forget(mv.id()));
        }
    }

    private void dropInTxn(StatementContext ctx, MvMeta mv) {
        IvmSetup.dropStreams(ctx, mv);
        TableMeta dropped = ctx.catalog().table(mv.database(), mv.name());
        if (dropped != null && ChangelogConfig.of(dropped).enabled()) {
            ChangelogTables.drop(ctx.txn().connection(), dropped.id());
        }
        if (dropped != null && mv.ivm() != null) {
            io.cairndb.ivm.MatchCounts.drop(ctx.txn().connection(), dropped);
        }
        Sql.execute(ctx.txn().connection(), "DROP TABLE " + ctx.catalog().table(mv.database(), mv.name()).duckName());
        ctx.catalog().deleteTable(ctx.txn().connection(), mv.database(), mv.name());
        ctx.catalog().deleteMv(ctx.txn().connection(), mv.database(), mv.name());
        TaskHistory.forgetJob(ctx.txn().connection(), mv.jobId());
        ctx.txn().afterCommit(() -> {
            ctx.catalog().forgetTable(mv.database(), mv.name());
            ctx.catalog().forgetMv(mv.database(), mv.name());
            scheduler.forget(mv.id());
        });
    }

    // ---------------------------------------------------------------- ALTER, jobs

    public UpdateCount alter(StatementContext ctx, MvStatement.Alter s) {
        MvStatement.AlterAction a = s.action();
        if (a instanceof MvStatement.Replace rp) {
            replace(ctx, s.name(), rp);
            return UpdateCount.NONE;
        }
        ctx.lockUntilEnd(ctx.databaseOf(s.name()), s.name().name());
        // Read under the lock, so that a refresh committed meanwhile is not overwritten.
        MvMeta mv = require(ctx, s.name());
        if (a instanceof MvStatement.SetProperties sp) {
            Map<String, String> asked = MvProperties.withoutRefreshMode(mv, sp.properties());
            Map<String, String> merged = MvProperties.validate(asked, mv.properties(), true);
            MvMeta updated = mv.withProperties(merged);
            if (mv.ivm() != null) {
                updated = updated.withIvm(IvmSetup.altered(ctx, mv, merged));
            } else {
                IvmSetup.refuseWindow(merged);
            }
            save(ctx, updated);
        } else if (a instanceof MvStatement.Rename r) {
            rename(ctx, mv, r.newName());
        } else if (a instanceof MvStatement.ChangeRefresh cr) {
            if (cr.refresh().method() != null && (mv.ivm() != null || cr.refresh().method().equals("INCREMENTAL"))) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, mv.ivm() != null
                        ? "The refresh method of incrementally maintained materialized view " + mv.name() + " can not be changed: "
                                + "ALTER MATERIALIZED VIEW .. REFRESH ON .. changes only its trigger"
                        : "Incremental maintenance is chosen when a materialized view is created: create " + mv.name()
                                + " again with REFRESH INCREMENTAL");
            }
            String method = RefreshPolicy.method(cr.refresh(), Map.of(), mv.refreshMethod());
            save(ctx, mv.withRefreshPolicy(method, RefreshPolicy.trigger(cr.refresh().trigger(), mv.trigger(), ctx.session().zone())));
        } else if (a instanceof MvStatement.SetActive sa) {
            if (sa.active()) {
                TableMeta t = ctx.catalog().table(mv.database(), mv.name());
                MvDefinition.resolve(ctx, mv, t.columnNames());
            }
            save(ctx, mv.withActive(sa.active(), sa.active() ? "" : "user use alter materialized view set status to inactive"));
        }
        return UpdateCount.NONE;
    }

    public UpdateCount job(StatementContext ctx, MvStatement.Job s) {
        ctx.lockUntilEnd(ctx.databaseOf(s.name()), s.name().name());
        MvMeta mv = require(ctx, s.name());
        save(ctx, mv.withPaused(s.action() == MvStatement.JobAction.PAUSE));
        return UpdateCount.NONE;
    }

    public UpdateCount cancelTask(StatementContext ctx, MvStatement.CancelTask s) {
        MvMeta mv = require(ctx, s.name());
        TaskRecord canceled = scheduler.cancelPending(mv.id(), s.taskId());
        if (canceled != null) {
            TaskHistory.record(ctx.txn().connection(), canceled, scheduler.keepTasks(), scheduler.trimNow());
            return UpdateCount.NONE;
        }
        if (!scheduler.cancelRunning(mv.id(), s.taskId())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "no running or pending task " + s.taskId()
                    + " of materialized view " + mv.name());
        }
        return UpdateCount.NONE;
    }

    private void save(StatementContext ctx, MvMeta updated) {
        ctx.catalog().saveMv(ctx.txn().connection(), updated);
        ctx.txn().afterCommit(() -> {
            ctx.catalog().publishMv(updated);
            scheduler.schedule(updated);
        });
    }

    /** Doris's rule for table names, which MVs follow (no blanks or punctuation). */
    private static void requireValidName(String name) {
        if (!VALID_NAME.matcher(name).matches()) {
            throw new CairnException(ErrorCode.WRONG_TABLE_NAME, "Incorrect table name '" + name + "'. Table name regex is '"
                    + VALID_NAME.pattern() + "'");
        }
    }

    private void rename(StatementContext ctx, MvMeta mv, String newName) {
        requireValidName(newName);
        if (ctx.catalog().table(mv.database(), newName) != null) {
            throw new CairnException(ErrorCode.TABLE_EXISTS, "Table '" + newName + "' already exists");
        }
        move(ctx, ctx.catalog().table(mv.database(), mv.name()), mv, newName);
    }

    /**
     * Persists {@code t}/{@code mv} under {@code newName} in place of their current name; the DuckDB
     * table keeps its name (the catalog maps names to it).
     */
    private void move(StatementContext ctx, TableMeta t, MvMeta mv, String newName) {
        TableMeta renamedTable = renamed(t, mv, newName);
        MvMeta renamedMv = mv.withName(newName);
        ctx.catalog().deleteTable(ctx.txn().connection(), mv.database(), mv.name());
        ctx.catalog().deleteMv(ctx.txn().connection(), mv.database(), mv.name());
        ctx.catalog().saveTable(ctx.txn().connection(), renamedTable);
        ctx.catalog().saveMv(ctx.txn().connection(), renamedMv);
        ctx.txn().afterCommit(() -> {
            // The new name first: a task looking the MV up by id meanwhile finds it under one name or the
            // other, never under none (it used to fail with "materialized view no longer exists").
            ctx.catalog().publishTable(renamedTable);
            ctx.catalog().publishMv(renamedMv);
            if (ctx.catalog().table(mv.database(), mv.name()) == t) {
                ctx.catalog().forgetTable(mv.database(), mv.name());
                ctx.catalog().forgetMv(mv.database(), mv.name());
            }
        });
    }

    /**
     * The MV's table under another name. An MV without PARTITION BY has one partition, named after it:
     * it is renamed too, as {@link MvMeta#withName} renames what it was built from; under the old name
     * a refresh would take it for a partition that is gone and empty the MV.
     */
    private static TableMeta renamed(TableMeta t, MvMeta mv, String newName) {
        if (t.isPartitioned()) {
            return t.withName(newName);
        }
        return t.withName(newName).withPartitioning(new PartitionScheme(t.partitioning().kind(), t.partitioning().columns(),
                t.partitioning().partitions().stream().map(p -> p.name().equals(mv.name()) ? p.withName(newName) : p).toList(),
                t.partitioning().auto(), t.partitioning().temporary()));
    }

    /**
     * REPLACE WITH MATERIALIZED VIEW other: {@code other} takes this MV's name; with swap (the default)
     * this MV takes {@code other}'s name, without it this MV is dropped.
     */
    private void replace(StatementContext ctx, io.cairndb.sql.tree.QualifiedName name, MvStatement.Replace rp) {
        String db = ctx.databaseOf(name);
        if (!ctx.databaseOf(rp.other()).equals(db)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "can only replace with a materialized view of the same database");
        }
        // Both locks, in name order (two REPLACEs naming the same pair the other way round must not
        // deadlock); both MVs read under them.
        String first = name.name().compareTo(rp.other().name()) <= 0 ? name.name() : rp.other().name();
        String second = first.equals(name.name()) ? rp.other().name() : name.name();
        ctx.lockUntilEnd(db, first);
        ctx.lockUntilEnd(db, second);
        MvMeta mv = require(ctx, name);
        MvMeta other = require(ctx, rp.other());
        if (other.id() == mv.id()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "can not replace a materialized view with itself");
        }
        boolean swap = !"false".equalsIgnoreCase(rp.properties().getOrDefault("swap", "true"));
        TableMeta mine = ctx.catalog().table(mv.database(), mv.name());
        TableMeta theirs = ctx.catalog().table(other.database(), other.name());
        if (!swap) {
            dropInTxn(ctx, mv);
            move(ctx, theirs, other, mv.name());
            return;
        }
        // Only the names swap: each DuckDB table keeps its name.
        TableMeta mineRenamed = renamed(mine, mv, other.name());
        MvMeta mvRenamed = mv.withName(other.name());
        TableMeta theirsRenamed = renamed(theirs, other, mv.name());
        MvMeta otherRenamed = other.withName(mv.name());
        for (TableMeta t : List.of(mineRenamed, theirsRenamed)) {
            ctx.catalog().saveTable(ctx.txn().connection(), t);
        }
        ctx.catalog().saveMv(ctx.txn().connection(), mvRenamed);
        ctx.catalog().saveMv(ctx.txn().connection(), otherRenamed);
        ctx.txn().afterCommit(() -> {
            ctx.catalog().publishTable(mineRenamed);
            ctx.catalog().publishTable(theirsRenamed);
            ctx.catalog().publishMv(mvRenamed);
            ctx.catalog().publishMv(otherRenamed);
        });
    }

    private static MvMeta require(StatementContext ctx, io.cairndb.sql.tree.QualifiedName name) {
        String db = ctx.databaseOf(name);
        MvMeta mv = ctx.catalog().mv(db, name.name());
        if (mv == null) {
            throw notAnMv(ctx, db, name.name());
        }
        return mv;
    }

    private static CairnException notAnMv(StatementContext ctx, String db, String name) {
        if (ctx.catalog().table(db, name) != null) {
            return new CairnException(ErrorCode.WRONG_ARGUMENTS, "'" + db + "." + name + "' is not MATERIALIZED VIEW");
        }
        return new CairnException(ErrorCode.NO_SUCH_TABLE, "Table [" + name + "] does not exist in database [" + db + "].");
    }

    // ---------------------------------------------------------------- SHOW CREATE

    public RowResult showCreate(StatementContext ctx, MvStatement.ShowCreate s) {
        MvMeta mv = require(ctx, s.name());
        TableMeta t = ctx.catalog().table(mv.database(), mv.name());
        return new ListRowResult(List.of(new ResultColumn("Materialized View", DataType.STRING),
                new ResultColumn("Create Materialized View", DataType.STRING)),
                List.of(List.of(mv.name(), MvDescriptions.createStatement(mv, t, ctx.session().zone()))));
    }
}
