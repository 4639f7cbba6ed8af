package io.cairndb.rewrite;

import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanNodes;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;
import io.cairndb.plan.UsedColumns;
import io.cairndb.plan.ValueRange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Transparent rewrite: answers the largest select-project-join-group parts of a query from
 * materialized views. From the top of the plan down, each such part is matched against every MV that
 * reads the same tables, under every pairing of its tables with the MV's; of the MVs that answer it,
 * the one with the fewest rows to read replaces it. With nested rewrite on, the answer is matched
 * again, so that an MV over MVs can answer what the MVs below it answered.
 */
public final class MvRewriter {
    private final List<Materialization> usable;
    private final RewriteSettings settings;
    private final ColumnIds ids;
    private final TableKeys keys;
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Set<String> succeeded = new LinkedHashSet<>();

    private MvRewriter(List<Materialization> usable, RewriteSettings settings, ColumnIds ids, TableKeys keys) {
        this.usable = usable;
        this.settings = settings;
        this.ids = ids;
        this.keys = keys;
    }

    /**
     * The plan with what the MVs can answer read from them; {@code materializations} are the candidates,
     * {@code keys} what may be assumed about the keys of the tables they and the query read.
     */
    public static RewriteOutcome rewrite(PlanNode plan, List<Materialization> materializations, RewriteSettings settings,
                                         TableKeys keys) {
        if (materializations.isEmpty()) {
            return RewriteOutcome.unchanged(plan);
        }
        Set<Long> queried = new HashSet<>();
        collectTables(plan, queried);
        List<Materialization> usable = new ArrayList<>();
        Map<String, String> unusable = new LinkedHashMap<>();
        for (Materialization m : materializations) {
            if (m.tableIds().stream().noneMatch(queried::contains)) {
                continue;
            }
            if (m.unusable() != null) {
                unusable.put(m.reportName(), m.unusable());
            } else {
                usable.add(m);
            }
        }
        usable.sort(Comparator.comparingLong(Materialization::rows).thenComparing(Materialization::name));
        MvRewriter r = new MvRewriter(usable, settings, new ColumnIds(PlanNodes.maxColumnId(plan) + 1), keys);
        // A part of the query answers only for the columns read above it: scans read no others. (A
        // correlated subquery's references are not seen by the pruning, so such plans keep theirs.)
        PlanNode pruned = usable.isEmpty() || hasSubquery(plan) ? plan : UsedColumns.pruneForReading(plan);
        PlanNode current = pruned;
        int rounds = settings.nested() ? RewriteSettings.NEST_DEPTH : 1;
        for (int i = 0; i < rounds && !usable.isEmpty(); i++) {
            PlanNode next = r.visit(current, null);
            if (next == current) {
                break;
            }
            current = next;
        }
        // A query no MV answered runs as bound.
        PlanNode answer = current == pruned ? plan : current;
        return new RewriteOutcome(answer, r.report(answer, unusable));
    }

    private PlanNode visit(PlanNode node, List<Long> triedAbove) {
        if (node instanceof PlanNode.Limit limit) {
            PlanNode answer = answerTopN(limit);
            if (answer != null) {
                return answer;
            }
        }
        List<Long> tried = triedAbove;
        if (node instanceof PlanNode.Project || node instanceof PlanNode.Aggregate || node instanceof PlanNode.Filter
                || node instanceof PlanNode.Join) {
            SpjgForm form = SpjgForm.of(node).filter(MvRewriter::plainScans).orElse(null);
            if (form != null) {
                List<Long> tables = form.tables().stream().map(s -> s.source().tableId()).sorted().toList();
                // The same tables below an SPJG part no MV answered: no MV answers the smaller part either.
                if (!tables.equals(triedAbove)) {
                    PlanNode answer = answer(form, tables);
                    if (answer != null) {
                        return answer;
                    }
                }
                tried = tables;
            }
        }
        List<PlanNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (PlanNode in : node.inputs()) {
            PlanNode out = visit(in, tried);
            changed |= out != in;
            inputs.add(out);
        }
        return changed ? PlanNodes.withInputs(node, inputs) : node;
    }

