package io.cairndb.optimizer;

import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanNodes;
import io.cairndb.plan.ScalarExpr;

import java.util.List;

/** Optimizes the plans of the subqueries inside a plan's expressions, at any depth. */
final class Subqueries {
    private Subqueries() {
    }

    static PlanNode optimized(PlanNode node) {
        PlanNode withInputs = PlanNodes.withInputs(node, node.inputs().stream().map(Subqueries::optimized).toList());
        return PlanNodes.withExpressions(withInputs, Subqueries::expr);
    }

    private static ScalarExpr expr(ScalarExpr e) {
        if (e instanceof ScalarExpr.Subquery s) {
            return new ScalarExpr.Subquery(s.kind(), s.negated(), s.operand() == null ? null : expr(s.operand()),
                    Optimizer.optimize(s.plan()), s.type(), s.nullable());
        }
        if (e instanceof ScalarExpr.Call c) {
            return new ScalarExpr.Call(c.function(), exprs(c.args()), c.type(), c.nullable());
        }
        if (e instanceof ScalarExpr.Cast c) {
            return new ScalarExpr.Cast(expr(c.value()), c.type(), c.nullable());
        }
        if (e instanceof ScalarExpr.Interval i) {
            return new ScalarExpr.Interval(expr(i.value()), i.unit());
        }
        if (e instanceof ScalarExpr.Lambda l) {
            return new ScalarExpr.Lambda(l.params(), expr(l.body()));
        }
        if (e instanceof ScalarExpr.Case c) {
            return new ScalarExpr.Case(c.operand() == null ? null : expr(c.operand()), c.whens().stream()
                    .map(w -> new ScalarExpr.When(expr(w.condition()), expr(w.result()))).toList(),
                    c.elseValue() == null ? null : expr(c.elseValue()), c.type(), c.nullable());
        }
        return e;
    }

    private static List<ScalarExpr> exprs(List<ScalarExpr> es) {
        return es.stream().map(Subqueries::expr).toList();
    }
}
