package io.cairndb.mv;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.ColumnOrigin;
import io.cairndb.plan.QueryLineage;
import io.cairndb.printer.PartitionPredicates;

import java.sql.Connection;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One refresh of an MV inside the caller's transaction (which holds the MV's writer lock): decides
 * which MV partitions to rebuild, rewrites their rows from the base partitions they follow and records
 * what they were built from. The caller commits; a failure leaves everything as it was.
 */
final class MvRefresher {
    private MvRefresher() {
    }

    /**
     * What a refresh was asked to do: mode AUTO, COMPLETE, INCREMENTAL, PARTITIONS (names),
     * STALE_PARTITIONS or RANGE (start, end); {@code fallback}: an IVM refresh may fall back.
     */
    record Request(String mode, List<String> partitions, String start, String end, boolean force, boolean fallback) {
        /** A refresh by the MV's own method, as its triggers run it. */
        static Request of(MvMeta mv) {
            return new Request(mv.refreshMethod(), List.of(), null, null, false, mv.ivm() != null && mv.ivm().fallback());
        }

        Request {
            partitions = List.copyOf(partitions);
        }
    }

    /**
     * The partitions a refresh rebuilt, the MV as it stands after it, and whether the definition's plan,
     * bound afresh, still has the signature stored when the MV was created.
     */
    record Outcome(String refreshMode, List<String> partitions, TableMeta table, MvMeta mv, boolean planSignatureMatches,
                   IvmRefresher.Result ivm) {
    }

