package io.cairndb.rewrite;

import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanNodes;
import io.cairndb.plan.SpjgForm;
import io.cairndb.plan.UsedColumns;

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
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Set<String> succeeded = new LinkedHashSet<>();

    private MvRewriter(List<Materialization> usable, RewriteSettings settings, ColumnIds ids) {
        this.usable = usable;
        this.settings = settings;
        this.ids = ids;
    }

    /** The plan with what the MVs can answer read from them; {@code materializations} are the candidates. */
    public static RewriteOutcome rewrite(PlanNode plan, List<Materialization> materializations, RewriteSettings settings) {
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
                unusable.put(m.name(), m.unusable());
            } else {
                usable.add(m);
            }
        }
        usable.sort(Comparator.comparingLong(Materialization::rows).thenComparing(Materialization::name));
        MvRewriter r = new MvRewriter(usable, settings, new ColumnIds(PlanNodes.maxColumnId(plan) + 1));
        // A part of the query answers only for the columns read above it: scans read no others. (A
        // correlated subquery's references are not seen by the pruning, so such plans keep theirs.)
        PlanNode current = usable.isEmpty() || hasSubquery(plan) ? plan : UsedColumns.prune(plan);
        int rounds = settings.nested() ? RewriteSettings.NEST_DEPTH : 1;
        for (int i = 0; i < rounds && !usable.isEmpty(); i++) {
            PlanNode next = r.visit(current, null);
            if (next == current) {
                break;
            }
            current = next;
        }
        return new RewriteOutcome(current, r.report(current, unusable));
    }

    private PlanNode visit(PlanNode node, List<Long> triedAbove) {
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
        for (Materialization mv : usable) {
            List<Long> viewTables = mv.form().tables().stream().map(s -> s.source().tableId()).sorted().toList();
            if (!viewTables.equals(tables)) {
                if (tables.stream().anyMatch(mv.tableIds()::contains)) {
                    fail(mv, tableDifference(form, mv));
                }
                continue;
            }
            if (answered >= settings.successCandidates()) {
                fail(mv, "Not tried: materialized_view_rewrite_success_candidate_num (" + settings.successCandidates()
                        + ") MVs with fewer rows already answer the query");
                continue;
            }
            PlanNode plan = null;
            for (int[] mapping : TableMapping.of(form.tables(), mv.form().tables(), settings.mappingLimit())) {
                try {
                    plan = ViewMatcher.match(form, mv, mapping, ids);
                    break;
                } catch (MatchFailure f) {
                    fail(mv, f.getMessage());
                }
            }
            if (plan != null) {
                succeeded.add(mv.name());
                answered++;
                if (best == null) {
                    // Candidates come cheapest first: the first answer is the one to keep.
                    best = plan;
                }
            }
        }
        return best;
    }

    private void fail(Materialization mv, String why) {
        failures.putIfAbsent(mv.name(), why);
    }

    private static String tableDifference(SpjgForm form, Materialization mv) {
        Set<String> query = new TreeSet<>();
        form.tables().forEach(s -> query.add(s.source().table()));
        Set<String> view = new TreeSet<>();
        mv.form().tables().forEach(s -> view.add(s.source().table()));
        Set<String> onlyView = new TreeSet<>(view);
        onlyView.removeAll(query);
        if (!onlyView.isEmpty()) {
            return "View struct info is invalid: the view reads " + String.join(", ", onlyView) + ", which the query does not";
        }
        Set<String> onlyQuery = new TreeSet<>(query);
        onlyQuery.removeAll(view);
        if (!onlyQuery.isEmpty()) {
            return "Match mode is invalid: the query reads " + String.join(", ", onlyQuery) + ", which the view does not";
        }
        return "Match mode is invalid: the query and the view read their tables a different number of times";
    }

    private static boolean plainScans(SpjgForm form) {
        return form.tables().stream().allMatch(s -> s.partitions().isEmpty() && !s.temporaryPartitions());
    }

    private RewriteReport report(PlanNode plan, Map<String, String> unusable) {
        Map<PlanNode.TableSource, Boolean> read = new IdentityHashMap<>();
        collectSources(plan, read);
        List<String> chosen = new ArrayList<>();
        List<String> notChosen = new ArrayList<>();
        for (Materialization mv : usable) {
            if (read.containsKey(mv.source())) {
                chosen.add(mv.name());
            } else if (succeeded.contains(mv.name())) {
                notChosen.add(mv.name());
            }
        }
        Map<String, String> failed = new LinkedHashMap<>(unusable);
        failures.forEach((name, why) -> {
            if (!succeeded.contains(name)) {
                failed.put(name, why);
            }
        });
        return new RewriteReport(chosen, notChosen, failed);
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
