package io.cairndb.mv;

import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.QueryRewriter;
import io.cairndb.analyzer.RollupQueries;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.ConstraintMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.EngineErrors;
import io.cairndb.error.CairnException;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanNodes;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;
import io.cairndb.rewrite.Materialization;
import io.cairndb.rewrite.MvRewriter;
import io.cairndb.rewrite.RewriteOutcome;
import io.cairndb.rewrite.RewriteSettings;
import io.cairndb.rewrite.TableKeys;
import io.cairndb.sql.SqlParser;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The MVs a query may be answered from, as rewrite needs them: those over the query's tables, each
 * with the normal form of its definition (bound once and kept while its definition and base columns
 * stay the same), whether it is fresh enough to be used, and its row count.
 */
final class RewriteCandidates implements QueryRewriter {
    /** A definition's normal form, valid while {@code key} (definition, database and base columns) holds. */
    private record Bound(Object key, PlanNode plan, SpjgForm form, Materialization.TopN topN, String invalid) {
    }

    /** An MV table's row count, valid until the MV's next refresh. */
    private record Rows(long refreshedAt, long rows) {
    }

    /**
     * A rollup's row count and its table's, valid while {@code table} is the published entry (every
     * committed write publishes a new one): what decides whether reading the rollup is cheaper.
     */
    private record RollupRows(TableMeta table, long rows, long tableRows) {
    }

    /** How many stale partitions a failure reason names. */
    private static final int SHOWN_PARTITIONS = 5;

    /** The MVs reading each table (by id), as of a version of the catalog's MVs. */
    private record TableIndex(long version, Map<Long, List<Long>> byTable) {
    }

    private volatile TableIndex tableIndex;
    private final Map<Long, Bound> forms = new ConcurrentHashMap<>();
    private final Map<Long, Rows> rows = new ConcurrentHashMap<>();
    private final Map<Long, RollupRows> rollupRows = new ConcurrentHashMap<>();

    @Override
    public RewriteOutcome rewrite(StatementContext ctx, PlanNode plan) {
        if (!ctx.session().flag("enable_materialized_view_rewrite")) {
            return RewriteOutcome.unchanged(plan);
        }
        boolean nested = ctx.session().flag("enable_materialized_view_nest_rewrite");
        List<Materialization> candidates = new ArrayList<>();
        Map<Long, String> tables = new HashMap<>();
        scanned(plan, tables);
        boolean snapshotTaken = ctx.txn().begun();
        for (Map.Entry<Long, String> queried : Map.copyOf(tables).entrySet()) {
            TableMeta t = ctx.catalog().tableById(queried.getValue(), queried.getKey());
            if (t != null && !t.rollups().isEmpty()) {
                // A transaction's snapshot, taken earlier, may predate a rollup or hold it still being built.
                TableMeta seen = snapshotTaken ? ctx.catalog().tableAsSaved(ctx.txn().connection(), t) : t;
                seen.rollups().stream().filter(r -> !r.building()).forEach(r -> candidates.add(rollup(ctx, t, r)));
            }
        }
        for (MvMeta mv : relevant(ctx.catalog(), tables.keySet(), nested)) {
            if (!readsOnlyAllowed(ctx, mv)) {
                // Its rows would reveal base rows the user may not read; an MV it cannot see is not even named.
                if (ctx.visible(mv.database(), mv.name())) {
                    Set<Long> bases = new HashSet<>();
                    mv.baseTables().forEach(b -> bases.add(b.id()));
                    candidates.add(Materialization.unusable(mv.database(), mv.name(), bases,
                            "The user has no SELECT_PRIV on every base table of the MV"));
                }
                continue;
            }
            candidates.add(materialization(ctx, mv, snapshotTaken));
            mv.baseTables().forEach(b -> tables.put(b.id(), b.database()));
        }
        RewriteSettings settings = new RewriteSettings(nested,
                number(ctx, "materialized_view_rewrite_success_candidate_num"),
                number(ctx, "materialized_view_relation_mapping_max_count"));
        return MvRewriter.rewrite(plan, candidates, settings, keys(ctx.catalog(), tables));
    }