    /** The cheapest MV answer of one SPJG part, or null. */
    private PlanNode answer(SpjgForm form, List<Long> tables) {
        PlanNode best = null;
        int answered = 0;
        List<Materialization> partial = new ArrayList<>();
        for (Materialization mv : usable) {
            List<Long> viewTables = mv.form().tables().stream().map(s -> s.source().tableId()).sorted().toList();
            if (!covers(viewTables, tables)) {
                if (covers(tables, viewTables)) {
                    partial.add(mv);
                } else if (tables.stream().anyMatch(mv.tableIds()::contains)) {
                    fail(mv, tableDifference(form, mv));
                }
                continue;
            }
            if (mv.topN() != null) {
                fail(mv, "Match mode is invalid: the view keeps only the rows of its LIMIT, which answer only a LIMIT of "
                        + "the same query");
                continue;
            }
            if (answered >= settings.successCandidates()) {
                notTried(mv);
                continue;
            }
            if (mv.prefixColumn() != null && !restricts(form, mv.prefixColumn())) {
                fail(mv, "The materialized view holds as many rows as its table and is sorted first by "
                        + mv.prefixColumn() + ", which the query does not filter on: reading it is not cheaper");
                continue;
            }
            PlanNode plan = firstAnswer(mv, TableMapping.of(form.tables(), mv.form().tables(), settings.mappingLimit()),
                    mapping -> ViewMatcher.match(form, mv, mapping, ids, keys));
            if (plan != null) {
                answered++;
                // Candidates come cheapest first: the first answer is the one to keep.
                best = best == null ? plan : best;
            }
        }
        // MVs over some of the query's tables answer only when none answers it whole.
        for (Materialization mv : partial) {
            if (best != null || answered >= settings.successCandidates() || mv.topN() != null) {
                fail(mv, tableDifference(form, mv));
                continue;
            }
            PlanNode plan = firstAnswer(mv, TableMapping.into(form.tables(), mv.form().tables(), settings.mappingLimit()),
                    mapping -> PartialAnswer.plan(form, mv, mapping, ids, keys));
            if (plan != null) {
                answered++;
                best = plan;
            }
        }
        return best;
    }

    /** The answer of the first table mapping under which the MV answers, or null (the failures noted). */
    private PlanNode firstAnswer(Materialization mv, List<int[]> mappings, Function<int[], PlanNode> match) {
        for (int[] mapping : mappings) {
            try {
                PlanNode plan = match.apply(mapping);
                succeeded.add(mv.reportName());
                return plan;
            } catch (MatchFailure f) {
                fail(mv, f.getMessage());
            }
        }
        return null;
    }

    private void notTried(Materialization mv) {
        fail(mv, "Not tried: materialized_view_rewrite_success_candidate_num (" + settings.successCandidates()
                + ") MVs with fewer rows already answer the query");
    }

    /**
     * A LIMIT (over an ORDER BY) of an SPJG part answered by an MV that keeps its definition's LIMIT rows
     * of the same part (seed 2.2.11): the same order (none when the MV has none), and the query's rows
     * within the MV's: offset {@code O >= L} and {@code M + O <= N + L} for the query's LIMIT M OFFSET O
     * and the MV's LIMIT N OFFSET L. The MV's rows, sorted again, give the query's from offset O - L.
     */
    private PlanNode answerTopN(PlanNode.Limit limit) {
        PlanNode.Sort sort = limit.input() instanceof PlanNode.Sort s ? s : null;
        PlanNode part = sort != null ? sort.input() : limit.input();
        SpjgForm form = SpjgForm.of(part).filter(MvRewriter::plainScans).orElse(null);
        if (form == null) {
            return null;
        }
        List<Long> tables = form.tables().stream().map(s -> s.source().tableId()).sorted().toList();
        for (Materialization mv : usable) {
            Materialization.TopN topN = mv.topN();
            if (topN == null) {
                continue;
            }
            if (!mv.form().tables().stream().map(s -> s.source().tableId()).sorted().toList().equals(tables)) {
                fail(mv, tableDifference(form, mv));
                continue;
            }
            if (limit.offset() < topN.offset() || limit.count() + limit.offset() > topN.count() + topN.offset()) {
                fail(mv, "Match mode is invalid: the query's LIMIT " + limit.count() + " OFFSET " + limit.offset()
                        + " reads rows beyond the view's LIMIT " + topN.count() + " OFFSET " + topN.offset());
                continue;
            }
            for (int[] mapping : TableMapping.of(form.tables(), mv.form().tables(), settings.mappingLimit())) {
                try {
                    ViewMatcher.Exact exact = ViewMatcher.exact(form, mv, mapping, ids, keys);
                    requireSameOrder(sort, topN, exact, mv);
                    succeeded.add(mv.reportName());
                    PlanNode ordered = sort == null ? exact.plan() : new PlanNode.Sort(exact.plan(), sort.keys());
                    return new PlanNode.Limit(ordered, limit.count(), limit.offset() - topN.offset());
                } catch (MatchFailure f) {
                    fail(mv, f.getMessage());
                }
            }
        }
        return null;
    }

