package io.cairndb.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Sorts the conjuncts of an SPJG plan into equivalence classes (union-find over the columns that
 * {@code a = b} equates), one value range per class and the residual conjuncts.
 */
public final class SpjgPredicates {
    record Result(List<SpjgForm.EquivalenceClass> classes, List<ScalarExpr> residuals) {
    }

    private final Map<Integer, Integer> parent = new HashMap<>();
    private final Map<Integer, PlanColumn> columns = new HashMap<>();
    private final Map<Integer, Integer> positions;

    private SpjgPredicates(Map<Integer, Integer> positions) {
        this.positions = positions;
    }

    /** {@code scanColumns} and {@code positions}: the scan columns by id and their order in the plan. */
    static Result analyze(List<ScalarExpr> conjuncts, Map<Integer, PlanColumn> scanColumns,
                          Map<Integer, Integer> positions) {
        SpjgPredicates p = new SpjgPredicates(positions);
        List<ScalarExpr> rest = new ArrayList<>();
        for (ScalarExpr c : conjuncts) {
            if (!p.equate(c, scanColumns)) {
                rest.add(c);
            }
        }
        Map<Integer, ValueRange> ranges = new LinkedHashMap<>();
        Set<ScalarExpr> residuals = new LinkedHashSet<>();
        for (ScalarExpr c : rest) {
            if (!p.restrict(c, ranges, scanColumns)) {
                residuals.add(c);
            }
        }
        return new Result(p.classes(ranges), List.copyOf(residuals));
    }

    /** {@code a = b} of two different columns: one class. */
    private boolean equate(ScalarExpr c, Map<Integer, PlanColumn> scanColumns) {
        if (!Operator.EQ.is(c)) {
            return false;
        }
        List<ScalarExpr> args = ((ScalarExpr.Call) c).args();
        // a = a is not a tautology: it drops the rows where a is NULL, so it stays a residual.
        if (args.size() != 2 || !(args.get(0) instanceof ScalarExpr.ColumnRef a)
                || !(args.get(1) instanceof ScalarExpr.ColumnRef b) || a.id() == b.id()) {
            return false;
        }
        int ra = find(column(a, scanColumns));
        int rb = find(column(b, scanColumns));
        if (ra == rb) {
            return true;
        }
        // The class is named by its member first in plan order, which keeps the walk below stable.
        if (order(ra) <= order(rb)) {
            parent.put(rb, ra);
        } else {
            parent.put(ra, rb);
        }
        return true;
    }

    /** A column compared with literals: narrows the range of its class; false when it is not one. */
    private boolean restrict(ScalarExpr c, Map<Integer, ValueRange> ranges, Map<Integer, PlanColumn> scanColumns) {
        if (!(c instanceof ScalarExpr.Call call) || call.args().isEmpty()
                || !(call.args().get(0) instanceof ScalarExpr.ColumnRef ref)) {
            return false;
        }
        List<ScalarExpr.Literal> values = new ArrayList<>();
        for (ScalarExpr a : call.args().subList(1, call.args().size())) {
            if (!(a instanceof ScalarExpr.Literal l) || l.value() == null) {
                return false;
            }
            values.add(l);
        }
        Optional<ValueRange> range = range(Operator.of(call.function()), values);
        if (range.isEmpty()) {
            return false;
        }
        int root = find(column(ref, scanColumns));
        Optional<ValueRange> merged = ranges.getOrDefault(root, ValueRange.ALL).intersect(range.get());
        merged.ifPresent(r -> ranges.put(root, r));
        return merged.isPresent();
    }

    /** One column's values a predicate keeps: the column's id and the range. */
    public record ColumnRange(int column, ValueRange range) {
    }

    /**
     * The ranges of an OR of comparisons of one column with literals ({@code x < 10 OR x > 100}, or a
     * single comparison), each disjunct's; empty when the predicate is not one.
     */
    public static Optional<List<ColumnRange>> disjunction(ScalarExpr predicate) {
        List<ScalarExpr> disjuncts = new ArrayList<>();
        collectOr(predicate, disjuncts);
        List<ColumnRange> out = new ArrayList<>();
        for (ScalarExpr d : disjuncts) {
            if (!(d instanceof ScalarExpr.Call call) || call.args().isEmpty() || !(call.args().get(0) instanceof ScalarExpr.ColumnRef ref)) {
                return Optional.empty();
            }
            List<ScalarExpr.Literal> values = new ArrayList<>();
            for (ScalarExpr a : call.args().subList(1, call.args().size())) {
                if (!(a instanceof ScalarExpr.Literal l) || l.value() == null) {
                    return Optional.empty();
                }
                values.add(l);
            }
            Optional<ValueRange> range = range(Operator.of(call.function()), values);
            if (range.isEmpty() || !out.isEmpty() && out.get(0).column() != ref.id()) {
                return Optional.empty();
            }
            out.add(new ColumnRange(ref.id(), range.get()));
        }
        return Optional.of(out);
    }

    private static void collectOr(ScalarExpr e, List<ScalarExpr> into) {
        if (Operator.OR.is(e)) {
            ((ScalarExpr.Call) e).args().forEach(a -> collectOr(Conjuncts.normalize(a), into));
        } else {
            into.add(Conjuncts.normalize(e));
        }
    }

    private static Optional<ValueRange> range(Operator op, List<ScalarExpr.Literal> values) {
        if (op == null) {
            return Optional.empty();
        }
        return switch (op) {
            case EQ, LT, LE, GT, GE -> values.size() == 1 ? Optional.of(ValueRange.of(op, values.get(0)))
                    : Optional.empty();
            case BETWEEN -> values.size() == 2 ? ValueRange.between(values.get(0), values.get(1)) : Optional.empty();
            case IN -> values.isEmpty() ? Optional.empty() : ValueRange.in(values);
            default -> Optional.empty();
        };
    }

    private List<SpjgForm.EquivalenceClass> classes(Map<Integer, ValueRange> ranges) {
        Map<Integer, List<PlanColumn>> members = new HashMap<>();
        columns.values().stream().sorted(Comparator.comparingLong(c -> order(c.id())))
                .forEach(c -> members.computeIfAbsent(find(c.id()), r -> new ArrayList<>()).add(c));
        return members.entrySet().stream()
                .filter(e -> e.getValue().size() > 1 || ranges.containsKey(e.getKey()))
                .sorted(Comparator.comparingLong(e -> order(e.getValue().get(0).id())))
                .map(e -> new SpjgForm.EquivalenceClass(e.getValue(), ranges.getOrDefault(e.getKey(), ValueRange.ALL)))
                .toList();
    }

    /** The id of a column, noted for the classes; a column not of a scan (an outer reference) too. */
    private int column(ScalarExpr.ColumnRef ref, Map<Integer, PlanColumn> scanColumns) {
        columns.putIfAbsent(ref.id(), scanColumns.getOrDefault(ref.id(), ref.column()));
        return ref.id();
    }

    private int find(int id) {
        int root = id;
        while (parent.containsKey(root)) {
            root = parent.get(root);
        }
        return root;
    }

    /** Plan order; columns not of a scan after all of those, by id. */
    private long order(int id) {
        Integer p = positions.get(id);
        return p != null ? p : (long) Integer.MAX_VALUE + id;
    }
}
