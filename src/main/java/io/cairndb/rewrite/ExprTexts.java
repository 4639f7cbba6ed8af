package io.cairndb.rewrite;

import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Texts that identify expressions of the query's column space: equal for equal expressions (operands
 * of comparisons in canonical order), whatever the nullability the columns carry where they are used.
 * And the texts failure reasons show, with column names.
 */
final class ExprTexts {
    private ExprTexts() {
    }

    static String of(ScalarExpr e) {
        return PlanExpressions.text(Conjuncts.normalize(e), ExprTexts::column);
    }

    static String of(PlanNode.AggregateCall call) {
        return PlanExpressions.text(normalized(call), ExprTexts::column);
    }

    /** A column as no literal can be spelled, so that a column and a number never compare equal. */
    private static String column(int id) {
        return "#" + id;
    }

    /** An expression as a user reads it: columns by name, a window column as its window call. */
    static String readable(ScalarExpr e) {
        if (e instanceof ScalarExpr.Call c && c.function().startsWith(SpjgForm.WINDOW_CALL)) {
            String shape = c.function().substring(SpjgForm.WINDOW_CALL.length());
            StringBuilder out = new StringBuilder();
            int arg = 0;
            for (char ch : shape.toCharArray()) {
                out.append(ch == '?' && arg < c.args().size() ? readable(c.args().get(arg++)) : String.valueOf(ch));
            }
            return out.toString();
        }
        return PlanExpressions.text(e, columnNames(List.of(e))::get);
    }

    static String readable(PlanNode.AggregateCall call) {
        return PlanExpressions.text(call, columnNames(call.args())::get);
    }

    static String names(List<PlanColumn> columns) {
        return columns.stream().map(PlanColumn::name).collect(Collectors.joining(", "));
    }

    private static PlanNode.AggregateCall normalized(PlanNode.AggregateCall call) {
        return new PlanNode.AggregateCall(call.function(), call.args().stream().map(Conjuncts::normalize).toList(),
                call.distinct(), call.orderBy());
    }

    private static Map<Integer, String> columnNames(List<ScalarExpr> exprs) {
        Map<Integer, String> names = new HashMap<>();
        exprs.forEach(e -> PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                names.put(r.id(), r.column().name());
            }
        }));
        return names;
    }
}
