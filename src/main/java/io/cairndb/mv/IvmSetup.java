package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.changelog.StreamPlanner;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.ivm.IvmAnalyzer;
import io.cairndb.ivm.IvmForm;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanSignature;
import io.cairndb.plan.UsedColumns;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The IVM part of an MV's life: whether CREATE makes it incremental (explicitly, or REFRESH AUTO when
 * its definition allows), the internal streams it creates (one per base table that triggers), and
 * their removal with the MV.
 */
final class IvmSetup {
    /**
     * Every change as it was written: weighted +1 / -1, the changes of a window sum to its net effect
     * without consolidating them by key first.
     */
    static final String STREAM_TYPE = "detail";
    static final String STREAM_COMMENT = "internal stream of an incrementally maintained materialized view";
    private static final String SYNC_LIMIT = "partition_sync_limit";
    private static final String SYNC_LIMIT_REFUSED = "partition_sync_limit is not supported for a materialized view maintained "
            + "incrementally: it keeps every partition of its bases";
    private IvmSetup() {
    }

    /**
     * The form an MV created with {@code method} is maintained in, or null for an ordinary MV:
     * INCREMENTAL requires an IVM definition and refuses others; AUTO is incremental when the
     * definition, its tables and its properties allow it.
     */
    static IvmForm form(StatementContext ctx, MvDefinition def, String method, Map<String, String> properties) {
        boolean explicit = method.equals("INCREMENTAL");
        boolean features = ctx.config().changelogEnabled() && ctx.config().flag("enable_table_stream");
        if (!explicit) {
            if (!method.equals("AUTO") || properties.containsKey(SYNC_LIMIT) || !features) {
                refuseWindow(properties);
                return null;
            }
            String why = IvmAnalyzer.unsupported(def.plan(), tables(ctx), excluded(ctx, def, properties),
                    def.lineage().nondeterministicFunctions());
            if (why != null) {
                refuseWindow(properties);
                return null;
            }
            return analyze(ctx, def, properties);
        }
        if (!features) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Incremental refresh needs enable_feature_binlog = true and "
                    + "enable_table_stream = true in the FE configuration");
        }
        if (properties.containsKey(SYNC_LIMIT)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, SYNC_LIMIT_REFUSED);
        }
        return analyze(ctx, def, properties);
    }

    static void refuseWindow(Map<String, String> properties) {
        if (properties.containsKey(IvmWindow.PROPERTY)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, IvmWindow.PROPERTY
                    + " applies only to a materialized view maintained incrementally (REFRESH INCREMENTAL or AUTO)");
        }
    }

    private static IvmForm analyze(StatementContext ctx, MvDefinition def, Map<String, String> properties) {
        IvmWindow.check(properties, def.lineage().baseTables().stream().map(b -> ctx.catalog().table(b.database(), b.name()))
                .filter(java.util.Objects::nonNull).toList());
        boolean derives = derivesChanges(properties);
        // Tables whose changes IVM will capture itself are analyzed as they will be.
        Function<PlanNode.TableSource, TableMeta> tables = source -> {
            TableMeta t = ctx.catalog().tableById(source.database(), source.tableId());
            return derives && capturedByIvm(t) ? withCapture(t) : t;
        };
        return IvmAnalyzer.analyze(def.plan(), tables, excluded(ctx, def, properties), def.lineage().nondeterministicFunctions());
    }

    static Function<PlanNode.TableSource, TableMeta> tables(StatementContext ctx) {
        return source -> ctx.catalog().tableById(source.database(), source.tableId());
    }

    /**
     * StarRocks's {@code "refresh_mode" = "INCREMENTAL"} derives the changes of a DUPLICATE or AGGREGATE
     * KEY table itself, with no property on the table (seed 001's examples rely on it); Doris's REFRESH
     * INCREMENTAL asks for the table's row binlog.
     */
    private static boolean derivesChanges(Map<String, String> properties) {
        return "INCREMENTAL".equalsIgnoreCase(properties.getOrDefault("refresh_mode", "").trim());
    }

    /**
     * A DUPLICATE or AGGREGATE KEY table without a changelog, whose changes an IVM MV can capture from
     * now on (an AGGREGATE KEY table's as changes of its merged rows).
     */
    private static boolean capturedByIvm(TableMeta t) {
        return t != null && t.kind() == io.cairndb.catalog.TableKind.TABLE && !t.keyModel().upserts()
                && !ChangelogConfig.of(t).enabled();
    }

    private static TableMeta withCapture(TableMeta t) {
        return t.withProperties(Map.of("binlog.enable", "true"));
    }

    /** The ids of the definition's tables listed in excluded_trigger_tables. */
    static Set<Long> excluded(StatementContext ctx, MvDefinition def, Map<String, String> properties) {
        Set<Long> out = new java.util.HashSet<>();
        for (var b : def.lineage().baseTables()) {
            TableMeta t = ctx.catalog().table(b.database(), b.name());
            if (t != null && MvProperties.excludesTrigger(properties, t)) {
                out.add(t.id());
            }
        }
        return out;
    }

    /**
     * Creates the internal streams of a new IVM MV, one per table of {@code form} not excluded, in
     * the MV's database. Each starts at the current TSO, taken under its table's writer lock so that
     * no commit of the table is in flight: the first refresh, a full build, consumes what it reads.
     */
    static List<MvMeta.IvmStream> createStreams(StatementContext ctx, long mvId, String database, IvmForm form,
                                                Map<String, String> properties) {
        Map<Long, TableMeta> tables = new TreeMap<>();
        for (PlanNode.TableSource source : form.tables()) {
            TableMeta t = ctx.catalog().tableById(source.database(), source.tableId());
            if (t != null && !MvProperties.excludesTrigger(properties, t)) {
                tables.put(t.id(), t);
            }
        }
        List<MvMeta.IvmStream> out = new ArrayList<>();
        for (TableMeta probe : tables.values()) {
            ctx.lockUntilEnd(probe.database(), probe.name());
            TableMeta t = ctx.catalog().tableById(probe.database(), probe.id());
            if (derivesChanges(properties) && capturedByIvm(t)) {
                // Its binlog is turned on, visibly, as ALTER TABLE .. SET ("binlog.enable" = "true") would.
                TableMeta captured = withCapture(t);
                ChangelogTables.create(ctx.txn().connection(), ctx.changelogBounds(), captured, ctx.commitTso().get());
                ctx.catalog().saveTable(ctx.txn().connection(), captured);
                ctx.txn().afterCommit(() -> ctx.catalog().publishTable(captured));
                t = captured;
            }
            String name = StreamPlanner.INTERNAL_PREFIX + mvId + "_" + t.id();
            StreamMeta s = new StreamMeta(ctx.catalog().newId(), database, name, t.id(), t.database(), t.name(),
                    StreamPlanner.checkNew(t, STREAM_TYPE, true), false, ctx.commitTso().get(),
                    STREAM_COMMENT, System.currentTimeMillis());
            ctx.catalog().saveStream(ctx.txn().connection(), s);
            ctx.txn().afterCommit(() -> ctx.catalog().publishStream(s));
            out.add(new MvMeta.IvmStream(t.id(), name));
        }
        return out;
    }

    /**
     * The MV's IVM state after ALTER .. SET changed its properties to {@code properties}. A table newly
     * excluded from triggering loses its stream (its changes are no longer read); a table no longer
     * excluded gets one. When the MV now maintains more than its baseline holds (a table no longer
     * excluded, whose earlier changes were never read; an ivm_partition_window_limit widened or removed,
     * whose earlier changes were skipped) the baseline is invalidated: SCHEMA_CHANGE until the next
     * refresh builds the MV in full.
     */
    static MvMeta.Ivm altered(StatementContext ctx, MvMeta mv, Map<String, String> properties) {
        if (properties.containsKey(SYNC_LIMIT)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, SYNC_LIMIT_REFUSED);
        }
        IvmWindow.check(properties, mv.baseTables().stream().map(b -> ctx.catalog().tableById(b.database(), b.id()))
                .filter(java.util.Objects::nonNull).toList());
        List<String> widened = new ArrayList<>(IvmWindow.widened(mv.properties(), properties));
        List<MvMeta.IvmStream> streams = mv.ivm().streams();
        if (!java.util.Objects.equals(properties.get("excluded_trigger_tables"), mv.properties().get("excluded_trigger_tables"))) {
            MvDefinition def = MvDefinition.resolve(ctx, mv, ctx.catalog().table(mv.database(), mv.name()).columnNames());
            Reconciled r = reconcile(ctx, mv, def, properties);
            streams = r.streams();
            r.added().forEach(t -> widened.add("excluded_trigger_tables no longer excludes " + t));
        }
        if (widened.isEmpty()) {
            return new MvMeta.Ivm(mv.ivm().fallback(), streams, mv.ivm().baseline(), mv.ivm().signature(), mv.ivm().invalidated());
        }
        return mv.ivm().invalidated(streams, "the IVM baseline was invalidated: " + String.join("; ", widened));
    }

    /** The internal streams after excluded_trigger_tables changed, and the tables (db.name) that got one. */
    private record Reconciled(List<MvMeta.IvmStream> streams, List<String> added) {
    }

    private static Reconciled reconcile(StatementContext ctx, MvMeta mv, MvDefinition def, Map<String, String> properties) {
        IvmForm form = analyze(ctx, def, properties);
        Map<Long, MvMeta.IvmStream> kept = new TreeMap<>();
        mv.ivm().streams().forEach(s -> kept.put(s.tableId(), s));
        List<MvMeta.IvmStream> out = new ArrayList<>();
        Map<String, String> added = new java.util.LinkedHashMap<>();
        for (PlanNode.TableSource source : form.tables()) {
            TableMeta t = ctx.catalog().tableById(source.database(), source.tableId());
            if (t == null || MvProperties.excludesTrigger(properties, t)) {
                continue;
            }
            MvMeta.IvmStream existing = kept.remove(t.id());
            if (existing != null) {
                out.add(existing);
            } else {
                added.put(t.database() + "." + t.name(), "");
            }
        }
        for (MvMeta.IvmStream gone : kept.values()) {
            drop(ctx, mv.database(), gone.name());
        }
        if (!added.isEmpty()) {
            IvmForm onlyAdded = new IvmForm(form.plan(), form.aggregate(), form.outputs(), form.having(), form.tables().stream()
                    .filter(src -> added.containsKey(src.database() + "." + src.table())).collect(java.util.stream.Collectors.toSet()));
            out.addAll(createStreams(ctx, mv.id(), mv.database(), onlyAdded, properties));
        }
        return new Reconciled(out, List.copyOf(added.keySet()));
    }

    /**
     * The table properties of a new MV's table: the binlog / changelog ones (Doris's chained IVM: an
     * IVM MV above this one reads its changes), which only an incrementally maintained MV may have.
     */
    static Map<String, String> changelogProperties(Map<String, String> properties, boolean incremental) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String key : ChangelogConfig.PROPERTY_KEYS) {
            if (properties.containsKey(key)) {
                out.put(key, properties.get(key));
            }
        }
        if (!ChangelogConfig.of(out).enabled()) {
            return Map.of();
        }
        if (!incremental) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Only an incrementally maintained materialized view keeps a binlog: "
                    + "create it with REFRESH INCREMENTAL, or without binlog.enable");
        }
        String format = out.get("binlog.format");
        if (format != null && !format.equalsIgnoreCase("ROW")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "binlog.format only supports ROW, got: " + format);
        }
        return out;
    }

    /** The signature IVM keeps of what a definition computes: its plan reading only the columns it uses. */
    static String signature(MvDefinition def) {
        return PlanSignature.of(UsedColumns.prune(def.plan()));
    }

    /** Drops the MV's internal streams with their offsets. */
    static void dropStreams(StatementContext ctx, MvMeta mv) {
        if (mv.ivm() == null) {
            return;
        }
        for (MvMeta.IvmStream is : mv.ivm().streams()) {
            drop(ctx, mv.database(), is.name());
        }
    }

    private static void drop(StatementContext ctx, String database, String name) {
        StreamMeta s = ctx.catalog().stream(database, name);
        if (s != null) {
            StreamOffsets.drop(ctx.txn().connection(), s.id());
            ctx.catalog().deleteStream(ctx.txn().connection(), database, s.name());
            ctx.txn().afterCommit(() -> ctx.catalog().forgetStream(database, s.name()));
        }
    }
}
