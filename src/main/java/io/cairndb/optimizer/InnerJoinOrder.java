package io.cairndb.optimizer;

import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A region of inner and cross joins with the filters over and between them (a comma join and its
 * WHERE, or a chain of JOIN .. ON) is one set of inputs and one set of conjuncts: each conjunct on
 * one input goes into it, and the inputs are joined again in the written order except that each next
 * input is the first one a conjunct connects to those already joined, the join taking every
 * conjunct that has become evaluable. A join stays a cross join only where no conjunct connects the
 * two sides. The region's columns keep their order.
 */
final class InnerJoinOrder {
    private InnerJoinOrder() {
    }

    static PlanNode region(PlanNode.Join join, List<ScalarExpr> above) {
        List<PlanNode> inputs = new ArrayList<>();
        List<ScalarExpr> conjuncts = new ArrayList<>(above);
        flatten(join, inputs, conjuncts);
        List<Set<Integer>> produced = inputs.stream().map(i -> PredicatePushdown.ids(i.outputs())).toList();
        List<List<ScalarExpr>> single = new ArrayList<>();
        inputs.forEach(i -> single.add(new ArrayList<>()));
        List<Edge> edges = new ArrayList<>();
        List<ScalarExpr> kept = new ArrayList<>();
        for (ScalarExpr c : conjuncts) {
            Set<Integer> cols = ExprFacts.columns(c);
            Set<Integer> touched = new HashSet<>();
            for (int i = 0; i < inputs.size(); i++) {
                for (Integer id : cols) {
                    if (produced.get(i).contains(id)) {
                        touched.add(i);
                        break;
                    }
                }
            }
            if (!PlanExpressions.deterministic(c) || touched.isEmpty()) {
                kept.add(c);
            } else if (touched.size() == 1) {
                single.get(touched.iterator().next()).add(c);
            } else {
                edges.add(new Edge(c, touched));
            }
        }
        List<PlanNode> pushed = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            pushed.add(PredicatePushdown.push(inputs.get(i), single.get(i)));
        }
        PlanNode tree = joinInOrder(pushed, edges);
        List<PlanColumn> written = join.outputs();
        if (!ids(tree.outputs()).equals(ids(written))) {
            tree = new PlanNode.Project(tree, written.stream().map(c -> new PlanNode.Assignment(c, c.ref())).toList());
        }
        return PredicatePushdown.filter(tree, kept);
    }

    /** The inputs of the inner and cross joins under {@code node} and the conjuncts of their conditions and filters. */
    private static void flatten(PlanNode node, List<PlanNode> inputs, List<ScalarExpr> conjuncts) {
        if (node instanceof PlanNode.Join j && (j.kind() == PlanNode.JoinKind.INNER || j.kind() == PlanNode.JoinKind.CROSS)) {
            flatten(j.left(), inputs, conjuncts);
            flatten(j.right(), inputs, conjuncts);
            conjuncts.addAll(Conjuncts.split(j.condition()));
        } else if (node instanceof PlanNode.Filter f && isRegion(f.input())) {
            conjuncts.addAll(Conjuncts.split(f.condition()));
            flatten(f.input(), inputs, conjuncts);
        } else {
            inputs.add(node);
        }
    }

    private static boolean isRegion(PlanNode node) {
        return node instanceof PlanNode.Join j && (j.kind() == PlanNode.JoinKind.INNER || j.kind() == PlanNode.JoinKind.CROSS)
                || node instanceof PlanNode.Filter f && isRegion(f.input());
    }

    /** A conjunct over several inputs (by position). */
    private record Edge(ScalarExpr conjunct, Set<Integer> inputs) {
    }

    private static PlanNode joinInOrder(List<PlanNode> inputs, List<Edge> edges) {
        Set<Integer> joined = new HashSet<>();
        joined.add(0);
        PlanNode tree = inputs.get(0);
        List<Edge> open = new ArrayList<>(edges);
        while (joined.size() < inputs.size()) {
            int next = -1;
            for (int i = 0; i < inputs.size() && next < 0; i++) {
                if (!joined.contains(i) && connects(open, joined, i)) {
                    next = i;
                }
            }
            for (int i = 0; i < inputs.size() && next < 0; i++) {
                if (!joined.contains(i)) {
                    next = i;
                }
            }
            joined.add(next);
            List<ScalarExpr> condition = new ArrayList<>();
            for (Edge e : List.copyOf(open)) {
                if (joined.containsAll(e.inputs())) {
                    condition.add(e.conjunct());
                    open.remove(e);
                }
            }
            ScalarExpr on = Conjuncts.and(condition);
            tree = new PlanNode.Join(on == null ? PlanNode.JoinKind.CROSS : PlanNode.JoinKind.INNER, tree, inputs.get(next), on);
        }
        return tree;
    }

    /** Whether joining input {@code i} makes some open conjunct evaluable. */
    private static boolean connects(List<Edge> open, Set<Integer> joined, int i) {
        for (Edge e : open) {
            if (e.inputs().contains(i)) {
                Set<Integer> with = new HashSet<>(joined);
                with.add(i);
                if (with.containsAll(e.inputs())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Integer> ids(List<PlanColumn> columns) {
        return columns.stream().map(PlanColumn::id).toList();
    }
}
