package io.cairndb.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A plan whose scans produce only the columns the plan uses: referenced by an expression, grouped
 * by, compared whole by DISTINCT or a set operation, or produced at the top. Two plans that differ
 * only in columns of their tables they never read (a column added to a base table) are then equal,
 * which is what a signature of what a definition computes needs.
 */
public final class UsedColumns {
    private UsedColumns() {
    }

    public static PlanNode prune(PlanNode plan) {
        Set<Integer> used = new HashSet<>();
        plan.outputs().forEach(c -> used.add(c.id()));
        collect(plan, used);
        return rebuild(plan, used);
    }

    private static void collect(PlanNode node, Set<Integer> used) {
        for (ScalarExpr e : PlanExpressions.of(node)) {
            PlanExpressions.walk(e, x -> {
                if (x instanceof ScalarExpr.ColumnRef r) {
                    used.add(r.id());
                }
            });
        }
        if (node instanceof PlanNode.Aggregate a) {
            a.keys().forEach(k -> used.add(k.id()));
        } else if (node instanceof PlanNode.Distinct || node instanceof PlanNode.SetOperation) {
            node.inputs().forEach(i -> i.outputs().forEach(c -> used.add(c.id())));
        }
        node.inputs().forEach(i -> collect(i, used));
    }

    private static PlanNode rebuild(PlanNode node, Set<Integer> used) {
        if (node instanceof PlanNode.Scan s) {
            List<PlanColumn> outputs = new ArrayList<>();
            List<String> columns = new ArrayList<>();
            for (int i = 0; i < s.outputs().size(); i++) {
                if (used.contains(s.outputs().get(i).id())) {
                    outputs.add(s.outputs().get(i));
                    columns.add(s.columns().get(i));
                }
            }
            return new PlanNode.Scan(s.source(), outputs, columns, s.partitions(), s.temporaryPartitions());
        } else if (node instanceof PlanNode.Filter f) {
            return new PlanNode.Filter(rebuild(f.input(), used), f.condition());
        } else if (node instanceof PlanNode.Project p) {
            return new PlanNode.Project(rebuild(p.input(), used), p.assignments());
        } else if (node instanceof PlanNode.Join j) {
            return new PlanNode.Join(j.kind(), rebuild(j.left(), used), rebuild(j.right(), used), j.condition());
        } else if (node instanceof PlanNode.Aggregate a) {
            return new PlanNode.Aggregate(rebuild(a.input(), used), a.keys(), a.groupingSets(), a.aggregates());
        } else if (node instanceof PlanNode.Window w) {
            return new PlanNode.Window(rebuild(w.input(), used), w.windows());
        } else if (node instanceof PlanNode.SetOperation op) {
            return new PlanNode.SetOperation(op.kind(), op.all(), rebuild(op.left(), used), rebuild(op.right(), used), op.outputs());
        } else if (node instanceof PlanNode.Distinct d) {
            return new PlanNode.Distinct(rebuild(d.input(), used));
        } else if (node instanceof PlanNode.Sort s) {
            return new PlanNode.Sort(rebuild(s.input(), used), s.keys());
        } else if (node instanceof PlanNode.Limit l) {
            return new PlanNode.Limit(rebuild(l.input(), used), l.count(), l.offset());
        } else if (node instanceof PlanNode.Generate g) {
            return new PlanNode.Generate(rebuild(g.input(), used), g.generator(), g.args(), g.outer(), g.generated());
        }
        return node;
    }
}