    /** The query's ORDER BY is the view's: the same MV columns, directions and NULL orders. */
    private static void requireSameOrder(PlanNode.Sort sort, Materialization.TopN topN, ViewMatcher.Exact exact,
                                         Materialization mv) {
        List<PlanNode.SortKey> queryKeys = sort == null ? List.of() : sort.keys();
        if (queryKeys.size() != topN.keys().size()) {
            throw new MatchFailure("Match mode is invalid: the query's ORDER BY is not the view's");
        }
        PlanNode.Project answer = (PlanNode.Project) exact.plan();
        List<PlanColumn> viewOutputs = mv.form().outputs().stream().map(PlanNode.Assignment::column).toList();
        for (int i = 0; i < queryKeys.size(); i++) {
            PlanNode.SortKey q = queryKeys.get(i);
            PlanNode.SortKey v = topN.keys().get(i);
            ScalarExpr read = q.expr() instanceof ScalarExpr.ColumnRef r ? answer.assignments().stream()
                    .filter(a -> a.column().id() == r.id()).map(PlanNode.Assignment::expr).findFirst().orElse(null) : null;
            int position = v.expr() instanceof ScalarExpr.ColumnRef r ? viewOutputs.stream().map(PlanColumn::id).toList()
                    .indexOf(r.id()) : -1;
            boolean same = read instanceof ScalarExpr.ColumnRef c && position >= 0
                    && c.id() == exact.viewColumns().get(position).id()
                    && q.ascending() == v.ascending() && q.nullsFirst() == v.nullsFirst();
            if (!same) {
                throw new MatchFailure("Match mode is invalid: the query's ORDER BY is not the view's");
            }
        }
    }

    private void fail(Materialization mv, String why) {
        failures.putIfAbsent(mv.reportName(), why);
    }

    private static String tableDifference(SpjgForm form, Materialization mv) {
        Set<String> query = new TreeSet<>();
        form.tables().forEach(s -> query.add(s.source().table()));
        Set<String> view = new TreeSet<>();
        mv.form().tables().forEach(s -> view.add(s.source().table()));
        Set<String> onlyQuery = new TreeSet<>(query);
        onlyQuery.removeAll(view);
        if (!onlyQuery.isEmpty()) {
            return "Match mode is invalid: the query reads " + String.join(", ", onlyQuery) + ", which the view does not";
        }
        Set<String> onlyView = new TreeSet<>(view);
        onlyView.removeAll(query);
        if (!onlyView.isEmpty()) {
            return "Match mode is invalid: the view reads " + String.join(", ", onlyView) + ", which the query does not";
        }
        return "Match mode is invalid: the query and the view read their tables a different number of times";
    }

    /** Whether the view reads every table the query reads, as often (it may read more, see JoinElimination). */
    private static boolean covers(List<Long> view, List<Long> query) {
        List<Long> rest = new ArrayList<>(view);
        for (Long t : query) {
            if (!rest.remove(t)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the query keeps only some values of a column of its (one) table: a range or equality on it. */
    private static boolean restricts(SpjgForm form, String column) {
        for (PlanNode.Scan scan : form.tables()) {
            for (int i = 0; i < scan.columns().size(); i++) {
                if (scan.columns().get(i).equalsIgnoreCase(column)) {
                    SpjgForm.EquivalenceClass c = form.classOf(scan.outputs().get(i).id()).orElse(null);
                    if (c != null && c.range() != null && !c.range().equals(ValueRange.ALL)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean plainScans(SpjgForm form) {
        return form.tables().stream().allMatch(s -> s.partitions().isEmpty() && !s.temporaryPartitions());
    }

    private RewriteReport report(PlanNode plan, Map<String, String> unusable) {
        Map<PlanNode.TableSource, Boolean> read = new IdentityHashMap<>();
        collectSources(plan, read);
        List<String> chosen = new ArrayList<>();
        List<String> notChosen = new ArrayList<>();
        // Failures in the order candidates are tried (fewest rows first), after the unusable MVs.
        Map<String, String> failed = new LinkedHashMap<>(unusable);
        Set<String> rollups = new HashSet<>();
        for (Materialization mv : usable) {
            String name = mv.reportName();
            if (mv.rollupOf() != null) {
                rollups.add(name);
            }
            if (read.containsKey(mv.source())) {
                chosen.add(name);
            } else if (succeeded.contains(name)) {
                notChosen.add(name);
            } else if (failures.containsKey(name)) {
                failed.put(name, failures.get(name));
            }
        }
        return new RewriteReport(chosen, notChosen, failed, rollups);
    }

    private static boolean hasSubquery(PlanNode node) {
        return PlanExpressions.of(node).stream().anyMatch(PlanExpressions::hasSubquery)
                || node.inputs().stream().anyMatch(MvRewriter::hasSubquery);
    }

    private static void collectTables(PlanNode node, Set<Long> out) {
        if (node instanceof PlanNode.Scan s) {
            out.add(s.source().tableId());
        }
        node.inputs().forEach(i -> collectTables(i, out));
    }

    private static void collectSources(PlanNode node, Map<PlanNode.TableSource, Boolean> out) {
        if (node instanceof PlanNode.Scan s) {
            out.put(s.source(), true);
        }
        node.inputs().forEach(i -> collectSources(i, out));
    }
}