    static Outcome refresh(StatementContext ctx, String database, String name, Request request, long now,
                           TaskControl control, IvmCostModel costs, CommittedOffsets offsets) {
        Connection c = ctx.txn().connection();
        // Metadata comes from the catalog's committed entries, read before the transaction's first
        // statement fixes its snapshot. An entry is published only after its commit, so the base
        // versions recorded below are never newer than the data this refresh reads: at worst older,
        // and then a later refresh rebuilds that partition once more. The MV's own entries are as its
        // last statement left them: the caller holds its lock, which statements keep until published.
        TableMeta mvTable = ctx.catalog().table(database, name);
        MvMeta mv = ctx.catalog().mv(database, name);
        if (mvTable == null || mv == null) {
            throw new CairnException(ErrorCode.NO_SUCH_TABLE, "materialized view " + database + "." + name + " does not exist");
        }
        for (MvMeta.BaseTable b : mv.baseTables()) {
            if (ctx.catalog().database(b.database()) == null) {
                // Said before the definition is bound, which would only find the database unknown.
                throw new CairnException(ErrorCode.NO_SUCH_TABLE, "Table [" + b.name() + "] does not exist in database ["
                        + b.database() + "].");
            }
        }
        MvDefinition def = MvDefinition.resolve(ctx, mv, mvTable.columnNames());
        // Binding a table function or stream of the definition may have begun the transaction already.
        ctx.txn().restartSnapshot();
        Map<Long, TableMeta> bases = bases(ctx, def);
        PartitionTracker.Layout layout = layout(mv, mvTable, def, bases, now, ctx);
        List<PartitionTracker.Target> targets = layout.targets();
        Map<String, PartitionMeta> existing = new HashMap<>();
        mvTable.partitioning().partitions().forEach(p -> existing.put(p.name(), p));
        List<PartitionMeta> planned = new ArrayList<>();
        for (PartitionTracker.Target t : targets) {
            PartitionMeta p = existing.get(t.name());
            planned.add(p != null ? p : new PartitionMeta(ctx.catalog().newId(), t.name(), t.lower(), t.upper(), t.listValues(), 1, now));
        }
        List<String> columns = layout.kind() == PartitionScheme.Kind.UNPARTITIONED ? List.of() : List.of(mv.partitionInfo().mvColumn());
        // The MV with the partitions it will have: an IVM refresh writes rows of new partitions too.
        TableMeta shaped = mvTable.withPartitioning(new PartitionScheme(layout.kind(), columns, planned));
        IvmRefresher.Result ivm = mv.ivm() == null ? null : IvmRefresher.refresh(ctx, mv, shaped, def, request, control,
                IvmRefresher.Partitions.of(targets, def), bases, costs, offsets);
        // An IVM refresh that applies changes brings every partition in sync; otherwise it rebuilt some.
        // An MV in SCHEMA_CHANGE holds rows of columns that changed under it: every partition is rebuilt.
        Request asked = ivm == null && !MvDescriptions.schemaChangeDetail(ctx.catalog(), mv).isEmpty() && !request.mode().equals("PARTITIONS")
                ? new Request(request.mode(), request.partitions(), request.start(), request.end(), true, request.fallback()) : request;
        List<PartitionTracker.Target> chosen = ivm == null ? choose(mv, mvTable, targets, asked, excluded(mv, def, bases))
                : ivm.delta() ? targets : targets.stream().filter(t -> ivm.rebuilt().contains(t.name())).toList();

        Set<String> chosenNames = new LinkedHashSet<>();
        chosen.forEach(t -> chosenNames.add(t.name()));
        List<PartitionMeta> parts = new ArrayList<>();
        for (PartitionMeta p : planned) {
            parts.add(chosenNames.contains(p.name()) ? p.withVersion(p.visibleVersion() + 1, now) : p);
        }
        Set<String> targetNames = new HashSet<>();
        targets.forEach(t -> targetNames.add(t.name()));
        List<PartitionMeta> dropped = mvTable.partitioning().partitions().stream()
                .filter(p -> !targetNames.contains(p.name())).toList();
        TableMeta updated = mvTable.withPartitioning(new PartitionScheme(layout.kind(), columns, parts));

        String target = mvTable.duckName();
        if (!dropped.isEmpty()) {
            control.execute(c, "DELETE FROM " + target + " WHERE " + PartitionPredicates.anyOf(mvTable, dropped));
            if (ChangelogConfig.of(mvTable).enabled()) {
                // An IVM MV above reads the partitions' rows as gone in bulk, as from a base's DROP PARTITION.
                dropped.forEach(p -> ChangelogTables.mark(c, ctx.changelogBounds(), mvTable.id(), ctx.commitTso().get(), p.id(),
                        "DROP_PARTITION"));
            }
        }
        if (!chosen.isEmpty() && ivm == null) {
            rebuild(ctx, def, updated, chosen, targets.size(), bases, target, mv, control);
        }

        // An incremental refresh may leave partitions it wrote nothing to at its snapshot, and others behind.
        Set<String> current = ivm == null ? chosenNames : new HashSet<>(ivm.synced().current());
        Set<String> behind = ivm == null ? Set.of() : new HashSet<>(ivm.synced().behind());
        Map<String, Map<String, Long>> sources = new LinkedHashMap<>();
        for (PartitionTracker.Target t : targets) {
            Map<String, Long> built = current.contains(t.name()) ? t.sources() : mv.partitionSources().get(t.name());
            if (behind.contains(t.name())) {
                built = IvmSyncedPartitions.skippedSources(built == null ? t.sources() : built);
            }
            if (built != null) {
                sources.put(t.name(), built);
            }
        }
        MvMeta refreshed = mv.refreshed(baseTables(bases.values(), mv.querySql()), sources, now);
        if (mv.partitionInfo() != null && !mv.partitionInfo().related().equals(def.related())) {
            // A base table dropped and created again: its partitions are followed by the new table's id.
            refreshed = refreshed.withPartitionInfo(new MvMeta.PartitionInfo(mv.partitionInfo().mvColumn(),
                    mv.partitionInfo().unit(), def.related()));
        }
        if (ivm != null && (!mv.ivm().baseline() || ivm.refreshMode().equals("COMPLETE"))) {
            // A full build is the new baseline, of the definition as it binds now.
            refreshed = refreshed.withIvm(mv.ivm().rebuilt(IvmSetup.signature(def), ivm.streams() == null ? mv.ivm().streams()
                    : ivm.streams()));
        } else if (ivm != null && ivm.streams() != null) {
            refreshed = refreshed.withIvm(new MvMeta.Ivm(mv.ivm().fallback(), ivm.streams(), mv.ivm().baseline(),
                    mv.ivm().signature(), mv.ivm().invalidated()));
        }
        boolean partitionsChanged = !chosen.isEmpty() || !dropped.isEmpty() || parts.size() != existing.size();
        if (partitionsChanged) {
            ctx.catalog().saveMvAndTable(c, refreshed, updated);
        } else {
            updated = mvTable;
            if (ivm == null || !ivm.refreshMode().equals("NOT_REFRESH")) {
                // An IVM refresh with nothing to do commits nothing: its caller keeps the MV's freshness in memory.
                ctx.catalog().saveMv(c, refreshed);
            }
        }
        String mode = ivm != null ? ivm.refreshMode()
                : chosen.isEmpty() ? "NOT_REFRESH" : chosen.size() == targets.size() ? "COMPLETE" : "PARTIAL";
        return new Outcome(mode, List.copyOf(chosenNames), updated, refreshed, !def.planChanged(mv.planSignature()), ivm);
    }

