package io.cairndb.ivm;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The condition of a semi or anti join taken apart: the equalities between an expression of the left
 * input and one of the right ({@code parts}, each cast to the type they are compared in; {@code <=>}
 * is null-safe), the conjuncts that read only the left input ({@code leftCondition}, also those that
 * read no column) and those that read only the right ({@code rightCondition}); both null when there
 * are none. A left row has a match exactly when {@code leftCondition} holds and some right row that
 * passes {@code rightCondition} has its key, unless {@code mixed}: then some other conjunct compares
 * the two sides, and a key's count of right rows no longer decides the match.
 */
record SemiJoinKey(List<Part> parts, ScalarExpr leftCondition, ScalarExpr rightCondition, boolean mixed) {

    /** One equality of the key: {@code left = right} (or {@code <=>} when {@code nullSafe}), compared as {@code type}. */
    record Part(ScalarExpr left, ScalarExpr right, boolean nullSafe, DataType type) {
    }

    SemiJoinKey {
        parts = List.copyOf(parts);
    }

    static SemiJoinKey of(PlanNode.Join j) {
        Set<Integer> leftIds = EquiKey.ids(j.left().outputs());
        Set<Integer> rightIds = EquiKey.ids(j.right().outputs());
        List<Part> parts = new ArrayList<>();
        List<ScalarExpr> left = new ArrayList<>();
        List<ScalarExpr> right = new ArrayList<>();
        boolean mixed = false;
        for (ScalarExpr c : Conjuncts.of(j.condition())) {
            if (onlyOf(c, leftIds)) {
                left.add(c);
            } else if (EquiKey.within(c, rightIds)) {
                right.add(c);
            } else {
                Part part = part(c, leftIds, rightIds);
                if (part == null) {
                    mixed = true;
                } else {
                    parts.add(part);
                }
            }
        }
        return new SemiJoinKey(parts, and(left), and(right), mixed);
    }

    /** Whether the join is maintained by counting, per key, the right rows that match: its condition is not mixed. */
    boolean counted() {
        return !mixed;
    }

    /** {@code c} as an equality of a left and a right expression, or null. */
    private static Part part(ScalarExpr c, Set<Integer> leftIds, Set<Integer> rightIds) {
        boolean eq = Operator.EQ.is(c);
        if (!eq && !Operator.EQ_FOR_NULL.is(c)) {
            return null;
        }
        List<ScalarExpr> args = ((ScalarExpr.Call) c).args();
        if (args.size() != 2) {
            return null;
        }
        for (int i = 0; i < 2; i++) {
            ScalarExpr a = args.get(i);
            ScalarExpr b = args.get(1 - i);
            if (EquiKey.within(a, leftIds) && EquiKey.within(b, rightIds)) {
                EquiKey typed = EquiKey.typed(a, b);
                return new Part(typed.left(), typed.right(), !eq, typed.type());
            }
        }
        return null;
    }

    /** Whether {@code e} reads no column but those of {@code ids} (possibly none) and holds no subquery. */
    private static boolean onlyOf(ScalarExpr e, Set<Integer> ids) {
        boolean[] inside = {true};
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                inside[0] &= ids.contains(r.id());
            } else if (x instanceof ScalarExpr.Subquery) {
                inside[0] = false;
            }
        });
        return inside[0];
    }

    static ScalarExpr and(List<ScalarExpr> conjuncts) {
        if (conjuncts.isEmpty()) {
            return null;
        }
        ScalarExpr out = conjuncts.get(0);
        for (int i = 1; i < conjuncts.size(); i++) {
            ScalarExpr next = conjuncts.get(i);
            out = new ScalarExpr.Call(Operator.AND.function(), List.of(out, next), DataType.BOOLEAN, out.nullable() || next.nullable());
        }
        return out;
    }
}
