package io.cairndb.rewrite;

import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The top of a query's answer over rows that hold what it needs (an MV's, or an MV's joined with the
 * query's other tables): its grouping and aggregates, then its output columns under their own ids, so
 * that the nodes above the part it replaces read them as before.
 */
final class QueryAnswer {
    private final SpjgForm query;
    private final ColumnIds ids;
    private final Map<Integer, List<PlanColumn>> queryEqual;

    QueryAnswer(SpjgForm query, ColumnIds ids) {
        this.query = query;
        this.ids = ids;
        this.queryEqual = ViewExpressions.equalities(query.classes());
    }

    /**
     * The query's GROUP BY (or GROUPING SETS) over rows of {@code columns}: its groups computed by
     * {@code outputs}, its aggregates rolled up by {@code rollup} (rows an MV aggregated) or, when that is
     * null, computed as the query does.
     */
    PlanNode aggregate(PlanNode input, List<PlanColumn> columns, ViewExpressions outputs, AggregateRollup rollup) {
        List<PlanNode.Assignment> below = new ArrayList<>();
        columns.forEach(c -> below.add(new PlanNode.Assignment(c, c.ref())));
        Map<String, PlanColumn> keyColumns = new LinkedHashMap<>();
        List<PlanColumn> keys = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (ScalarExpr k : query.groupingKeys()) {
            ScalarExpr e = outputs.express(k, queryEqual).orElseThrow(() -> new MatchFailure(
                    "The columns used by query are not in view: group by " + ExprTexts.readable(k)));
            PlanColumn column = keyColumns.get(ExprTexts.of(k));
            if (column == null) {
                if (e instanceof ScalarExpr.ColumnRef r) {
                    column = r.column();
                } else {
                    column = ids.fresh(k.type().toSql(), k.type(), k.nullable());
                    below.add(new PlanNode.Assignment(column, e));
                }
                keyColumns.put(ExprTexts.of(k), column);
            }
            int at = keys.indexOf(column);
            if (at < 0) {
                keys.add(column);
                at = keys.size() - 1;
            } else if (!query.groupingSets().isEmpty()) {
                throw new MatchFailure("Match mode is invalid: two GROUPING SETS keys are one column of the view");
            }
            positions.add(at);
        }
        List<PlanNode.AggregateAssignment> calls = new ArrayList<>();
        Map<Integer, ScalarExpr> values = new HashMap<>();
        for (PlanNode.AggregateAssignment a : query.aggregates()) {
            PlanNode.AggregateCall c = a.call();
            if (c.function().equals("grouping") || c.function().equals("grouping_id")) {
                List<ScalarExpr> args = c.args().stream().map(x -> (ScalarExpr) keyColumns.get(ExprTexts.of(x)).ref())
                        .toList();
                calls.add(new PlanNode.AggregateAssignment(a.column(), new PlanNode.AggregateCall(c.function(), args,
                        false, List.of())));
                values.put(a.column().id(), a.column().ref());
            } else if (rollup != null) {
                AggregateRollup.Rolled r = rollup.rollup(a);
                calls.addAll(r.calls());
                values.put(a.column().id(), r.value());
            } else {
                Optional<List<ScalarExpr>> found = outputs.all(c.args(), queryEqual);
                Optional<PlanNode.AggregateCall> fromStates = found.isPresent() ? Optional.empty() : fromStates(c, outputs);
                if (fromStates.isPresent()) {
                    calls.add(new PlanNode.AggregateAssignment(a.column(), fromStates.get()));
                    values.put(a.column().id(), a.column().ref());
                    continue;
                }
                List<ScalarExpr> args = found.orElseThrow(() -> new MatchFailure(
                        "The columns used by query are not in view: " + ExprTexts.readable(c)));
                List<PlanNode.SortKey> order = new ArrayList<>();
                for (PlanNode.SortKey k : c.orderBy()) {
                    order.add(new PlanNode.SortKey(outputs.express(k.expr(), queryEqual).orElseThrow(() ->
                            new MatchFailure("The columns used by query are not in view: " + ExprTexts.readable(c))),
                            k.ascending(), k.nullsFirst()));
                }
                calls.add(new PlanNode.AggregateAssignment(a.column(),
                        new PlanNode.AggregateCall(c.function(), args, c.distinct(), order)));
                values.put(a.column().id(), a.column().ref());
            }
        }
        List<List<Integer>> sets = query.groupingSets().stream()
                .map(set -> set.stream().map(positions::get).toList()).toList();
        PlanNode in = below.size() == columns.size() ? input : new PlanNode.Project(input, below);
        PlanNode grouped = new PlanNode.Aggregate(in, keys, sets, calls);
        Map<String, ScalarExpr> above = new HashMap<>();
        keyColumns.forEach((text, c) -> above.put(text, c.ref()));
        calls.forEach(c -> above.put(ExprTexts.of(c.column().ref()), c.column().ref()));
        ViewExpressions groups = new ViewExpressions(above);
        return project(grouped, e -> groups.express(substitute(e, values), queryEqual));
    }

    /** An aggregate with a state from the MV's rows' states of it ({@code sum(x)} as {@code sum_merge} of {@code sum_state(x)}). */
    private Optional<PlanNode.AggregateCall> fromStates(PlanNode.AggregateCall c, ViewExpressions outputs) {
        return StateRollup.of(c).flatMap(states -> outputs.express(states.state(), queryEqual).map(states::over));
    }

    /** The query's outputs, each under its own column, computed by {@code express}. */
    PlanNode project(PlanNode input, Function<ScalarExpr, Optional<ScalarExpr>> express) {
        List<PlanNode.Assignment> out = new ArrayList<>();
        for (PlanNode.Assignment a : query.outputs()) {
            ScalarExpr e = express.apply(a.expr()).orElseThrow(() -> new MatchFailure(
                    "The columns used by query are not in view: " + ExprTexts.readable(a.expr())));
            if (!e.type().equals(a.column().type())) {
                e = new ScalarExpr.Cast(e, a.column().type(), a.column().nullable());
            }
            out.add(new PlanNode.Assignment(a.column(), e));
        }
        return new PlanNode.Project(input, out);
    }

    /** An expression with the query's aggregate columns replaced by their values (others kept). */
    static ScalarExpr substitute(ScalarExpr e, Map<Integer, ScalarExpr> values) {
        return PlanExpressions.replaceColumns(e, r -> values.getOrDefault(r.id(), r));
    }
}