    /** Whether the user may read every base table of {@code mv}: only then does rewrite answer from it. */
    private static boolean readsOnlyAllowed(StatementContext ctx, MvMeta mv) {
        return mv.baseTables().stream().allMatch(b -> ctx.access().has(Access.SELECT, b.database(), b.name()));
    }

    /** MVs reading a table the query reads; with nested rewrite, also MVs over those MVs. */
    private List<MvMeta> relevant(Catalog catalog, Set<Long> queried, boolean nested) {
        Map<Long, List<Long>> byTable = index(catalog);
        Set<Long> tables = new HashSet<>(queried);
        List<MvMeta> out = new ArrayList<>();
        Set<Long> taken = new HashSet<>();
        List<Long> frontier = new ArrayList<>(queried);
        while (!frontier.isEmpty()) {
            List<Long> next = new ArrayList<>();
            for (long table : frontier) {
                for (long id : byTable.getOrDefault(table, List.of())) {
                    MvMeta mv = catalog.mvById(id);
                    if (mv != null && taken.add(id)) {
                        out.add(mv);
                        if (nested && tables.add(id)) {
                            next.add(id);
                        }
                    }
                }
            }
            frontier = next;
        }
        // In the catalog's order, so that EXPLAIN lists them alike every time.
        out.sort(Comparator.comparing(MvMeta::database).thenComparing(MvMeta::name));
        return out;
    }

    /** The MVs (by id) reading each table, derived again only when the catalog's MVs changed. */
    private Map<Long, List<Long>> index(Catalog catalog) {
        TableIndex current = tableIndex;
        long version = catalog.mvsVersion();
        if (current == null || current.version() != version) {
            Map<Long, List<Long>> byTable = new HashMap<>();
            for (MvMeta mv : catalog.allMvs()) {
                mv.baseTables().forEach(b -> byTable.computeIfAbsent(b.id(), k -> new ArrayList<>()).add(mv.id()));
            }
            current = new TableIndex(version, byTable);
            tableIndex = current;
        }
        return current.byTable();
    }

    private Materialization materialization(StatementContext ctx, MvMeta mv, boolean snapshotTaken) {
        Set<Long> bases = new HashSet<>();
        mv.baseTables().forEach(b -> bases.add(b.id()));
        String why = unusable(ctx, mv, snapshotTaken);
        if (why != null) {
            return Materialization.unusable(mv.database(), mv.name(), bases, why);
        }
        TableMeta table = ctx.catalog().table(mv.database(), mv.name());
        Bound bound = bound(ctx, mv);
        if (bound.invalid() != null) {
            return Materialization.unusable(mv.database(), mv.name(), bases, bound.invalid());
        }
        List<ColumnMeta> columns = HiddenColumns.withoutHidden(table);
        if (columns.size() != bound.form().outputs().size()) {
            return Materialization.unusable(mv.database(), mv.name(), bases,
                    "View struct info is invalid: the MV's columns are not its definition's");
        }
        Freshness fresh = Freshness.of(ctx.catalog(), mv, table);
        Materialization.StaleUnion union = null;
        if (!fresh.inSync() && !withinGracePeriod(mv)) {
            String stale = "The MV is not in sync with its base tables (SyncWithBaseTables = 0) "
                    + (fresh.stalePartitions().isEmpty()
                    ? "for base partition(s) " + shown(fresh.staleBasePartitions()) + ", which no MV partition holds"
                    : "in partition(s) " + shown(fresh.stalePartitions()));
            if (!fresh.unionPossible() || !onlyOnce(bound.form(), fresh.tracked()) || bound.topN() != null) {
                return Materialization.unusable(mv.database(), mv.name(), bases, stale);
            }
            if (!ctx.session().flag("enable_materialized_view_union_rewrite")) {
                return Materialization.unusable(mv.database(), mv.name(), bases,
                        stale + "; enable_materialized_view_union_rewrite is off");
            }
            union = new Materialization.StaleUnion(fresh.freshPartitions(), fresh.staleBasePartitions().isEmpty() ? null
                    : restricted(bound.plan(), fresh.tracked(), fresh.staleBasePartitions()));
        }
        return Materialization.usable(mv.database(), mv.name(),
                new PlanNode.TableSource(table.id(), table.database(), table.name(), true), columns, bound.form(),
                rows(ctx, mv, table), union, bound.topN());
    }

