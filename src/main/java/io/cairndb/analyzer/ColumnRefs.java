package io.cairndb.analyzer;

import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.Set;

/** Whether a bound expression refers to some columns (subquery plans are not looked into). */
final class ColumnRefs {
    private ColumnRefs() {
    }

    /** Whether a subquery inside {@code e} refers to any of {@code ids} (an enclosing block's columns). */
    static boolean subqueriesReference(ScalarExpr e, Set<Integer> ids) {
        boolean[] found = {false};
        PlanExpressions.walk(e, p -> found[0] |= p instanceof ScalarExpr.Subquery s && planReferences(s.plan(), ids));
        return found[0];
    }

    private static boolean planReferences(PlanNode node, Set<Integer> ids) {
        for (ScalarExpr e : PlanExpressions.of(node)) {
            if (referencesAny(e, ids) || subqueriesReference(e, ids)) {
                return true;
            }
        }
        return node.inputs().stream().anyMatch(n -> planReferences(n, ids));
    }

    static boolean referencesAny(ScalarExpr e, Set<Integer> ids) {
        boolean[] found = {false};
        PlanExpressions.walk(e, p -> found[0] |= p instanceof ScalarExpr.ColumnRef c && ids.contains(c.id()));
        return found[0];
    }
}
