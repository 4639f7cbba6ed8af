package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.printer.PartitionIds;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.printer.PlanPrinter;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.ivm.DeltaPlanner;
import io.cairndb.ivm.IvmAnalyzer;
import io.cairndb.ivm.IvmForm;
import io.cairndb.ivm.IvmLayout;
import io.cairndb.ivm.IvmMaintenance;
import io.cairndb.ivm.MatchCounts;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One refresh of an IVM MV, in the refresh's transaction and snapshot. The first refresh of any
 * kind, COMPLETE and partition refreshes build the baseline in full; otherwise the changes of its
 * internal streams since the last refresh are applied, or, when they cannot be (a missing stream,
 * trimmed history, a changed plan), the refresh falls back to a full build with the reason, or fails
 * when strict. A TRUNCATE, INSERT OVERWRITE or DROP PARTITION of a base, which leaves no changes,
 * rebuilds the MV even under strict INCREMENTAL. Every internal stream's offsets then move to what
 * the snapshot holds, in the same transaction as the MV's rows, and are published to
 * {@link CommittedOffsets} once committed.
 */
final class IvmRefresher {
    private IvmRefresher() {
    }

    /**
     * What the refresh did: RefreshMode, the fallback reason (null: none), whether it applied the
     * changes of its streams, the MV partitions it built in full ({@code rebuilt}: every one for a full
     * build; after the changes when both), how many of them a bulk removal in a base
     * forced beyond what was asked (tasks().IvmRebuiltPartitions), and the changes it consumed per base
     * table (StarRocks's imvSourceVersionRange: TSO bounds, the start MIN for a full build; null until
     * the refresh ran).
     */
    record Result(String refreshMode, String fallbackReason, boolean delta, List<String> rebuilt, int rebuiltPartitions,
                  List<SourceRange> consumed, String cost, IvmSyncedPartitions synced, List<MvMeta.IvmStream> streams) {
        Result {
            rebuilt = List.copyOf(rebuilt);
        }

        Result(String refreshMode, String fallbackReason, boolean delta, List<String> rebuilt, int rebuiltPartitions) {
            this(refreshMode, fallbackReason, delta, rebuilt, rebuiltPartitions, null, null, null, null);
        }

        /** A refresh that builds the whole MV. */
        static Result full(Partitions partitions, String fallbackReason, int rebuiltPartitions) {
            return new Result("COMPLETE", fallbackReason, false, partitions.names(), rebuiltPartitions);
        }

        Result consumed(List<SourceRange> ranges) {
            return new Result(refreshMode, fallbackReason, delta, rebuilt, rebuiltPartitions, ranges, cost, synced, streams);
        }

        /** With the partitions the refresh leaves at its snapshot ({@link IvmSyncedPartitions}). */
        Result synced(IvmSyncedPartitions partitions) {
            return new Result(refreshMode, fallbackReason, delta, rebuilt, rebuiltPartitions, consumed, cost, partitions, streams);
        }

        /** With the MV's internal streams as they now are, when they moved to a new table (null: as they were). */
        Result following(List<MvMeta.IvmStream> now) {
            return new Result(refreshMode, fallbackReason, delta, rebuilt, rebuiltPartitions, consumed, cost, synced, now);
        }

        /** Rebuilding these partitions (those of the stale partitions it rebuilds and more). */
        Result rebuilding(List<String> partitions) {
            return new Result(refreshMode, fallbackReason, delta, partitions, rebuiltPartitions, consumed, cost, synced, streams);
        }

        /**
         * The estimate as tasks() and EXPLAIN show it (JSON) with the choice it led to, when it was
         * weighed: for a refresh that applies changes or that it sent to a recompute; else null.
         */
        String estimateShown(IvmCostModel.Estimate estimate) {
            boolean costed = IvmCostModel.REASON.equals(fallbackReason);
            if (!estimate.consulted() || !delta && !costed) {
                return null;
            }
            return estimate.json(!costed ? "INCREMENTAL" : refreshMode.equals("COMPLETE") ? "COMPLETE" : "PARTITIONS");
        }

        /** With the cost estimate tasks() shows (JSON), when one was made. */
        Result costing(String estimate) {
            return new Result(refreshMode, fallbackReason, delta, rebuilt, rebuiltPartitions, consumed, estimate, synced, streams);
        }
    }