    /**
     * A rollup as rewrite sees it: always in sync, as the table's writes keep it in their transactions
     * (also the uncommitted writes of this one), so it is read in the query's snapshot like the table.
     */
    private Materialization rollup(StatementContext ctx, TableMeta t, RollupMeta r) {
        List<Object> key = List.of(r, t.name(), t.columns());
        Bound bound = forms.get(r.id());
        if (bound == null || !bound.key().equals(key)) {
            try {
                PlanNode plan = QueryBinder.bind(ctx.unchecked().inDatabase(t.database()), RollupQueries.definition(t, r)).plan();
                bound = SpjgForm.of(plan).map(f -> new Bound(key, plan, f, null, null)).orElseGet(() -> new Bound(key, null, null, null,
                        "View struct info is invalid: the definition is not a select-project-group query"));
            } catch (CairnException e) {
                bound = new Bound(key, null, null, null, "View struct info is invalid: " + e.getMessage());
            }
            forms.put(r.id(), bound);
        }
        if (bound.invalid() != null) {
            return Materialization.unusable(t.database(), t.name() + "." + r.name(), Set.of(t.id()), bound.invalid());
        }
        RollupRows counted = rollupRows.get(r.id());
        if (counted == null || counted.table() != t) {
            counted = new RollupRows(t, count(ctx, r.storage(t)), count(ctx, t));
            rollupRows.put(r.id(), counted);
        }
        long rows = counted.rows();
        String prefix = null;
        // A rollup that aggregates saves the aggregation (its partial rows, folded, are one per key); one
        // that only reorders or filters the rows is worth it when it has fewer or serves a filter on its key.
        if (r.keyModel() != KeyModel.AGGREGATE && rows >= counted.tableRows()) {
            String first = r.defineExprs().get(0);
            prefix = SqlParser.parseExpression(first) instanceof io.cairndb.sql.tree.Expr.Identifier id
                    ? id.parts().get(id.parts().size() - 1) : first;
        }
        return Materialization.rollup(t.database(), t.name(), r.name(),
                new PlanNode.TableSource(r.id(), t.database(), t.name() + "(" + r.name() + ")", true), r.columns(), bound.form(), rows,
                prefix, r.mergesOnRead());
    }

    /**
     * Why the MV cannot answer queries now, whatever its data, or null. {@code snapshotTaken}: an earlier
     * statement of the transaction took its snapshot.
     */
    private static String unusable(StatementContext ctx, MvMeta mv, boolean snapshotTaken) {
        Catalog catalog = ctx.catalog();
        if ("false".equalsIgnoreCase(mv.properties().getOrDefault("enable_query_rewrite", "true").trim())) {
            return "The MV's property enable_query_rewrite is false";
        }
        if (!MvDescriptions.active(catalog, mv)) {
            return "The MV is inactive: " + MvDescriptions.inactiveReason(catalog, mv);
        }
        String schemaChange = MvDescriptions.schemaChangeDetail(catalog, mv);
        if (!schemaChange.isEmpty()) {
            return "The MV is in SCHEMA_CHANGE: " + schemaChange;
        }
        for (MvMeta.BaseTable b : mv.baseTables()) {
            if (ctx.txn().hasSaved(b.id())) {
                return "The transaction has uncommitted changes to base table " + b.name();
            }
        }
        if (snapshotTaken && !catalog.sameAsSaved(ctx.txn().connection(), mv)) {
            // Freshness is judged on the published catalog; the snapshot may hold other rows.
            return "The MV or its base tables changed since this transaction's snapshot was taken";
        }
        if (catalog.table(mv.database(), mv.name()) == null) {
            return "View struct info is invalid: the MV has no table";
        }
        if (mv.lastSuccessTime() == 0) {
            return "The MV has not been refreshed yet";
        }
        return null;
    }

