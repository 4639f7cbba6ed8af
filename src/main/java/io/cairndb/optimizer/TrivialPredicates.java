package io.cairndb.optimizer;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.Operator;
import io.cairndb.plan.ScalarExpr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Folds conjuncts that compare two numeric constants ({@code 1 = 1}, {@code 2 > 3}) to TRUE or FALSE
 * and drops those that are TRUE: a filter of only such conjuncts disappears.
 */
final class TrivialPredicates {
    private TrivialPredicates() {
    }

    static List<ScalarExpr> simplify(List<ScalarExpr> conjuncts) {
        List<ScalarExpr> out = new ArrayList<>();
        for (ScalarExpr c : conjuncts) {
            ScalarExpr folded = fold(c);
            if (!(folded instanceof ScalarExpr.Literal l && Boolean.TRUE.equals(l.value()))) {
                out.add(folded);
            }
        }
        return out;
    }

    private static ScalarExpr fold(ScalarExpr c) {
        if (!(c instanceof ScalarExpr.Call call) || call.args().size() != 2
                || !(call.args().get(0) instanceof ScalarExpr.Literal a) || !(call.args().get(1) instanceof ScalarExpr.Literal b)) {
            return c;
        }
        BigDecimal x = number(a.value());
        BigDecimal y = number(b.value());
        Operator op = Operator.of(call.function());
        if (x == null || y == null || op == null) {
            return c;
        }
        int cmp = x.compareTo(y);
        Boolean value = switch (op) {
            case EQ, EQ_FOR_NULL -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
            default -> null;
        };
        return value == null ? c : new ScalarExpr.Literal(DataType.BOOLEAN, value);
    }

    private static BigDecimal number(Object v) {
        if (v instanceof java.math.BigInteger i) {
            return new BigDecimal(i);
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        return null;
    }
}
