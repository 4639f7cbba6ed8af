package io.cairndb.rewrite;

import io.cairndb.plan.PlanNode;

/** A plan after transparent rewrite, and what rewrite did with each MV. */
public record RewriteOutcome(PlanNode plan, RewriteReport report) {
    public static RewriteOutcome unchanged(PlanNode plan) {
        return new RewriteOutcome(plan, RewriteReport.NONE);
    }
}
