package io.cairndb.analyzer;

import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.ScalarExpr;

import java.util.Set;

/** Whether a bound expression refers to some columns (subquery plans are not looked into). */
final class ColumnRefs {
    private ColumnRefs() {
    }

    static boolean referencesAny(ScalarExpr e, Set<Integer> ids) {
        boolean[] found = {false};
        PlanExpressions.walk(e, p -> found[0] |= p instanceof ScalarExpr.ColumnRef c && ids.contains(c.id()));
        return found[0];
    }
}
