package io.cairndb.rewrite;

import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.AggregateStates;
import io.cairndb.printer.ArgumentType;
import io.cairndb.printer.FunctionRegistry;
import io.cairndb.printer.FunctionSignature;

import java.util.List;
import java.util.Optional;

/**
 * A query aggregate computed from states an MV keeps (Doris's combinator roll-up): {@code sum(x)} and
 * {@code sum_merge(sum_state(x))} are {@code sum_merge} over the states of {@code sum_state(x)},
 * {@code sum_union(sum_state(x))} is {@code sum_union} over them. The MV keeps them as
 * {@code sum_union(sum_state(x))} per group, or as {@code sum_state(x)} per row. An MV's
 * {@code sum_merge(..)} or plain {@code sum(x)} keeps values, not states: as in Doris, a query's
 * combinator is not rolled up from them.
 */
record StateRollup(String aggregate, ScalarExpr state, boolean union) {

    /** The states the query aggregate can be computed from, if it is one with a state. */
    static Optional<StateRollup> of(PlanNode.AggregateCall c) {
        if (c.distinct() && c.args().size() == 1 && (c.function().equals("count") || c.function().equals("sum"))) {
            // COUNT(DISTINCT x) and SUM(DISTINCT x) are Doris's multi_distinct_count(x) and multi_distinct_sum(x).
            return of(new PlanNode.AggregateCall("multi_distinct_" + c.function(), c.args(), false, c.orderBy()));
        }
        if (c.distinct() || !c.orderBy().isEmpty()) {
            return Optional.empty();
        }
        String merged = AggregateStates.mergedBy(c.function());
        if (merged != null) {
            return c.args().size() == 1 ? Optional.of(new StateRollup(merged, c.args().get(0), c.function().endsWith("_union")))
                    : Optional.empty();
        }
        if (!AggregateStates.hasState(c.function())) {
            return Optional.empty();
        }
        String name = c.function() + "_state";
        FunctionSignature sig;
        try {
            sig = FunctionRegistry.instance().resolve(name, c.args().stream()
                    .map(a -> ArgumentType.of(a.type(), a.nullable())).toList());
        } catch (RuntimeException noState) {
            return Optional.empty();
        }
        return Optional.of(new StateRollup(c.function(), new ScalarExpr.Call(name, c.args(), sig.returnType(), false), false));
    }

    /** The MV's aggregate that keeps these states per group: their union. */
    PlanNode.AggregateCall kept() {
        return new PlanNode.AggregateCall(aggregate + "_union", List.of(state), false, List.of());
    }

    /** The query's aggregate over {@code states}, an expression of the MV's columns holding them. */
    PlanNode.AggregateCall over(ScalarExpr states) {
        return new PlanNode.AggregateCall(aggregate + (union ? "_union" : "_merge"), List.of(states), false, List.of());
    }
}