    private static String shown(List<String> names) {
        return names.size() <= SHOWN_PARTITIONS ? String.join(", ", names)
                : String.join(", ", names.subList(0, SHOWN_PARTITIONS)) + " .. (" + names.size() + " in all)";
    }

    /** The MV holds the bases' rows as of its last refresh: within the grace period that is fresh enough. */
    private static boolean withinGracePeriod(MvMeta mv) {
        long grace = gracePeriodMillis(mv);
        return grace > 0 && System.currentTimeMillis() - mv.lastSuccessTime() <= grace;
    }

    /** Whether the tracked table is read once by the definition: its stale partitions then give the stale rows. */
    private static boolean onlyOnce(SpjgForm form, long table) {
        return form.tables().stream().filter(s -> s.source().tableId() == table).count() == 1;
    }

    /** The definition's plan reading only some partitions of one table. */
    private static PlanNode restricted(PlanNode plan, long table, List<String> partitions) {
        if (plan instanceof PlanNode.Scan s && s.source().tableId() == table) {
            return new PlanNode.Scan(s.source(), s.outputs(), s.columns(), partitions, false);
        }
        return PlanNodes.withInputs(plan, plan.inputs().stream().map(i -> restricted(i, table, partitions)).toList());
    }

    private static long gracePeriodMillis(MvMeta mv) {
        String v = mv.properties().get("grace_period");
        return v == null ? 0 : Long.parseLong(v.trim()) * 1000;
    }

    private Bound bound(StatementContext ctx, MvMeta mv) {
        List<Object> key = new ArrayList<>(Arrays.asList(mv.querySql(), mv.queryDatabase()));
        for (MvMeta.BaseTable b : mv.baseTables()) {
            TableMeta t = ctx.catalog().tableById(b.database(), b.id());
            key.add(t == null ? null : t.columns());
        }
        Bound cached = forms.get(mv.id());
        if (cached != null && cached.key().equals(key)) {
            return cached;
        }
        Bound fresh;
        try {
            StatementContext inDefinition = ctx.unchecked().inDatabase(mv.queryDatabase());
            PlanNode plan = QueryBinder.bind(inDefinition, MvDefinition.parsed(mv.querySql())).plan();
            Materialization.TopN topN = topN(plan);
            PlanNode part = topN == null ? plan : withoutLimit(plan);
            Optional<SpjgForm> form = SpjgForm.of(part);
            if (topN != null && !orderedByOutputs(topN, part)) {
                fresh = new Bound(key, null, null, null, "View struct info is invalid: the view's ORDER BY is not on its "
                        + "columns, so its rows cannot be put in that order again");
            } else {
                fresh = form.map(f -> new Bound(key, plan, f, topN, null)).orElseGet(() -> new Bound(key, null, null,
                        null, "View struct info is invalid: the definition is not a select-project-join-group query"));
            }
        } catch (CairnException e) {
            fresh = new Bound(key, null, null, null, "View struct info is invalid: " + e.getMessage());
        }
        forms.put(mv.id(), fresh);
        return fresh;
    }

