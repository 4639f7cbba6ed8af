package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.printer.PartitionIds;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.ivm.DeltaPlanner;
import io.cairndb.ivm.IvmAnalyzer;
import io.cairndb.ivm.IvmForm;
import io.cairndb.ivm.IvmLayout;
import io.cairndb.ivm.IvmMaintenance;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One refresh of an IVM MV, in the refresh's transaction and snapshot. The first refresh of any
 * kind, COMPLETE and partition refreshes build the baseline in full; otherwise the changes of its
 * internal streams since the last refresh are applied, or, when they cannot be (a missing stream,
 * trimmed history, a changed plan), the refresh falls back to a full build with the reason, or fails
 * when strict. A TRUNCATE, INSERT OVERWRITE or DROP PARTITION of a base, which leaves no changes,
 * rebuilds the MV even under strict INCREMENTAL. Every internal stream's offsets then move to what
 * the snapshot holds, in the same transaction as the MV's rows.
 */
final class IvmRefresher {
    private IvmRefresher() {
    }

    /**
     * What the refresh did: RefreshMode, the fallback reason (null: none), the partitions rebuilt in
     * full beyond the first build, and the changes it consumed per base table (StarRocks's
     * imvSourceVersionRange: TSO bounds, the start MIN for a full build; null until the refresh ran).
     */
    record Result(String refreshMode, String fallbackReason, int rebuiltPartitions, List<SourceRange> consumed) {
        Result(String refreshMode, String fallbackReason, int rebuiltPartitions) {
            this(refreshMode, fallbackReason, rebuiltPartitions, null);
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
     * impossible (null: it is possible), whether a base lost rows in bulk, and the streams with changes.
     */
    record Survey(IvmForm form, IvmLayout layout, List<Stream> streams, List<MvMeta.IvmStream> missing, String reason,
                  boolean bulkRemoval, Map<Long, List<String>> changed) {
        /** The delta plan of the changed streams' changes, or of all streams' ({@code all}). */
        DeltaPlanner.Delta delta(boolean all) {
            Map<Long, List<String>> read = changed;
            if (all) {
                read = new HashMap<>();
                for (Stream s : streams) {
                    read.put(s.table().id(), List.of(s.stream().database(), s.stream().name()));
                }
            }
            return read.isEmpty() ? null : new DeltaPlanner(form.plan(), read).delta(form.input());
        }
    }

    /** {@code signature}: the signature of the definition as it binds now ({@link IvmSetup#signature}). */
    static Survey survey(StatementContext ctx, MvMeta mv, TableMeta mvTable, MvDefinition def, String signature) {
        Connection c = ctx.txn().connection();
        IvmForm form = IvmAnalyzer.analyze(def.plan(), IvmSetup.tables(ctx), IvmSetup.excluded(ctx, def, mv.properties()),
                def.lineage().nondeterministicFunctions());
        List<String> visible = mvTable.columns().stream().map(col -> col.name()).filter(n -> !IvmLayout.isHidden(n)).toList();
        List<Stream> streams = new ArrayList<>();
        String kept = mv.ivm().signature();
        String reason = kept != null && !kept.equals(signature) ? "PLAN_SIGNATURE_MISMATCH" : null;
        boolean bulkRemoval = false;
        Map<Long, List<String>> changed = new HashMap<>();
        List<MvMeta.IvmStream> missing = new ArrayList<>();
        for (MvMeta.IvmStream is : mv.ivm().streams()) {
            StreamMeta s = ctx.catalog().stream(mv.database(), is.name());
            TableMeta t = s == null ? null : ctx.catalog().tableById(s.tableDatabase(), s.tableId());
            if (t == null) {
                missing.add(is);
                reason = reason == null ? "STREAM_UNSUPPORTED" : reason;
                continue;
            }
            StreamOffsets.Pending pending = StreamOffsets.pending(c, s, t);
            streams.add(new Stream(s, t, pending));
            if (pending.historyTrimmed()) {
                reason = reason == null ? "STREAM_UNSUPPORTED" : reason;
            }
            bulkRemoval |= pending.bulkRemoval();
            if (pending.changes()) {
                changed.put(t.id(), List.of(s.database(), s.name()));
            }
        }
        return new Survey(form, IvmLayout.of(form, visible), streams, missing, reason, bulkRemoval, changed);
    }

    /** What a refresh in {@code mode} does with what {@code survey} found: the RefreshMode it ends with and why. */
    static Result decide(MvMeta mv, TableMeta mvTable, Survey survey, String mode, boolean fallback) {
        if (!mv.ivm().baseline() || rebuildRequested(mode)) {
            return new Result("COMPLETE", null, 0);
        }
        if (survey.reason() != null) {
            if (mode.equals("INCREMENTAL") && !fallback) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Incremental refresh of materialized view " + mv.name()
                        + " is not possible (" + survey.reason() + "): " + explain(survey.reason())
                        + "; refresh it with COMPLETE or AUTO, or with INCREMENTAL FALLBACK");
            }
            return new Result("COMPLETE", survey.reason(), 0);
        }
        if (survey.bulkRemoval()) {
            return new Result("COMPLETE", null, mvTable.partitioning().partitions().size());
        }
        return new Result(survey.changed().isEmpty() ? "NOT_REFRESH" : "PARTIAL", null, 0);
    }

