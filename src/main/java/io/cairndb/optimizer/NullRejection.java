package io.cairndb.optimizer;

import io.cairndb.plan.Operator;
import io.cairndb.plan.ScalarExpr;

import java.util.Set;

/**
 * Whether a predicate is false or NULL (so a filter drops the row) whenever some columns are NULL:
 * above an outer join, such a predicate on the NULL-extended side keeps none of the rows the join
 * added with NULLs, so the join may as well be inner (or one-sided) on that side.
 */
final class NullRejection {
    /** Comparisons that are NULL when an operand is NULL. */
    private static final Set<Operator> STRICT = Set.of(Operator.EQ, Operator.NE, Operator.LT, Operator.LE, Operator.GT,
            Operator.GE, Operator.LIKE, Operator.REGEXP, Operator.IN, Operator.BETWEEN);

    private NullRejection() {
    }

    /**
     * Whether {@code conjunct} rejects every row in which all of {@code columns} are NULL. Told
     * conservatively: a strict comparison or IS NOT NULL whose (first, for IN / BETWEEN / LIKE) operand
     * is one of the columns, perhaps under casts and arithmetic, which are NULL on a NULL operand.
     */
    static boolean rejectsNulls(ScalarExpr conjunct, Set<Integer> columns) {
        if (!(conjunct instanceof ScalarExpr.Call c)) {
            return false;
        }
        Operator op = Operator.of(c.function());
        if (op == Operator.IS_NOT_NULL) {
            return nullWhenNull(c.args().get(0), columns);
        }
        if (op == Operator.AND) {
            return c.args().stream().anyMatch(a -> rejectsNulls(a, columns));
        }
        if (op == Operator.OR) {
            return c.args().stream().allMatch(a -> rejectsNulls(a, columns));
        }
        if (op == null || !STRICT.contains(op)) {
            return false;
        }
        boolean firstOnly = op == Operator.IN || op == Operator.BETWEEN || op == Operator.LIKE || op == Operator.REGEXP;
        if (firstOnly) {
            return nullWhenNull(c.args().get(0), columns);
        }
        return c.args().stream().anyMatch(a -> nullWhenNull(a, columns));
    }

    /** Whether {@code e} is NULL whenever the columns are: one of them, under casts and arithmetic only. */
    private static boolean nullWhenNull(ScalarExpr e, Set<Integer> columns) {
        if (e instanceof ScalarExpr.ColumnRef r) {
            return columns.contains(r.id());
        }
        if (e instanceof ScalarExpr.Cast c) {
            return nullWhenNull(c.value(), columns);
        }
        if (e instanceof ScalarExpr.Call c) {
            Operator op = Operator.of(c.function());
            boolean arithmetic = op == Operator.ADD || op == Operator.SUBTRACT || op == Operator.MULTIPLY
                    || op == Operator.NEGATIVE || op == Operator.DIVIDE || op == Operator.INT_DIVIDE || op == Operator.MOD;
            return arithmetic && c.args().stream().anyMatch(a -> nullWhenNull(a, columns));
        }
        return false;
    }
}