    /** The LIMIT (and ORDER BY) a definition ends in, under a projection of its columns or not; else null. */
    private static Materialization.TopN topN(PlanNode plan) {
        PlanNode node = plan instanceof PlanNode.Project p && isSelection(p) ? p.input() : plan;
        if (!(node instanceof PlanNode.Limit l)) {
            return null;
        }
        PlanNode.Sort sort = l.input() instanceof PlanNode.Sort x ? x : null;
        return new Materialization.TopN(l.count(), l.offset(), sort == null ? List.of() : sort.keys());
    }

    /** The definition without its LIMIT and ORDER BY (whose rows are those it keeps, in no order). */
    private static PlanNode withoutLimit(PlanNode plan) {
        if (plan instanceof PlanNode.Project p) {
            return new PlanNode.Project(withoutLimit(p.input()), p.assignments());
        }
        PlanNode below = ((PlanNode.Limit) plan).input();
        return below instanceof PlanNode.Sort s ? s.input() : below;
    }

    private static boolean isSelection(PlanNode.Project p) {
        return p.assignments().stream().allMatch(a -> a.expr() instanceof ScalarExpr.ColumnRef r && r.id() == a.column().id());
    }

    private static boolean orderedByOutputs(Materialization.TopN topN, PlanNode part) {
        Set<Integer> outputs = new HashSet<>();
        part.outputs().forEach(c -> outputs.add(c.id()));
        return topN.keys().stream().allMatch(k -> k.expr() instanceof ScalarExpr.ColumnRef r && outputs.contains(r.id()));
    }

    private long rows(StatementContext ctx, MvMeta mv, TableMeta table) {
        Rows cached = rows.get(mv.id());
        if (cached != null && cached.refreshedAt() == mv.lastRefreshTime()) {
            return cached.rows();
        }
        long count = count(ctx, table);
        rows.put(mv.id(), new Rows(mv.lastRefreshTime(), count));
        return count;
    }

    private static long count(StatementContext ctx, TableMeta table) {
        // Through the transaction, so that a count before the query's first read does not take its snapshot.
        try (Statement st = ctx.txn().connection().createStatement();
             ResultSet rs = ctx.txn().query(st, "SELECT count(*) FROM " + table.duckName())) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    private static int number(StatementContext ctx, String variable) {
        String v = ctx.session().variable(variable);
        return v == null ? 0 : Integer.parseInt(v.trim());
    }

    /** The tables a plan scans, with their databases. */
    private static void scanned(PlanNode node, Map<Long, String> out) {
        if (node instanceof PlanNode.Scan s) {
            out.put(s.source().tableId(), s.source().database());
        }
        node.inputs().forEach(i -> scanned(i, out));
    }

    /** The unique keys (key models and constraints) and foreign keys of some tables. */
    private static TableKeys keys(Catalog catalog, Map<Long, String> tables) {
        Map<Long, List<Set<String>>> unique = new HashMap<>();
        Map<Long, List<TableKeys.ForeignKey>> foreign = new HashMap<>();
        tables.forEach((id, database) -> {
            TableMeta t = catalog.tableById(database, id);
            if (t == null) {
                return;
            }
            List<Set<String>> sets = new ArrayList<>();
            if (t.keyModel() != null && t.keyModel() != KeyModel.DUPLICATE) {
                sets.add(names(t.keyColumns().stream().map(ColumnMeta::name).toList()));
            }
            List<TableKeys.ForeignKey> fks = new ArrayList<>();
            for (ConstraintMeta c : t.constraints()) {
                if (c.kind() == ConstraintMeta.Kind.FOREIGN_KEY) {
                    fks.add(new TableKeys.ForeignKey(c.columns(), c.referencedTableId(), c.referencedColumns()));
                } else {
                    sets.add(names(c.columns()));
                }
            }
            unique.put(id, sets);
            foreign.put(id, fks);
        });
        return new TableKeys(unique, foreign);
    }

    private static Set<String> names(List<String> columns) {
        Set<String> out = new HashSet<>();
        columns.forEach(c -> out.add(c.toLowerCase(Locale.ROOT)));
        return out;
    }
}
