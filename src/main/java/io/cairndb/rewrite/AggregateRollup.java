package io.cairndb.rewrite;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.FunctionRegistry;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Computes a query's aggregate from the aggregates an MV keeps per group, over coarser groups (the
 * seed's roll-up table): SUM, MIN, MAX and ANY_VALUE of their own kind, COUNT as the SUM of counts,
 * AVG as a SUM over a COUNT, COUNT(DISTINCT x) and BITMAP_UNION_COUNT from BITMAP_UNION(TO_BITMAP(x)),
 * APPROX_COUNT_DISTINCT / NDV / HLL_UNION_AGG from HLL_UNION(HLL_HASH(x)); an aggregate with a state,
 * and the merge and union of its states, from the MV's union of the states ({@link StateRollup}); and
 * any aggregate that duplicates do not change over the MV's group columns.
 */
final class AggregateRollup {
    /** Aggregates a group's duplicate rows do not change: over group columns they roll up as they are. */
    private static final Set<String> DUPLICATE_INSENSITIVE = Set.of("min", "max", "any_value", "any");
    private static final Set<String> COUNTS = Set.of("count", "bitmap_union_count", "hll_union_agg",
            "approx_count_distinct", "ndv");

    /** An aggregate the MV keeps: its call (query column space) and its MV column. */
    record ViewAggregate(PlanNode.AggregateCall call, ScalarExpr column) {
    }

    /** The aggregate calls to compute over the MV's rows and the query aggregate's value over them. */
    record Rolled(List<PlanNode.AggregateAssignment> calls, ScalarExpr value) {
    }

    private final Map<String, ScalarExpr> byText = new HashMap<>();
    private final Function<ScalarExpr, Optional<ScalarExpr>> groupColumns;
    private final ColumnIds ids;
    private final boolean emptyGroup;

    /**
     * {@code groupColumns} computes an expression from the MV's group columns; {@code emptyGroup}: the
     * query has a group that may hold no rows (no GROUP BY, or an empty grouping set), where counts
     * are 0, not NULL.
     */
    AggregateRollup(List<ViewAggregate> view, Function<ScalarExpr, Optional<ScalarExpr>> groupColumns, ColumnIds ids,
                    boolean emptyGroup) {
        view.forEach(a -> byText.putIfAbsent(ExprTexts.of(a.call()), a.column()));
        this.groupColumns = groupColumns;
        this.ids = ids;
        this.emptyGroup = emptyGroup;
    }

    /**
     * The MV column holding exactly this aggregate of each group, if the MV keeps it, or a distinct
     * count from the group's sketch.
     */
    Optional<ScalarExpr> same(PlanNode.AggregateCall call) {
        ScalarExpr kept = byText.get(ExprTexts.of(call));
        if (kept != null) {
            return Optional.of(kept);
        }
        // A distinct count of one group is the size of the group's bitmap or HLL: no union is needed.
        return fromSketch(call).map(sketch -> new ScalarExpr.Call(sketch.type().kind() == TypeKind.BITMAP ? "bitmap_count"
                : "hll_cardinality", List.of(sketch), DataType.BIGINT, false));
    }

    Rolled rollup(PlanNode.AggregateAssignment query) {
        PlanNode.AggregateCall c = query.call();
        String f = c.function();
        if (!c.orderBy().isEmpty()) {
            throw cannot(c);
        }
        ScalarExpr kept = byText.get(ExprTexts.of(c));
        if (kept != null && !c.distinct()) {
            switch (f) {
                case "sum", "min", "max", "any_value", "any", "bitmap_union", "hll_union" -> {
                    return direct(query, f, kept);
                }
                case "hll_raw_agg" -> {
                    return direct(query, "hll_union", kept);
                }
                case "count" -> {
                    return direct(query, "sum", kept);
                }
                default -> {
                }
            }
        }
        Optional<Rolled> fromStates = fromStates(query);
        if (fromStates.isPresent()) {
            return fromStates.get();
        }
        Optional<ScalarExpr> fromSketch = fromSketch(c);
        if (fromSketch.isPresent()) {
            String rolled = c.function().equals("count") || c.function().equals("bitmap_union_count")
                    ? "bitmap_union_count" : "hll_union_agg";
            return direct(query, rolled, fromSketch.get());
        }
        if ((DUPLICATE_INSENSITIVE.contains(f) || c.distinct()) && !c.args().isEmpty()) {
            List<ScalarExpr> args = c.args().stream().map(a -> groupColumns.apply(a).orElseThrow(() -> cannot(c))).toList();
            return direct(query, f, c.distinct(), args);
        }
        if (f.equals("avg") && !c.distinct() && c.args().size() == 1) {
            return average(query);
        }
        throw cannot(c);
    }

    /** An aggregate with a state (or a merge or union of states) from the MV's union of those states. */
    private Optional<Rolled> fromStates(PlanNode.AggregateAssignment query) {
        return StateRollup.of(query.call()).flatMap(states -> {
            ScalarExpr kept = byText.get(ExprTexts.of(states.kept()));
            return kept == null ? Optional.empty() : Optional.of(direct(query, states.over(kept)));
        });
    }

