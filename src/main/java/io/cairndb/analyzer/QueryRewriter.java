package io.cairndb.analyzer;

import io.cairndb.plan.PlanNode;
import io.cairndb.rewrite.RewriteOutcome;

/**
 * Transparent rewrite of a bound query with materialized views. The MV layer supplies it: it knows
 * which MVs exist, how fresh they are and what their definitions bind to.
 */
public interface QueryRewriter {
    QueryRewriter NONE = (ctx, plan) -> RewriteOutcome.unchanged(plan);

    /** The plan answered from MVs where the session's switches allow it, and what was done with each MV. */
    RewriteOutcome rewrite(StatementContext ctx, PlanNode plan);
}