    static IvmMaintenance maintenance(StatementContext ctx, TableMeta mvTable, Survey survey, TaskControl control) {
        Connection c = ctx.txn().connection();
        // A preview (no control) writes nothing, so it records no changes.
        IvmMaintenance.Capture capture = control == null || !ChangelogConfig.of(mvTable).enabled() ? null
                : new IvmMaintenance.Capture(ChangelogTables.insertInto(mvTable), ChangelogTables.name(mvTable), ctx.commitTso().get(),
                        PartitionIds.of(mvTable, null));
        return new IvmMaintenance(survey.layout(), mvTable, ctx.translator().printer(), new IvmMaintenance.Runner() {
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
        }, capture);
    }

    /**
     * {@code inSync}: no base partition the MV follows has a new version since its last refresh, so
     * its streams have nothing to read: an incremental refresh then does nothing without reading them
     * (the fixed cost of the common no-op refresh), unless the definition or a stream changed.
     */
    static Result refresh(StatementContext ctx, MvMeta mv, TableMeta mvTable, MvDefinition def, MvRefresher.Request request,
                          TaskControl control, boolean inSync) {
        String signature = IvmSetup.signature(def);
        if (inSync && !rebuildRequested(request.mode()) && mv.ivm().baseline() && streamsPresent(ctx, mv)
                && signature.equals(mv.ivm().signature())) {
            return new Result("NOT_REFRESH", null, 0, List.of());
        }
        Survey survey = survey(ctx, mv, mvTable, def, signature);
        Result result = decide(mv, mvTable, survey, request.mode(), request.fallback());
        IvmMaintenance maintenance = maintenance(ctx, mvTable, survey, control);
        List<Stream> streams = new ArrayList<>(survey.streams());
        if (result.refreshMode().equals("PARTIAL")) {
            DeltaPlanner.Delta delta = survey.delta(false);
            maintenance.apply(delta.plan(), delta.weight());
        } else if (result.refreshMode().equals("COMPLETE")) {
            maintenance.baseline();
            streams.addAll(recreate(ctx, mv, survey.missing()));
            if (ChangelogConfig.of(mvTable).enabled()) {
                // Rebuilt whole: an IVM MV above reads this as a bulk removal, and rebuilds too.
                for (var p : mvTable.partitioning().partitions()) {
                    ChangelogTables.mark(ctx.txn().connection(), mvTable.id(), ctx.commitTso().get(), p.id(), "IVM_REBUILD");
                }
            }
        }
        long now = System.currentTimeMillis();
        Connection c = ctx.txn().connection();
        List<SourceRange> consumed = new ArrayList<>();
        for (Stream s : streams) {
            if (s.pending() == null) {
                StreamOffsets.advance(c, s.stream(), s.table(), now);
                continue;
            }
            StreamOffsets.advance(c, s.stream(), s.table(), s.pending(), now);
            long floor = s.pending().floor();
            consumed.add(new SourceRange(s.table().database() + "." + s.table().name(),
                    result.refreshMode().equals("COMPLETE") ? null : floor, Math.max(floor, s.pending().newest())));
        }
        return new Result(result.refreshMode(), result.fallbackReason(), result.rebuiltPartitions(), consumed);
    }

    /** COMPLETE and the partition refreshes build an IVM MV in full (it is maintained whole). */
    private static boolean rebuildRequested(String mode) {
        return mode.equals("COMPLETE") || mode.equals("STALE_PARTITIONS") || mode.equals("PARTITIONS");
    }

    private static boolean streamsPresent(StatementContext ctx, MvMeta mv) {
        return mv.ivm().streams().stream().allMatch(s -> ctx.catalog().stream(mv.database(), s.name()) != null);
    }

    /**
     * Creates again the internal streams dropped with FORCE, for a full build. Such a stream starts at
     * the beginning of the changelog: the build's snapshot holds every change it can see, and the
     * offsets then move past them.
     */
    private static List<Stream> recreate(StatementContext ctx, MvMeta mv, List<MvMeta.IvmStream> missing) {
        List<Stream> out = new ArrayList<>();
        for (MvMeta.IvmStream is : missing) {
            TableMeta t = mv.baseTables().stream().filter(b -> b.id() == is.tableId())
                    .map(b -> ctx.catalog().tableById(b.database(), b.id())).filter(java.util.Objects::nonNull).findFirst().orElse(null);
            if (t == null) {
                continue;
            }
            StreamMeta s = new StreamMeta(ctx.catalog().newId(), mv.database(), is.name(), t.id(), t.database(), t.name(), IvmSetup.STREAM_TYPE,
                    false, 0, IvmSetup.STREAM_COMMENT, System.currentTimeMillis());
            ctx.catalog().saveStream(ctx.txn().connection(), s);
            ctx.txn().afterCommit(() -> ctx.catalog().publishStream(s));
            out.add(new Stream(s, t, null));
        }
        return out;
    }

    private static String explain(String reason) {
        return switch (reason) {
            case "PLAN_SIGNATURE_MISMATCH" -> "the definition no longer binds to the plan the MV was built for";
            default -> "an internal stream is missing or its changes are no longer all kept";
        };
    }
}