    /** COUNT(DISTINCT x) and the approximate counts from the MV's BITMAP_UNION or HLL_UNION of x. */
    private Optional<ScalarExpr> fromSketch(PlanNode.AggregateCall c) {
        if (c.args().size() != 1) {
            return Optional.empty();
        }
        ScalarExpr x = c.args().get(0);
        return switch (c.function()) {
            case "count" -> c.distinct() ? kept("bitmap_union", call("to_bitmap", x, DataType.BITMAP)) : Optional.empty();
            case "bitmap_union_count" -> kept("bitmap_union", x);
            case "approx_count_distinct", "ndv" -> kept("hll_union", call("hll_hash", x, DataType.HLL))
                    .or(() -> kept("hll_raw_agg", call("hll_hash", x, DataType.HLL)));
            case "hll_union_agg" -> kept("hll_union", x).or(() -> kept("hll_raw_agg", x));
            default -> Optional.empty();
        };
    }

    private Optional<ScalarExpr> kept(String function, ScalarExpr arg) {
        return Optional.ofNullable(byText.get(ExprTexts.of(new PlanNode.AggregateCall(function, List.of(arg), false,
                List.of()))));
    }

    private static ScalarExpr call(String function, ScalarExpr arg, DataType type) {
        return new ScalarExpr.Call(function, List.of(arg), type, false);
    }

    /**
     * AVG(x) as SUM(SUM(x)) / SUM(COUNT(x)): in DOUBLE for numbers, and for a DECIMAL exactly as avg
     * divides its sum by its count ({@link FunctionRegistry#DECIMAL_AVERAGE}).
     */
    private Rolled average(PlanNode.AggregateAssignment query) {
        PlanNode.AggregateCall c = query.call();
        ScalarExpr x = c.args().get(0);
        boolean decimal = query.column().type().kind() == TypeKind.DECIMAL;
        if (!decimal && query.column().type().kind() != TypeKind.DOUBLE) {
            throw cannot(c);
        }
        ScalarExpr sum = byText.get(ExprTexts.of(new PlanNode.AggregateCall("sum", List.of(x), false, List.of())));
        ScalarExpr count = byText.get(ExprTexts.of(new PlanNode.AggregateCall("count", List.of(x), false, List.of())));
        if (count == null && !x.nullable()) {
            count = byText.get(ExprTexts.of(new PlanNode.AggregateCall("count", List.of(), false, List.of())));
        }
        if (sum == null || count == null) {
            throw cannot(c);
        }
        PlanColumn counts = ids.fresh("__count", DataType.BIGINT, true);
        PlanNode.AggregateAssignment countSum = new PlanNode.AggregateAssignment(counts,
                new PlanNode.AggregateCall("sum", List.of(count), false, List.of()));
        if (decimal) {
            // The sum of sums keeps the sum's scale; the average's own type is the query's.
            PlanColumn sums = ids.fresh("__sum", DataType.decimal(38, sum.type().scale()), true);
            ScalarExpr value = new ScalarExpr.Call(FunctionRegistry.DECIMAL_AVERAGE, List.of(sums.ref(), counts.ref()),
                    query.column().type(), true);
            return new Rolled(List.of(new PlanNode.AggregateAssignment(sums,
                    new PlanNode.AggregateCall("sum", List.of(sum), false, List.of())), countSum), value);
        }
        PlanColumn sums = ids.fresh("__sum", DataType.DOUBLE, true);
        ScalarExpr value = new ScalarExpr.Call(Operator.DIVIDE.function(), List.of(
                new ScalarExpr.Cast(sums.ref(), DataType.DOUBLE, true), counts.ref()), DataType.DOUBLE, true);
        return new Rolled(List.of(
                new PlanNode.AggregateAssignment(sums, new PlanNode.AggregateCall("sum",
                        List.of(new ScalarExpr.Cast(sum, DataType.DOUBLE, true)), false, List.of())), countSum),
                value);
    }

    private Rolled direct(PlanNode.AggregateAssignment query, String function, ScalarExpr arg) {
        return direct(query, function, false, List.of(arg));
    }

    private Rolled direct(PlanNode.AggregateAssignment query, String function, boolean distinct, List<ScalarExpr> args) {
        return direct(query, new PlanNode.AggregateCall(function, args, distinct, List.of()));
    }

    private Rolled direct(PlanNode.AggregateAssignment query, PlanNode.AggregateCall rolled) {
        PlanColumn column = query.column();
        if (emptyGroup && COUNTS.contains(query.call().function())) {
            // Over no rows at all a count is 0, where the SUM of counts is NULL.
            PlanColumn sum = ids.fresh(column.name(), column.type(), true);
            ScalarExpr zero = new ScalarExpr.Literal(column.type(), java.math.BigInteger.ZERO);
            return new Rolled(List.of(new PlanNode.AggregateAssignment(sum, rolled)),
                    new ScalarExpr.Call("coalesce", List.of(sum.ref(), zero), column.type(), false));
        }
        return new Rolled(List.of(new PlanNode.AggregateAssignment(column, rolled)), column.ref());
    }

    private static MatchFailure cannot(PlanNode.AggregateCall c) {
        return new MatchFailure("The aggregate function of query can not roll up: " + ExprTexts.readable(c));
    }
}
