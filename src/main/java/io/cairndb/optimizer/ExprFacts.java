package io.cairndb.optimizer;

import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.HashSet;
import java.util.Set;

/** The columns an expression reads, as the rules need them before they move it. */
final class ExprFacts {
    private ExprFacts() {
    }

    /**
     * The ids of the columns {@code e} refers to, also from inside its subqueries (their correlated
     * references; the subqueries' own columns are included too, but no other node produces them).
     */
    static Set<Integer> columns(ScalarExpr e) {
        Set<Integer> out = new HashSet<>();
        collect(e, out);
        return out;
    }

    private static void collect(ScalarExpr e, Set<Integer> out) {
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                out.add(r.id());
            } else if (x instanceof ScalarExpr.Subquery s) {
                collect(s.plan(), out);
            }
        });
    }

    private static void collect(PlanNode node, Set<Integer> out) {
        for (ScalarExpr e : PlanExpressions.of(node)) {
            collect(e, out);
        }
        node.inputs().forEach(i -> collect(i, out));
    }

}