    /**
     * The MV's partitions as its base tables say they should be (one for an MV without PARTITION BY),
     * and the base tables (by id) whose partitions they follow.
     */
    record Partitions(List<PartitionTracker.Target> targets, Set<Long> tracked) {
        Partitions {
            targets = List.copyOf(targets);
            tracked = Set.copyOf(tracked);
        }

        static Partitions of(List<PartitionTracker.Target> targets, MvDefinition def) {
            return new Partitions(targets, def.tracked().stream().map(io.cairndb.plan.ColumnOrigin::tableId)
                    .collect(java.util.stream.Collectors.toSet()));
        }

        List<String> names() {
            return targets.stream().map(PartitionTracker.Target::name).toList();
        }

        /** Whether the MV has exactly these partitions, each built from the base partitions it follows now. */
        boolean inSync(MvMeta mv) {
            return stale(mv).isEmpty() && mv.partitionSources().keySet().equals(new java.util.HashSet<>(names()));
        }

        /** The targets whose base partitions moved since the MV's last refresh recorded them. */
        List<String> stale(MvMeta mv) {
            return targets.stream().filter(t -> !t.sources().equals(mv.partitionSources().get(t.name())))
                    .map(PartitionTracker.Target::name).toList();
        }
    }

    /** {@code {"default_catalog.db.t":{"start":"<tso>","end":"<tso>"}}}, start MIN for a full build; null without ranges. */
    static String versions(List<SourceRange> ranges) {
        return ranges == null ? null : json(ranges, tso -> Long.toString(tso));
    }

    /** As {@link #versions}, with the commit times (epoch milliseconds) of the bounds. */
    static String times(List<SourceRange> ranges) {
        return ranges == null ? null : json(ranges, tso -> Long.toString(io.cairndb.changelog.Tso.physicalMillis(tso)));
    }

    private static String json(List<SourceRange> ranges, java.util.function.LongFunction<String> bound) {
        List<String> items = new ArrayList<>();
        for (SourceRange r : ranges) {
            items.add("\"default_catalog." + r.table() + "\":{\"start\":\"" + (r.start() == null ? "MIN" : bound.apply(r.start()))
                    + "\",\"end\":\"" + bound.apply(r.end()) + "\"}");
        }
        return "{" + String.join(",", items) + "}";
    }

    /** The changes of one base table a refresh consumed: after TSO {@code start} (null: from the beginning) up to {@code end}. */
    record SourceRange(String table, Long start, long end) {
    }

    /** An internal stream with what it has not consumed; pending is null for a stream created by this refresh. */
    record Stream(StreamMeta stream, TableMeta table, StreamOffsets.Pending pending) {
    }

    /**
     * What a refresh finds before it writes anything: the definition's form and layout, each internal
     * stream with its unconsumed changes, the streams that are missing, why an incremental refresh is
     * impossible (null: it is possible), the partitions of base tables (by table id) whose rows were
     * removed in bulk, the streams with changes, the partitions whose changes are read of the tables
     * an ivm_partition_window_limit names, and the match counts the MV keeps for its semi and anti joins.
     */
    record Survey(IvmForm form, IvmLayout layout, List<Stream> streams, List<MvMeta.IvmStream> missing, String reason,
                  Map<Long, Set<Long>> removed, Map<Long, List<String>> changed, Map<Long, List<String>> window,
                  MatchCounts counts) {
        /** How many change rows the streams have not consumed. */
        long changeRows() {
            return streams.stream().filter(s -> s.pending() != null).mapToLong(s -> s.pending().changeRows()).sum();
        }

        /** The delta plan of the changed streams' changes, or of all streams' ({@code all}). */
        DeltaPlanner.Delta delta(boolean all) {
            Map<Long, List<String>> read = changed;
            if (all) {
                read = new HashMap<>();
                for (Stream s : streams) {
                    read.put(s.table().id(), List.of(s.stream().database(), s.stream().name()));
                }
            }
            return read.isEmpty() ? null : new DeltaPlanner(form.plan(), read, window, counts).delta(form.input());
        }
    }

