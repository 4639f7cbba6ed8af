package io.cairndb.plan;

import java.util.List;

/** Structural edits of plan nodes that rules share. */
public final class PlanNodes {
    private PlanNodes() {
    }

    /** {@code node} over other inputs (as many as it has, in order); a leaf is returned as it is. */
    public static PlanNode withInputs(PlanNode node, List<PlanNode> inputs) {
        if (node instanceof PlanNode.Filter f) {
            return new PlanNode.Filter(inputs.get(0), f.condition());
        } else if (node instanceof PlanNode.Project p) {
            return new PlanNode.Project(inputs.get(0), p.assignments());
        } else if (node instanceof PlanNode.Join j) {
            return new PlanNode.Join(j.kind(), inputs.get(0), inputs.get(1), j.condition());
        } else if (node instanceof PlanNode.Aggregate a) {
            return new PlanNode.Aggregate(inputs.get(0), a.keys(), a.groupingSets(), a.aggregates());
        } else if (node instanceof PlanNode.Window w) {
            return new PlanNode.Window(inputs.get(0), w.windows());
        } else if (node instanceof PlanNode.SetOperation op) {
            return new PlanNode.SetOperation(op.kind(), op.all(), inputs.get(0), inputs.get(1), op.outputs());
        } else if (node instanceof PlanNode.Distinct) {
            return new PlanNode.Distinct(inputs.get(0));
        } else if (node instanceof PlanNode.Sort s) {
            return new PlanNode.Sort(inputs.get(0), s.keys());
        } else if (node instanceof PlanNode.Limit l) {
            return new PlanNode.Limit(inputs.get(0), l.count(), l.offset());
        } else if (node instanceof PlanNode.Generate g) {
            return new PlanNode.Generate(inputs.get(0), g.generator(), g.args(), g.outer(), g.generated());
        }
        return node;
    }

    /** The highest column id the plan uses, subquery plans included (0 for none). */
    public static int maxColumnId(PlanNode node) {
        int max = 0;
        for (PlanColumn c : node.outputs()) {
            max = Math.max(max, c.id());
        }
        if (node instanceof PlanNode.Scan s) {
            for (PlanColumn c : s.outputs()) {
                max = Math.max(max, c.id());
            }
        }
        for (ScalarExpr e : PlanExpressions.of(node)) {
            max = Math.max(max, maxColumnId(e));
        }
        if (node instanceof PlanNode.Aggregate a) {
            for (PlanNode.AggregateAssignment x : a.aggregates()) {
                max = Math.max(max, x.column().id());
            }
        }
        for (PlanNode input : node.inputs()) {
            max = Math.max(max, maxColumnId(input));
        }
        return max;
    }

    private static int maxColumnId(ScalarExpr e) {
        int[] max = {0};
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                max[0] = Math.max(max[0], r.id());
            } else if (x instanceof ScalarExpr.Subquery s) {
                max[0] = Math.max(max[0], maxColumnId(s.plan()));
            } else if (x instanceof ScalarExpr.Lambda l) {
                l.params().forEach(p -> max[0] = Math.max(max[0], p.id()));
            }
        });
        return max[0];
    }
}