    /** The definition's tables by id, as the catalog has them now. */
    private static Map<Long, TableMeta> bases(StatementContext ctx, MvDefinition def) {
        Map<Long, TableMeta> bases = new LinkedHashMap<>();
        for (QueryLineage.BaseTable b : def.lineage().baseTables()) {
            TableMeta stored = ctx.catalog().table(b.database(), b.name());
            if (stored == null) {
                throw new CairnException(ErrorCode.NO_SUCH_TABLE, "Table [" + b.name() + "] does not exist in database ["
                        + b.database() + "].");
            }
            bases.put(stored.id(), stored);
        }
        return bases;
    }

    /** An IVM MV's partitions as a refresh now would lay them out, for EXPLAIN and DRY RUN. */
    static IvmRefresher.Partitions ivmPartitions(StatementContext ctx, MvMeta mv, TableMeta mvTable, MvDefinition def) {
        Map<Long, TableMeta> bases = bases(ctx, def);
        return IvmRefresher.Partitions.of(layout(mv, mvTable, def, bases, System.currentTimeMillis(), ctx).targets(), def);
    }

    private static PartitionTracker.Layout layout(MvMeta mv, TableMeta mvTable, MvDefinition def, Map<Long, TableMeta> bases,
                                                  long now, StatementContext ctx) {
        if (mv.partitionInfo() == null) {
            return PartitionTracker.unpartitioned(mv.name(),
                    bases.values().stream().filter(t -> !MvProperties.excludesTrigger(mv, t)).toList());
        }
        List<PartitionTracker.Tracked> tracked = new ArrayList<>();
        Set<Long> trackedIds = new LinkedHashSet<>();
        for (ColumnOrigin o : def.tracked()) {
            TableMeta t = bases.get(o.tableId());
            if (t == null) {
                throw new CairnException(ErrorCode.NO_SUCH_TABLE, "Table [" + o.table() + "] does not exist in database ["
                        + o.database() + "].");
            }
            tracked.add(new PartitionTracker.Tracked(t, o.column(), o.unit()));
            trackedIds.add(t.id());
        }
        List<TableMeta> others = bases.values().stream()
                .filter(t -> !trackedIds.contains(t.id()) && !MvProperties.excludesTrigger(mv, t)).toList();
        ColumnMeta column = mvTable.column(mv.partitionInfo().mvColumn());
        LocalDateTime clock = LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(now), ctx.session().zone());
        return PartitionTracker.partitioned(tracked, others, column.type(),
                PartitionTracker.SyncWindow.of(mv.properties(), clock), PartitionFilter.of(ctx, def.query(), tracked, column.type()));
    }

    /**
     * The tables (by id) excluded_trigger_tables names whose partitions the MV's do not follow: as in
     * Doris, their changes are judged when a refresh runs, so one made before the table was excluded
     * makes no partition stale either.
     */
    private static Set<Long> excluded(MvMeta mv, MvDefinition def, Map<Long, TableMeta> bases) {
        Set<Long> tracked = new HashSet<>();
        def.tracked().forEach(o -> tracked.add(o.tableId()));
        Set<Long> out = new HashSet<>();
        bases.values().stream().filter(t -> !tracked.contains(t.id()) && MvProperties.excludesTrigger(mv, t)).forEach(t -> out.add(t.id()));
        return out;
    }

    /** {@code recorded} without the entries of the {@code excluded} tables. */
    private static Map<String, Long> followed(Map<String, Long> recorded, Set<Long> excluded) {
        if (recorded == null || excluded.isEmpty()) {
            return recorded;
        }
        Map<String, Long> out = new HashMap<>(recorded);
        out.keySet().removeIf(k -> excluded.contains(Long.parseLong(k.substring(0, k.indexOf('/')))));
        return out;
    }

    private static List<PartitionTracker.Target> choose(MvMeta mv, TableMeta mvTable, List<PartitionTracker.Target> targets,
                                                        Request request, Set<Long> excluded) {
        List<PartitionTracker.Target> out = new ArrayList<>();
        switch (request.mode()) {
            case "COMPLETE" -> out.addAll(targets);
            case "INCREMENTAL" -> throw new CairnException(ErrorCode.NOT_SUPPORTED, "materialized view " + mv.name()
                    + " is not maintained incrementally: refresh it with AUTO, COMPLETE or PARTITIONS");
            case "PARTITIONS" -> {
                for (String name : request.partitions()) {
                    PartitionTracker.Target t = targets.stream().filter(x -> x.name().equalsIgnoreCase(name)).findFirst()
                            .orElseThrow(() -> new CairnException(ErrorCode.UNKNOWN_PARTITION,
                                    "partition not exist: " + name + " in materialized view " + mv.name()));
                    // The partitions named are refreshed, in sync or not, as Doris does.
                    if (!out.contains(t)) {
                        out.add(t);
                    }
                }
            }
            case "RANGE" -> {
                if (mv.partitionInfo() == null) {
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "materialized view " + mv.name() + " is not partitioned");
                }
                var type = mvTable.column(mv.partitionInfo().mvColumn()).type();
                String start = PartitionAnalyzer.normalize(new io.cairndb.sql.tree.PartitionDesc.Value(request.start(), false), type);
                String end = PartitionAnalyzer.normalize(new io.cairndb.sql.tree.PartitionDesc.Value(request.end(), false), type);
                // As Doris and StarRocks: every partition whose range overlaps [start, end), whole or not.
                for (PartitionTracker.Target t : targets) {
                    boolean startsBeforeEnd = t.lower().isEmpty() || PartitionAnalyzer.compareValue(t.lower().get(0), end, type) < 0;
                    boolean endsAfterStart = t.upper().isEmpty() || PartitionAnalyzer.compareValue(t.upper().get(0), start, type) > 0;
                    if (startsBeforeEnd && endsAfterStart) {
                        out.add(t);
                    }
                }
            }
            default -> {
                for (PartitionTracker.Target t : targets) {
                    if (request.force() || !t.sources().equals(followed(mv.partitionSources().get(t.name()), excluded))) {
                        out.add(t);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Replaces the rows of the chosen MV partitions with the definition's rows for them, in batches of
     * {@code refresh_partition_num} partitions (all at once without it), all in the refresh's transaction.
     */
    private static void rebuild(StatementContext ctx, MvDefinition def, TableMeta mvTable, List<PartitionTracker.Target> chosen,
                                int total, Map<Long, TableMeta> bases, String target, MvMeta mv, TaskControl control) {
        Connection c = ctx.txn().connection();
        String batch = mv.properties().get("refresh_partition_num");
        int size = batch == null ? chosen.size() : Integer.parseInt(batch.trim());
        List<String> partitionNames = chosen.stream().map(PartitionTracker.Target::name).toList();
        control.planned(partitionNames);
        if (chosen.size() == total && size >= total && coversAll(def, bases, chosen)) {
            List<String> names = mvTable.columnNames().stream().map(Sql::ident).toList();
            control.execute(c, "DELETE FROM " + target);
            control.execute(c, "INSERT INTO " + target + " SELECT * FROM (" + ctx.translator().translate(def.query()) + ") AS "
                    + Sql.ident("__mv") + "(" + String.join(", ", names) + ")" + keyOrder(mvTable));
            control.completed(partitionNames);
            return;
        }
        for (int from = 0; from < chosen.size(); from += size) {
            List<PartitionTracker.Target> some = chosen.subList(from, Math.min(chosen.size(), from + size));
            rebuildPartitions(ctx, def, mvTable, some, bases, target, control);
            control.completed(some.stream().map(PartitionTracker.Target::name).toList());
        }
    }

    private static void rebuildPartitions(StatementContext ctx, MvDefinition def, TableMeta mvTable,
                                          List<PartitionTracker.Target> chosen, Map<Long, TableMeta> bases, String target,
                                          TaskControl control) {
        Connection c = ctx.txn().connection();
        List<String> names = mvTable.columnNames().stream().map(Sql::ident).toList();
        List<PartitionMeta> parts = chosen.stream().map(t -> mvTable.partition(t.name())).toList();
        String inChosen = PartitionPredicates.anyOf(mvTable, parts);
        // Read only the base partitions the chosen MV partitions are built from.
        Map<Long, String> filters = PartitionTracker.feeding(def.tracked(), bases, chosen);
        String query = ctx.translator().filteringScans(filters).translate(def.query());
        control.execute(c, "DELETE FROM " + target + " WHERE " + inChosen);
        control.execute(c, "INSERT INTO " + target + " SELECT * FROM (" + query + ") AS " + Sql.ident("__mv") + "("
                + String.join(", ", names) + ") WHERE " + inChosen + keyOrder(mvTable));
    }

    /**
     * Rows are written in the order of the MV's key, as Doris stores them: the engine's per-block
     * minimum and maximum then let a query filtering on the leading key columns skip most blocks.
     */
    private static String keyOrder(TableMeta mvTable) {
        List<String> keys = mvTable.keyColumns().stream().map(k -> Sql.ident(k.name())).toList();
        return keys.isEmpty() ? "" : " ORDER BY " + String.join(", ", keys);
    }

    /** Whether the partitions hold every partition of the tracked tables (none left out by partition_sync_limit). */
    private static boolean coversAll(MvDefinition def, Map<Long, TableMeta> bases, List<PartitionTracker.Target> chosen) {
        Set<String> built = new java.util.HashSet<>();
        chosen.forEach(t -> built.addAll(t.sources().keySet()));
        for (ColumnOrigin o : def.tracked()) {
            TableMeta base = bases.get(o.tableId());
            for (PartitionMeta p : base.partitioning().partitions()) {
                if (!built.contains(PartitionTracker.key(base, p))) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The base tables with the columns the definition {@code querySql} may use and their types: a
     * later change to one of them puts the MV in SCHEMA_CHANGE, a change to another column does not.
     * A column counts as used when its name is a word of the definition (whose {@code *} is spelled
     * out), which errs on the side of SCHEMA_CHANGE.
     */
    static List<MvMeta.BaseTable> baseTables(Iterable<TableMeta> tables, String querySql) {
        Set<String> words = new java.util.HashSet<>();
        String lower = querySql.toLowerCase(java.util.Locale.ROOT);
        for (String w : lower.split("[^\\p{L}\\p{N}_$]+")) {
            words.add(w);
        }
        // A quoted name may hold blanks or punctuation: it counts whole.
        java.util.regex.Matcher quoted = java.util.regex.Pattern.compile("`((?:[^`]|``)*)`").matcher(lower);
        while (quoted.find()) {
            words.add(quoted.group(1).replace("``", "`"));
        }
        List<MvMeta.BaseTable> out = new ArrayList<>();
        for (TableMeta t : tables) {
            Map<String, String> types = new LinkedHashMap<>();
            t.columns().stream().filter(col -> words.contains(col.name().toLowerCase(java.util.Locale.ROOT)))
                    .forEach(col -> types.put(col.name(), col.type().toSql()));
            out.add(new MvMeta.BaseTable(t.id(), t.database(), t.name(), types));
        }
        return out;
    }
}