    /**
     * {@code signature}: the signature of the definition as it binds now ({@link IvmSetup#signature});
     * {@code known}: the streams' offsets as the MV's last committed refresh left them (null: read them all).
     */
    static Survey survey(StatementContext ctx, MvMeta mv, TableMeta mvTable, MvDefinition def, String signature,
                         CommittedOffsets known) {
        Connection c = ctx.txn().connection();
        IvmForm form = IvmAnalyzer.analyze(def.plan(), IvmSetup.tables(ctx), IvmSetup.excluded(ctx, def, mv.properties()),
                def.lineage().nondeterministicFunctions());
        List<io.cairndb.catalog.ColumnMeta> visible = mvTable.columns().stream().filter(col -> !IvmLayout.isHidden(col.name())).toList();
        List<Stream> streams = new ArrayList<>();
        String kept = mv.ivm().signature();
        String reason = kept != null && !kept.equals(signature) ? "PLAN_SIGNATURE_MISMATCH" : null;
        Map<Long, Set<Long>> removed = new HashMap<>();
        Map<Long, List<String>> window = new HashMap<>();
        Map<Long, List<String>> changed = new HashMap<>();
        List<MvMeta.IvmStream> missing = new ArrayList<>();
        List<StreamMeta> read = new ArrayList<>();
        List<TableMeta> readTables = new ArrayList<>();
        for (MvMeta.IvmStream is : mv.ivm().streams()) {
            StreamMeta s = ctx.catalog().stream(mv.database(), is.name());
            TableMeta t = s == null ? null : ctx.catalog().tableById(s.tableDatabase(), s.tableId());
            if (t == null) {
                missing.add(is);
                reason = reason == null ? "STREAM_UNSUPPORTED" : reason;
                continue;
            }
            read.add(s);
            readTables.add(t);
        }
        // All streams in one pass: their offsets in one query (unless known), what they have not consumed in another.
        List<Map<Long, Long>> offsets = read.stream().map(s -> known == null ? null : known.get(mv.id(), s.id())).toList();
        List<StreamOffsets.Pending> pendings = StreamOffsets.pending(c, read, readTables, offsets, ctx.changelogBounds());
        for (int i = 0; i < read.size(); i++) {
            StreamMeta s = read.get(i);
            TableMeta t = readTables.get(i);
            StreamOffsets.Pending pending = pendings.get(i);
            ctx.streamReads().offsetsRead(s.id(), pending.offsets());
            streams.add(new Stream(s, t, pending));
            List<String> partitions = IvmWindow.partitions(mv.properties(), t);
            if (!partitions.isEmpty()) {
                window.put(t.id(), partitions);
            }
            if (pending.historyTrimmed()) {
                reason = reason == null ? "STREAM_UNSUPPORTED" : reason;
            }
            if (pending.bulkRemoval()) {
                removed.put(t.id(), pending.removedPartitions());
            }
            if (pending.changes()) {
                changed.put(t.id(), List.of(s.database(), s.name()));
            }
            if (!partitions.isEmpty() && pending.changes() && def.lineage().baseTables().size() > 1) {
                // Joined to other tables, a skipped change would leave rows that later deltas of those
                // tables, which read this table as it is now, no longer match: the partitions it feeds
                // are rebuilt instead, as after a bulk removal.
                Set<Long> outside = IvmSyncedPartitions.outsideWindow(c, s, t, pending, partitions);
                if (!outside.isEmpty()) {
                    removed.computeIfAbsent(t.id(), k -> new java.util.HashSet<>()).addAll(outside);
                }
            }
        }
        IvmLayout layout = IvmLayout.of(form, visible, new java.util.HashSet<>(mvTable.columnNames()));
        return new Survey(form, layout, streams, missing, reason, removed, changed, window, MatchCounts.of(form, mvTable));
    }

