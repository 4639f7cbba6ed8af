package io.cairndb.ivm;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.OperatorTypes;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An equality of a join condition between an expression of the left input and one of the right
 * (the first such conjunct), both cast to the type they are compared in: rows of the two sides join
 * only when these are equal, which scopes an outer join's delta to the keys a change touches.
 */
record EquiKey(ScalarExpr left, ScalarExpr right, DataType type) {

    static Optional<EquiKey> of(PlanNode.Join j) {
        if (j.condition() == null) {
            return Optional.empty();
        }
        Set<Integer> leftIds = ids(j.left().outputs());
        Set<Integer> rightIds = ids(j.right().outputs());
        for (ScalarExpr c : Conjuncts.of(j.condition())) {
            if (c instanceof ScalarExpr.Call call && call.function().equals(Operator.EQ.function()) && call.args().size() == 2) {
                ScalarExpr a = call.args().get(0);
                ScalarExpr b = call.args().get(1);
                if (within(a, leftIds) && within(b, rightIds)) {
                    return Optional.of(typed(a, b));
                }
                if (within(b, leftIds) && within(a, rightIds)) {
                    return Optional.of(typed(b, a));
                }
            }
        }
        return Optional.empty();
    }

    static EquiKey typed(ScalarExpr left, ScalarExpr right) {
        DataType type = left.type().equals(right.type()) ? left.type() : OperatorTypes.comparisonType(left.type(), right.type());
        return new EquiKey(cast(left, type), cast(right, type), type);
    }

    private static ScalarExpr cast(ScalarExpr e, DataType type) {
        return e.type().equals(type) ? e : new ScalarExpr.Cast(e, type, e.nullable());
    }

    /** Whether {@code e} reads columns, and only columns of {@code ids}. */
    static boolean within(ScalarExpr e, Set<Integer> ids) {
        boolean[] inside = {true};
        boolean[] any = {false};
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                any[0] = true;
                inside[0] &= ids.contains(r.id());
            } else if (x instanceof ScalarExpr.Subquery) {
                inside[0] = false;
            }
        });
        return any[0] && inside[0];
    }

    static Set<Integer> ids(List<PlanColumn> columns) {
        Set<Integer> out = new HashSet<>();
        columns.forEach(c -> out.add(c.id()));
        return out;
    }
}
