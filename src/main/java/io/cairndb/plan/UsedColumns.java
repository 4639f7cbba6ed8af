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
        return prune(plan, false);
    }

    /**
     * As {@link #prune(PlanNode)}, for a plan that is to run: a scan of which no column is used (under
     * {@code count(*)}) keeps its first one, as a SELECT needs one.
     */
    public static PlanNode pruneForReading(PlanNode plan) {
        return prune(plan, true);
    }

    /**
     * The ids of every column that something in the plan reads: an expression (also one inside a
     * subquery, at any depth: correlated references included), a grouping key, a DISTINCT or set
     * operation's input, or the plan's own result.
     */
    public static Set<Integer> referenced(PlanNode plan) {
        Set<Integer> used = new HashSet<>();
        plan.outputs().forEach(c -> used.add(c.id()));
        collectDeep(plan, used);
        return used;
    }

    private static void collectDeep(PlanNode node, Set<Integer> used) {
        for (ScalarExpr e : PlanExpressions.of(node)) {
            PlanExpressions.walk(e, x -> {
                if (x instanceof ScalarExpr.ColumnRef r) {
                    used.add(r.id());
                } else if (x instanceof ScalarExpr.Subquery s) {
                    s.plan().outputs().forEach(c -> used.add(c.id()));
                    collectDeep(s.plan(), used);
                }
            });
        }
        if (node instanceof PlanNode.Aggregate a) {
            a.keys().forEach(k -> used.add(k.id()));
        } else if (node instanceof PlanNode.Distinct || node instanceof PlanNode.SetOperation) {
            node.inputs().forEach(i -> i.outputs().forEach(c -> used.add(c.id())));
        }
        node.inputs().forEach(i -> collectDeep(i, used));
    }

    private static PlanNode prune(PlanNode plan, boolean keepOne) {
        Set<Integer> used = new HashSet<>();
        plan.outputs().forEach(c -> used.add(c.id()));
        collect(plan, used);
        return rebuild(plan, used, keepOne);
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

    private static PlanNode rebuild(PlanNode node, Set<Integer> used, boolean keepOne) {
        if (node instanceof PlanNode.Scan s) {
            List<PlanColumn> outputs = new ArrayList<>();
            List<String> columns = new ArrayList<>();
            for (int i = 0; i < s.outputs().size(); i++) {
                if (used.contains(s.outputs().get(i).id())) {
                    outputs.add(s.outputs().get(i));
                    columns.add(s.columns().get(i));
                }
            }
            if (keepOne && outputs.isEmpty() && !s.outputs().isEmpty()) {
                outputs.add(s.outputs().get(0));
                columns.add(s.columns().get(0));
            }
            return new PlanNode.Scan(s.source(), outputs, columns, s.partitions(), s.temporaryPartitions());
        }
        return PlanNodes.withInputs(node, node.inputs().stream().map(i -> rebuild(i, used, keepOne)).toList());
    }
}
