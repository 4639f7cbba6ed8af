package io.cairndb.optimizer;

import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanNodes;
import io.cairndb.plan.ScalarExpr;

/**
 * The rules over a bound plan, before rewrite, IVM and printing: predicate pushdown with join
 * extraction from filters over cross joins and outer-join simplification, then merging of
 * projections. The plan of every subquery is optimized alike.
 */
public final class Optimizer {
    private Optimizer() {
    }

    public static PlanNode optimize(PlanNode plan) {
        return ProjectMerging.apply(PredicatePushdown.apply(Subqueries.optimized(plan)));
    }
}
