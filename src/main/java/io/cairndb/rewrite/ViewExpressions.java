package io.cairndb.rewrite;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.DateUnits;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Computes query expressions from an MV's columns: an expression the view outputs is its column; a
 * column the view does not output may be replaced by one known equal to it; anything else is built
 * from its parts. Which columns are equal depends on the rows it is applied to: on the MV's own rows
 * only the view's equalities hold, after the compensating filter the query's do too.
 */
final class ViewExpressions {
    private static final String DATE_TRUNC = "date_trunc";
    private final Map<String, ScalarExpr> outputs;

    /** {@code outputs}: the view's output expressions (query column space) with the MV column of each. */
    ViewExpressions(Map<String, ScalarExpr> outputs) {
        this.outputs = Map.copyOf(outputs);
    }

    static ViewExpressions of(List<ScalarExpr> exprs, List<? extends ScalarExpr> columns) {
        Map<String, ScalarExpr> out = new HashMap<>();
        for (int i = 0; i < exprs.size(); i++) {
            out.putIfAbsent(ExprTexts.of(exprs.get(i)), columns.get(i));
        }
        return new ViewExpressions(out);
    }

    /** Columns known equal under some equivalence classes, each column with the others of its class. */
    static Map<Integer, List<PlanColumn>> equalities(List<SpjgForm.EquivalenceClass> classes) {
        Map<Integer, List<PlanColumn>> out = new HashMap<>();
        for (SpjgForm.EquivalenceClass c : classes) {
            for (PlanColumn col : c.columns()) {
                out.put(col.id(), c.columns());
            }
        }
        return out;
    }

    /** These and some MV columns more, each standing for itself. */
    ViewExpressions with(Collection<ScalarExpr> columns) {
        Map<String, ScalarExpr> out = new HashMap<>(outputs);
        columns.forEach(c -> out.put(ExprTexts.of(c), c));
        return new ViewExpressions(out);
    }

    /** The expression over MV columns, if it can be computed from them. */
    Optional<ScalarExpr> express(ScalarExpr e, Map<Integer, List<PlanColumn>> equal) {
        ScalarExpr direct = outputs.get(ExprTexts.of(e));
        if (direct != null) {
            return Optional.of(direct);
        }
        if (e instanceof ScalarExpr.ColumnRef r) {
            for (PlanColumn other : equal.getOrDefault(r.id(), List.of())) {
                ScalarExpr found = outputs.get(ExprTexts.of(other.ref()));
                if (found != null) {
                    return Optional.of(found);
                }
            }
            // A DATE truncated to its day is the date itself.
            return r.type().kind() == TypeKind.DATE ? truncatedTo(r, "day") : Optional.empty();
        }
        if (e instanceof ScalarExpr.Call c && c.function().equals(DATE_TRUNC) && c.args().size() == 2) {
            Optional<ScalarExpr> rolled = rolledUp(c);
            if (rolled.isPresent()) {
                return rolled;
            }
        }
        if (e instanceof ScalarExpr.Literal) {
            return Optional.of(e);
        }
        if (e instanceof ScalarExpr.Call c && !c.function().startsWith(SpjgForm.WINDOW_CALL)) {
            return all(c.args(), equal).map(args -> new ScalarExpr.Call(c.function(), args, c.type(), c.nullable()));
        }
        if (e instanceof ScalarExpr.Cast c) {
            return express(c.value(), equal).map(v -> new ScalarExpr.Cast(v, c.type(), c.nullable()));
        }
        if (e instanceof ScalarExpr.Interval i) {
            return express(i.value(), equal).map(v -> new ScalarExpr.Interval(v, i.unit()));
        }
        if (e instanceof ScalarExpr.Case c) {
            Optional<ScalarExpr> operand = c.operand() == null ? Optional.empty() : express(c.operand(), equal);
            Optional<ScalarExpr> otherwise = c.elseValue() == null ? Optional.empty() : express(c.elseValue(), equal);
            if (c.operand() != null && operand.isEmpty() || c.elseValue() != null && otherwise.isEmpty()) {
                return Optional.empty();
            }
            List<ScalarExpr.When> whens = new ArrayList<>();
            for (ScalarExpr.When w : c.whens()) {
                Optional<ScalarExpr> cond = express(w.condition(), equal);
                Optional<ScalarExpr> result = express(w.result(), equal);
                if (cond.isEmpty() || result.isEmpty()) {
                    return Optional.empty();
                }
                whens.add(new ScalarExpr.When(cond.get(), result.get()));
            }
            return Optional.of(new ScalarExpr.Case(operand.orElse(null), whens, otherwise.orElse(null), c.type(),
                    c.nullable()));
        }
        return Optional.empty();
    }

    /** The MV column holding {@code value} truncated to {@code unit}, if the view outputs it. */
    private Optional<ScalarExpr> truncatedTo(ScalarExpr value, String unit) {
        for (int unitAt = 0; unitAt < 2; unitAt++) {
            for (String spelling : List.of(unit, unit.toUpperCase(Locale.ROOT))) {
                // A literal's text is its value: its type does not matter here.
                ScalarExpr literal = new ScalarExpr.Literal(DataType.STRING, spelling);
                ScalarExpr.Call call = new ScalarExpr.Call(DATE_TRUNC, unitAt == 0 ? List.of(literal, value) : List.of(value, literal),
                        value.type(), value.nullable());
                ScalarExpr found = outputs.get(ExprTexts.of(call));
                if (found != null) {
                    return Optional.of(found);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * date_trunc(x, coarse) from an MV column of date_trunc(x, fine) where truncating to fine and then
     * to coarse nests (days in months, months in years; not weeks in months): a day-level MV answers a
     * query by month or year.
     */
    private Optional<ScalarExpr> rolledUp(ScalarExpr.Call c) {
        int unitAt = c.args().get(0) instanceof ScalarExpr.Literal l && l.value() instanceof String u && DateUnits.isUnit(u) ? 0
                : c.args().get(1) instanceof ScalarExpr.Literal l2 && l2.value() instanceof String u2 && DateUnits.isUnit(u2) ? 1 : -1;
        if (unitAt < 0) {
            return Optional.empty();
        }
        String unit = ((String) ((ScalarExpr.Literal) c.args().get(unitAt)).value()).toLowerCase(Locale.ROOT);
        ScalarExpr value = c.args().get(1 - unitAt);
        for (String finer : DateUnits.ORDER) {
            if (finer.equals(unit) || !unit.equals(DateUnits.coarser(finer, unit))) {
                continue;
            }
            Optional<ScalarExpr> column = truncatedTo(value, finer);
            if (column.isPresent()) {
                List<ScalarExpr> args = new ArrayList<>(c.args());
                args.set(1 - unitAt, column.get());
                return Optional.of(new ScalarExpr.Call(c.function(), args, c.type(), c.nullable()));
            }
        }
        return Optional.empty();
    }

    Optional<List<ScalarExpr>> all(List<ScalarExpr> exprs, Map<Integer, List<PlanColumn>> equal) {
        List<ScalarExpr> out = new ArrayList<>();
        for (ScalarExpr e : exprs) {
            Optional<ScalarExpr> x = express(e, equal);
            if (x.isEmpty()) {
                return Optional.empty();
            }
            out.add(x.get());
        }
        return Optional.of(out);
    }
}
