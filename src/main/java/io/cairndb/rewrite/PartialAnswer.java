package io.cairndb.rewrite;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A query that joins more tables than a view: the view answers the join of its tables (with the
 * query's predicates on those tables compensated as usual), and the query's other tables are joined to
 * its rows by the remaining predicates, under the query's own grouping. Only inner joins, and only a
 * view that does not aggregate (its rows must be the join's rows, each once).
 */
final class PartialAnswer {
    private PartialAnswer() {
    }

    /** {@code mapping}: for every view table position, the query table position it stands for. */
    static PlanNode plan(SpjgForm query, Materialization mv, int[] mapping, ColumnIds ids, TableKeys keys) {
        if (mv.form().aggregated()) {
            throw new MatchFailure("Match mode is invalid: the query joins tables the view does not, and the view aggregates");
        }
        if (hasOuter(query) || hasOuter(mv.form())) {
            throw new MatchFailure("Match mode is invalid: the query joins tables the view does not, by outer or semi joins");
        }
        List<Integer> inside = new ArrayList<>();
        for (int q : mapping) {
            inside.add(q);
        }
        inside.sort(null);
        Set<Integer> insideColumns = new HashSet<>();
        List<PlanNode.Scan> insideScans = new ArrayList<>();
        List<PlanNode.Scan> outsideScans = new ArrayList<>();
        for (int t = 0; t < query.tables().size(); t++) {
            PlanNode.Scan scan = query.tables().get(t);
            if (inside.contains(t)) {
                insideScans.add(scan);
                scan.outputs().forEach(c -> insideColumns.add(c.id()));
            } else {
                outsideScans.add(scan);
            }
        }
        List<ScalarExpr> insideConjuncts = new ArrayList<>();
        List<ScalarExpr> rest = new ArrayList<>();
        for (ScalarExpr c : query.conjuncts()) {
            (insideColumns.containsAll(columns(List.of(c))) ? insideConjuncts : rest).add(c);
        }
        // The view's part gives every column of its tables the rest of the query reads.
        List<ScalarExpr> readAbove = new ArrayList<>(rest);
        query.outputs().forEach(a -> readAbove.add(a.expr()));
        readAbove.addAll(query.groupingKeys());
        query.aggregates().forEach(a -> {
            readAbove.addAll(a.call().args());
            a.call().orderBy().forEach(k -> readAbove.add(k.expr()));
        });
        Set<Integer> needed = columns(readAbove);
        List<PlanNode.Assignment> outputs = new ArrayList<>();
        for (PlanNode.Scan scan : insideScans) {
            scan.outputs().stream().filter(c -> needed.contains(c.id()))
                    .forEach(c -> outputs.add(new PlanNode.Assignment(c, c.ref())));
        }
        SpjgForm part = SpjgForm.select(insideScans, insideConjuncts, outputs);
        int[] partMapping = new int[mapping.length];
        for (int v = 0; v < mapping.length; v++) {
            partMapping[v] = inside.indexOf(mapping[v]);
        }
        PlanNode joined = ViewMatcher.match(part, mv, partMapping, ids, keys);
        for (PlanNode.Scan scan : outsideScans) {
            joined = new PlanNode.Join(PlanNode.JoinKind.CROSS, joined, scan, null);
        }
        PlanNode filtered = rest.isEmpty() ? joined : new PlanNode.Filter(joined, rest.size() == 1 ? rest.get(0)
                : new ScalarExpr.Call(Operator.AND.function(), rest, DataType.BOOLEAN, true));
        List<PlanColumn> available = joined.outputs();
        ViewExpressions identity = ViewExpressions.of(available.stream().map(c -> (ScalarExpr) c.ref()).toList(),
                available.stream().map(PlanColumn::ref).toList());
        QueryAnswer answer = new QueryAnswer(query, ids);
        return query.aggregated() ? answer.aggregate(filtered, available, identity, null)
                : answer.project(filtered, e -> identity.express(e, ViewExpressions.equalities(query.classes())));
    }

    private static boolean hasOuter(SpjgForm form) {
        return form.joins().stream().anyMatch(j -> j.kind() != PlanNode.JoinKind.INNER && j.kind() != PlanNode.JoinKind.CROSS);
    }

    private static Set<Integer> columns(List<ScalarExpr> exprs) {
        Set<Integer> out = new HashSet<>();
        exprs.forEach(e -> PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                out.add(r.id());
            }
        }));
        return out;
    }
}
