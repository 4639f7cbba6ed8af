package io.cairndb.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Predicates in a normal form for matching: AND and OR chains flattened, and comparison operands
 * in a canonical order (a literal last, else by their text with column names and then with ids),
 * {@code 5 < a} becoming {@code a > 5}. Only calls are normalized inside; a CASE or CAST is kept as is.
 */
public final class Conjuncts {
    private static final ExprText BY_ID = new ExprText(c -> c.name() + "#" + c.id(), s -> "$", false);

    /** Orders operands: non-literals first, then by their text without ids, then with ids. */
    static final Comparator<ScalarExpr> OPERAND_ORDER = Comparator
            .<ScalarExpr, Boolean>comparing(e -> e instanceof ScalarExpr.Literal)
            .thenComparing(e -> ExprText.byName().expr(e))
            .thenComparing(BY_ID::expr);

    private Conjuncts() {
    }

    /** The conjuncts of a condition, each normalized; none for a null condition. */
    public static List<ScalarExpr> of(ScalarExpr condition) {
        if (condition == null) {
            return List.of();
        }
        ScalarExpr n = normalize(condition);
        return Operator.AND.is(n) ? ((ScalarExpr.Call) n).args() : List.of(n);
    }

    /** The conjuncts of a condition as written (AND chains flattened, nothing else changed); none for null. */
    public static List<ScalarExpr> split(ScalarExpr condition) {
        List<ScalarExpr> out = new ArrayList<>();
        split(condition, out);
        return out;
    }

    private static void split(ScalarExpr e, List<ScalarExpr> out) {
        if (e == null) {
            return;
        }
        if (Operator.AND.is(e)) {
            ((ScalarExpr.Call) e).args().forEach(a -> split(a, out));
        } else {
            out.add(e);
        }
    }

    /** The conjunction of {@code conjuncts}: null for none, the one for one. */
    public static ScalarExpr and(List<ScalarExpr> conjuncts) {
        if (conjuncts.isEmpty()) {
            return null;
        }
        if (conjuncts.size() == 1) {
            return conjuncts.get(0);
        }
        boolean nullable = conjuncts.stream().anyMatch(ScalarExpr::nullable);
        return new ScalarExpr.Call(Operator.AND.function(), conjuncts, io.cairndb.catalog.DataType.BOOLEAN, nullable);
    }

    public static ScalarExpr normalize(ScalarExpr e) {
        if (!(e instanceof ScalarExpr.Call c)) {
            return e;
        }
        List<ScalarExpr> args = c.args().stream().map(Conjuncts::normalize).toList();
        Operator op = Operator.of(c.function());
        if (op == Operator.AND || op == Operator.OR) {
            List<ScalarExpr> flat = new ArrayList<>();
            for (ScalarExpr a : args) {
                flat.addAll(op.is(a) ? ((ScalarExpr.Call) a).args() : List.of(a));
            }
            args = flat;
        } else if (op != null && args.size() == 2 && OPERAND_ORDER.compare(args.get(0), args.get(1)) > 0) {
            Operator mirrored = mirror(op);
            if (mirrored != null) {
                return new ScalarExpr.Call(mirrored.function(), List.of(args.get(1), args.get(0)), c.type(),
                        c.nullable());
            }
        }
        return new ScalarExpr.Call(c.function(), args, c.type(), c.nullable());
    }

    /** The operator of a comparison with its operands swapped; null when it is not a comparison. */
    private static Operator mirror(Operator op) {
        return switch (op) {
            case EQ, NE, EQ_FOR_NULL -> op;
            case LT -> Operator.GT;
            case LE -> Operator.GE;
            case GT -> Operator.LT;
            case GE -> Operator.LE;
            default -> null;
        };
    }
}
