package io.cairndb.optimizer;

import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanNodes;
import io.cairndb.plan.ScalarExpr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A projection over a projection becomes one, the inner expressions put in place of their columns
 * where that computes the same (they are deterministic and hold no subquery); a projection that
 * passes its input's columns through unchanged and in order is dropped, unless it is the plan's root
 * (whose columns carry the query's labels).
 */
final class ProjectMerging {
    private ProjectMerging() {
    }

    static PlanNode apply(PlanNode plan) {
        return merge(plan);
    }

    private static PlanNode merge(PlanNode node) {
        PlanNode n = PlanNodes.withInputs(node, node.inputs().stream().map(ProjectMerging::below).toList());
        if (n instanceof PlanNode.Project outer && outer.input() instanceof PlanNode.Project inner && inlinable(inner)) {
            Map<Integer, ScalarExpr> computed = new HashMap<>();
            inner.assignments().forEach(a -> computed.put(a.column().id(), a.expr()));
            List<PlanNode.Assignment> assignments = outer.assignments().stream().map(a -> new PlanNode.Assignment(a.column(),
                    PlanExpressions.replaceColumns(a.expr(), r -> computed.getOrDefault(r.id(), r)))).toList();
            return new PlanNode.Project(inner.input(), assignments);
        }
        return n;
    }

    /** A node below the root: merged, and dropped when it is a projection that changes nothing. */
    private static PlanNode below(PlanNode node) {
        PlanNode n = merge(node);
        return n instanceof PlanNode.Project p && passesThrough(p) ? p.input() : n;
    }

    private static boolean inlinable(PlanNode.Project p) {
        return p.assignments().stream().allMatch(a -> PlanExpressions.deterministic(a.expr()) && !PlanExpressions.hasSubquery(a.expr()));
    }

    /** Whether the projection produces exactly its input's columns, in order. */
    private static boolean passesThrough(PlanNode.Project p) {
        List<io.cairndb.plan.PlanColumn> in = p.input().outputs();
        if (in.size() != p.assignments().size()) {
            return false;
        }
        for (int i = 0; i < in.size(); i++) {
            PlanNode.Assignment a = p.assignments().get(i);
            if (!(a.expr() instanceof ScalarExpr.ColumnRef r) || r.id() != in.get(i).id() || a.column().id() != r.id()) {
                return false;
            }
        }
        return true;
    }
}