    /**
     * What a refresh in {@code mode} does with what {@code survey} found: the RefreshMode it ends with,
     * why, and which MV partitions it rebuilds. The first refresh and COMPLETE build everything; a
     * partition refresh rebuilds the stale partitions, which needs a baseline the rest can keep; an
     * incremental one applies the changes and rebuilds the partitions fed by base partitions that lost
     * rows in bulk, also when strict (nothing else can bring them back), unless it may fall back and
     * {@code cost} estimates a recompute cheaper.
     */
    static Result decide(MvMeta mv, Survey survey, Partitions partitions, String mode, boolean fallback, IvmCostModel.Estimate cost) {
        if (mv.ivm().invalidated() != null && partitionRefresh(mode) && !fallback) {
            throw baselineInvalidated(mv);
        }
        if (!mv.ivm().baseline() || mode.equals("COMPLETE")) {
            return Result.full(partitions, null, 0);
        }
        if (partitionRefresh(mode)) {
            if ("PLAN_SIGNATURE_MISMATCH".equals(survey.reason())) {
                if (!fallback) {
                    throw baselineInvalidated(mv);
                }
                return Result.full(partitions, survey.reason(), 0);
            }
            List<String> stale = partitions.stale(mv);
            // With a stream missing, no change is read: every stale partition is rebuilt from the bases.
            return stale.isEmpty() ? new Result("NOT_REFRESH", null, false, List.of(), 0)
                    : stale.size() == partitions.targets().size() ? Result.full(partitions, null, 0)
                    : new Result("PARTIAL", null, false, stale, 0);
        }
        if (survey.reason() != null) {
            if (mode.equals("INCREMENTAL") && !fallback) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Incremental refresh of materialized view " + mv.name()
                        + " is not possible (" + survey.reason() + "): " + explain(survey.reason())
                        + "; refresh it with COMPLETE or AUTO, or with INCREMENTAL FALLBACK");
            }
            // The baseline cannot be trusted: a partition refresh would keep the rest of it, so the build is whole.
            return Result.full(partitions, survey.reason(), 0);
        }
        List<String> lost = lostPartitions(mv, survey, partitions);
        if (lost.size() == partitions.targets().size()) {
            return Result.full(partitions, null, lost.size());
        }
        if (survey.changed().isEmpty() && lost.isEmpty()) {
            return new Result("NOT_REFRESH", null, false, List.of(), 0);
        }
        if (!lost.isEmpty() || !cost.recompute() || mode.equals("INCREMENTAL") && !fallback) {
            return new Result("PARTIAL", null, !survey.changed().isEmpty(), lost, lost.size());
        }
        // Measured to be cheaper: IVM -> PARTITIONS -> COMPLETE.
        List<String> stale = partitions.stale(mv);
        return mv.partitionInfo() != null && !stale.isEmpty() && stale.size() < partitions.targets().size()
                ? new Result("PARTIAL", IvmCostModel.REASON, false, stale, 0) : Result.full(partitions, IvmCostModel.REASON, 0);
    }

    /**
     * The MV partitions built from base partitions whose rows were removed in bulk, which no change
     * describes: those that follow the base partition (as they are now, or as they were built), or
     * every partition when the MV has no PARTITION BY or the table is not one whose partitions it
     * follows. An MV partition that went with its base partition is dropped, not rebuilt.
     */
    private static List<String> lostPartitions(MvMeta mv, Survey survey, Partitions partitions) {
        Set<String> lost = new java.util.LinkedHashSet<>();
        for (Map.Entry<Long, Set<Long>> e : survey.removed().entrySet()) {
            if (mv.partitionInfo() == null || !partitions.tracked().contains(e.getKey())) {
                return partitions.names();
            }
            for (PartitionTracker.Target t : partitions.targets()) {
                Map<String, Long> built = mv.partitionSources().getOrDefault(t.name(), Map.of());
                for (long partitionId : e.getValue()) {
                    String key = PartitionTracker.key(e.getKey(), partitionId);
                    if (t.sources().containsKey(key) || built.containsKey(key)) {
                        lost.add(t.name());
                    }
                }
            }
        }
        return List.copyOf(lost);
    }

    private static CairnException baselineInvalidated(MvMeta mv) {
        return new CairnException(ErrorCode.NOT_SUPPORTED, "The refresh baseline of MV " + mv.name() + " was invalidated; "
                + "refresh it with COMPLETE, AUTO or PARTITIONS FALLBACK");
    }

    /** Doris's PARTITIONS refresh (the partitions to rebuild are the stale ones). */
    private static boolean partitionRefresh(String mode) {
        return mode.equals("STALE_PARTITIONS");
    }

    static IvmMaintenance maintenance(StatementContext ctx, TableMeta mvTable, Survey survey, TaskControl control) {
        // A preview (no control) writes nothing, so it records no changes.
        IvmMaintenance.Capture capture = control == null || !ChangelogConfig.of(mvTable).enabled() ? null
                : new IvmMaintenance.Capture(ChangelogTables.insertInto(mvTable), ChangelogTables.name(mvTable), ctx.commitTso().get(),
                        PartitionIds.of(mvTable, null));
        return new IvmMaintenance(survey.layout(), mvTable, ctx.translator().printer(), runner(ctx, control), capture);
    }

    /** Runs a refresh's statements under its task control (cancellation, time limit); a preview has none. */
    private static IvmMaintenance.Runner runner(StatementContext ctx, TaskControl control) {
        Connection c = ctx.txn().connection();
        return new IvmMaintenance.Runner() {
            @Override
            public void execute(String sql) {
                if (control == null) {
                    Sql.execute(c, sql);
                } else {
                    control.execute(c, sql);
                }
            }

            @Override
            public Object scalar(String sql) {
                if (control != null) {
                    control.checkpoint();
                }
                return Sql.scalar(c, sql);
            }
        };
    }

    /**
     * A refresh whose bases show no new partition version since the last one has nothing in its
     * streams: an incremental refresh then does nothing without reading them (the fixed cost of the
     * common no-op refresh), unless the definition or a stream changed. {@code mvTable} has the
     * partitions of {@code partitions}; {@code bases} are the definition's tables by id; {@code costs}
     * estimates whether to recompute instead, and learns from what this refresh measures.
     */
    static Result refresh(StatementContext ctx, MvMeta mv, TableMeta mvTable, MvDefinition def, MvRefresher.Request request,
                          TaskControl control, Partitions partitions, Map<Long, TableMeta> bases, IvmCostModel costs,
                          CommittedOffsets known) {
        String signature = IvmSetup.signature(def);
        if (partitions.inSync(mv) && !request.mode().equals("COMPLETE") && mv.ivm().baseline() && streamsPresent(ctx, mv)
                && signature.equals(mv.ivm().signature())) {
            return new Result("NOT_REFRESH", null, false, List.of(), 0, emptyWindows(ctx, mv, known), null,
                    IvmSyncedPartitions.all(partitions), null);
        }
        Survey survey = survey(ctx, mv, mvTable, def, signature, known);
        IvmCostModel.Estimate estimate = costs.estimate(mv.id(), survey.changeRows());
        boolean mayFallBack = request.fallback() || request.mode().equals("AUTO");
        Result decided = decide(mv, survey, partitions, request.mode(), request.fallback(), estimate);
        if (!decided.delta() && decided.refreshMode().equals("PARTIAL")) {
            // Partitions rebuilt instead of changes applied: the streams move past every change, so each
            // partition a change feeds is rebuilt too.
            List<String> rebuild = IvmSyncedPartitions.withPendingChanges(ctx.txn().connection(), mv, survey, partitions,
                    decided.rebuilt());
            decided = rebuild.size() == partitions.targets().size()
                    ? Result.full(partitions, decided.fallbackReason(), decided.rebuiltPartitions()) : decided.rebuilding(rebuild);
        }
        List<Stream> streams = new ArrayList<>(survey.streams());
        long started = System.nanoTime();
        String stopped = null;
        if (decided.delta()) {
            DeltaPlanner.Delta delta = survey.delta(false);
            stopped = maintenance(ctx, mvTable, survey, control).apply(delta, mayFallBack);
        }
        // Applying would have recomputed most groups from the base: a full build instead, which costs no more.
        Result result = stopped == null ? decided : Result.full(partitions, stopped, 0);
        if (result.refreshMode().equals("COMPLETE")) {
            maintenance(ctx, mvTable, survey, control).baseline();
        } else if (!result.rebuilt().isEmpty()) {
            List<PartitionTracker.Target> chosen = partitions.targets().stream().filter(t -> result.rebuilt().contains(t.name())).toList();
            List<PartitionMeta> parts = result.rebuilt().stream().map(mvTable::partition).toList();
            // The rebuilt rows come from the base partitions they follow: the tracked tables are read only there.
            PlanPrinter scoped = ctx.translator().filteringScans(PartitionTracker.feeding(def.tracked(), bases, chosen)).printer();
            new IvmMaintenance(survey.layout(), mvTable, scoped, runner(ctx, control), null).rebuild(PartitionPredicates.anyOf(mvTable, parts));
            // The streams move past every change, also those no delta applied: the match counts are counted again, from whole bases.
            maintenance(ctx, mvTable, survey, control).recount();
        }
        double ms = (System.nanoTime() - started) / 1e6;
        if (result.refreshMode().equals("COMPLETE")) {
            costs.fullBuild(mv.id(), ms);
        } else if (result.delta() && result.rebuilt().isEmpty()) {
            costs.incremental(mv.id(), survey.changeRows(), ms);
        }
        List<MvMeta.IvmStream> streamList = null;
        if (!result.rebuilt().isEmpty()) {
            Recreated recreated = recreate(ctx, mv, survey.missing());
            streams.addAll(recreated.streams());
            streamList = recreated.list();
            if (ChangelogConfig.of(mvTable).enabled()) {
                // Rebuilt partitions: an IVM MV above reads this as a bulk removal, and rebuilds what follows them.
                for (String name : result.rebuilt()) {
                    ChangelogTables.mark(ctx.txn().connection(), ctx.changelogBounds(), mvTable.id(), ctx.commitTso().get(),
                            mvTable.partition(name).id(), "IVM_REBUILD");
                }
            }
        }
        long now = System.currentTimeMillis();
        Connection c = ctx.txn().connection();
        // Before the streams move: which partitions skipped changes is read from what they have not consumed.
        IvmSyncedPartitions synced = IvmSyncedPartitions.after(c, mv, survey, partitions, result);
        List<SourceRange> consumed = new ArrayList<>();
        for (Stream s : streams) {
            long streamId = s.stream().id();
            if (s.pending() == null) {
                Map<Long, Long> offsets = StreamOffsets.advance(c, s.stream(), s.table(), now);
                ctx.txn().afterCommit(() -> known.committed(mv.id(), streamId, offsets));
                continue;
            }
            Map<Long, Long> offsets = StreamOffsets.advance(c, s.stream(), s.table(), s.pending(), now);
            ctx.txn().afterCommit(() -> known.committed(mv.id(), streamId, offsets));
            long floor = s.pending().floor();
            consumed.add(new SourceRange(s.table().database() + "." + s.table().name(),
                    result.refreshMode().equals("COMPLETE") ? null : floor, Math.max(floor, s.pending().newest())));
        }
        return result.consumed(consumed).costing(result.estimateShown(estimate)).synced(synced).following(streamList);
    }

    /**
     * The window of a refresh that found nothing to consume: for each base table it starts and ends where
     * the last refresh ended (its stream's offset), as StarRocks reports an empty window. Offsets come
     * from memory; only after a restart are they read back.
     */
    private static List<SourceRange> emptyWindows(StatementContext ctx, MvMeta mv, CommittedOffsets known) {
        List<SourceRange> out = new ArrayList<>();
        for (MvMeta.IvmStream is : mv.ivm().streams()) {
            StreamMeta s = ctx.catalog().stream(mv.database(), is.name());
            Map<Long, Long> offsets = known == null ? null : known.get(mv.id(), s.id());
            if (offsets == null) {
                offsets = StreamOffsets.read(ctx.txn().connection(), s.id());
            }
            long end = offsets.values().stream().mapToLong(Long::longValue).max().orElse(s.startTso());
            out.add(new SourceRange(s.tableDatabase() + "." + s.tableName(), end, end));
        }
        return out;
    }

    private static boolean streamsPresent(StatementContext ctx, MvMeta mv) {
        return mv.ivm().streams().stream().allMatch(s -> ctx.catalog().stream(mv.database(), s.name()) != null);
    }

    /**
     * Creates again the internal streams dropped with FORCE, for a full build, and moves the streams of
     * a base table dropped and created again onto the new table. Such a stream starts at the beginning
     * of the changelog: the build's snapshot holds every change it can see, and the offsets then move
     * past them. Returns the streams, and the MV's list of them when it changed (else null).
     */
    private static Recreated recreate(StatementContext ctx, MvMeta mv, List<MvMeta.IvmStream> missing) {
        List<Stream> out = new ArrayList<>();
        List<MvMeta.IvmStream> list = new ArrayList<>(mv.ivm().streams());
        boolean moved = false;
        for (MvMeta.IvmStream is : missing) {
            MvMeta.BaseTable base = mv.baseTables().stream().filter(b -> b.id() == is.tableId()).findFirst().orElse(null);
            if (base == null) {
                continue;
            }
            TableMeta t = ctx.catalog().tableById(base.database(), base.id());
            String name = is.name();
            String type = IvmSetup.STREAM_TYPE;
            if (t == null) {
                t = ctx.catalog().table(base.database(), base.name());
                if (t == null) {
                    continue;
                }
                StreamMeta old = ctx.catalog().stream(mv.database(), is.name());
                if (old != null) {
                    StreamOffsets.drop(ctx.txn().connection(), old.id());
                    ctx.catalog().deleteStream(ctx.txn().connection(), mv.database(), old.name());
                    ctx.txn().afterCommit(() -> ctx.catalog().forgetStream(mv.database(), old.name()));
                }
                name = io.cairndb.changelog.StreamPlanner.INTERNAL_PREFIX + mv.id() + "_" + t.id();
                type = io.cairndb.changelog.StreamPlanner.checkNew(t, IvmSetup.STREAM_TYPE, true);
                list.set(list.indexOf(is), new MvMeta.IvmStream(t.id(), name));
                moved = true;
            }
            StreamMeta s = new StreamMeta(ctx.catalog().newId(), mv.database(), name, t.id(), t.database(), t.name(), type,
                    false, 0, IvmSetup.STREAM_COMMENT, System.currentTimeMillis());
            ctx.catalog().saveStream(ctx.txn().connection(), s);
            ctx.txn().afterCommit(() -> ctx.catalog().publishStream(s));
            out.add(new Stream(s, t, null));
        }
        return new Recreated(out, moved ? list : null);
    }

    private record Recreated(List<Stream> streams, List<MvMeta.IvmStream> list) {
    }

    private static String explain(String reason) {
        return switch (reason) {
            case "PLAN_SIGNATURE_MISMATCH" -> "the definition no longer binds to the plan the MV was built for";
            default -> "an internal stream is missing or its changes are no longer all kept";
        };
    }
}
