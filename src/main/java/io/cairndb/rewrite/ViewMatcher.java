package io.cairndb.rewrite;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;
import io.cairndb.plan.ValueRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Answers one SPJG query from one MV under one table mapping, or says why it cannot: the MV's scan,
 * the compensating filter, a roll-up aggregate when the query groups coarser (or the MV does not
 * group), and a projection that gives the query's output columns under their own ids.
 */
final class ViewMatcher {
    private final SpjgForm query;
    private final Materialization mv;
    private final ColumnIds ids;
    private final ViewTranslation tr;
    private final JoinDerivation joins;
    private final Map<Integer, List<PlanColumn>> queryEqual;
    private final QueryAnswer answer;
    /** Whether the query must be answered by the MV's rows as they are: no filter, no roll-up. */
    private final boolean exact;
    /** The MV's columns as the answer reads them, one per view output. */
    private final List<PlanColumn> scanColumns = new ArrayList<>();

    /** An answer that reads the MV's rows as they are, and the column of each view output in it. */
    record Exact(PlanNode plan, List<PlanColumn> viewColumns) {
    }

    private ViewMatcher(SpjgForm query, Materialization mv, int[] mapping, ColumnIds ids, TableKeys keys, boolean exact) {
        this.mv = mv;
        this.ids = ids;
        this.exact = exact;
        this.tr = new ViewTranslation(query, mv.form(), mapping, ids);
        this.joins = JoinDerivation.of(query, mv.form(), tr, keys);
        this.query = joins.query();
        this.queryEqual = ViewExpressions.equalities(this.query.classes());
        this.answer = new QueryAnswer(this.query, ids);
    }

    /** The plan that computes {@code query}'s outputs from the MV; a {@link MatchFailure} when there is none. */
    static PlanNode match(SpjgForm query, Materialization mv, int[] mapping, ColumnIds ids, TableKeys keys) {
        return new ViewMatcher(query, mv, mapping, ids, keys, false).plan();
    }

    /**
     * The plan that gives {@code query}'s outputs from the MV's rows without filtering or grouping them
     * (an MV that keeps only some rows of its definition, such as its LIMIT, answers only so).
     */
    static Exact exact(SpjgForm query, Materialization mv, int[] mapping, ColumnIds ids, TableKeys keys) {
        ViewMatcher m = new ViewMatcher(query, mv, mapping, ids, keys, true);
        return new Exact(m.plan(), m.scanColumns);
    }

    private PlanNode plan() {
        SpjgForm view = mv.form();
        if (!view.groupingSets().isEmpty()) {
            throw new MatchFailure("View struct info is invalid: the view groups by GROUPING SETS, ROLLUP or CUBE");
        }
        if (view.aggregated() && !query.aggregated()) {
            throw new MatchFailure("Match mode is invalid: the view aggregates and the query does not");
        }
        SpjgForm derived = joins.view();

        for (ColumnMeta c : mv.columns()) {
            scanColumns.add(ids.fresh(c.name(), c.type(), c.nullable()));
        }
        PlanNode scan = mv.read(scanColumns, ids);

        Set<Integer> aggregateIds = new HashSet<>();
        view.aggregates().forEach(a -> aggregateIds.add(a.column().id()));
        Map<Integer, PlanNode.AggregateCall> viewCalls = new HashMap<>();
        view.aggregates().forEach(a -> viewCalls.put(a.column().id(), a.call()));
        List<ScalarExpr> groupExprs = new ArrayList<>();
        List<ScalarExpr> groupColumns = new ArrayList<>();
        List<AggregateRollup.ViewAggregate> viewAggregates = new ArrayList<>();
        for (int i = 0; i < view.outputs().size(); i++) {
            ScalarExpr e = view.outputs().get(i).expr();
            if (e instanceof ScalarExpr.ColumnRef r && aggregateIds.contains(r.id())) {
                viewAggregates.add(new AggregateRollup.ViewAggregate(tr.call(viewCalls.get(r.id())),
                        scanColumns.get(i).ref()));
            } else if (!references(e, aggregateIds)) {
                groupExprs.add(tr.expr(e));
                groupColumns.add(scanColumns.get(i).ref());
            }
        }
        ViewExpressions outputs = ViewExpressions.of(groupExprs, groupColumns);

        List<SpjgForm.EquivalenceClass> viewClasses = classes(derived);
        Map<Integer, List<PlanColumn>> viewEqual = ViewExpressions.equalities(viewClasses);
        Map<Integer, List<PlanColumn>> ownEqual = ViewExpressions.equalities(classes(view));
        List<ScalarExpr> filter = new ArrayList<>();
        for (List<PlanColumn> side : joins.nonNulls()) {
            filter.add(nonNull(side.stream().map(tr::column).toList(), outputs, ownEqual));
        }
        for (List<PlanColumn> side : joins.absents()) {
            filter.add(isNull(side.stream().map(tr::column).toList(), outputs, ownEqual));
        }
        filter.addAll(PredicateCompensation.compute(query, viewClasses, tr.exprs(derived.residuals()),
                e -> outputs.express(e, viewEqual)));
        if (exact && !filter.isEmpty()) {
            throw new MatchFailure("Predicate compensate fail: the view keeps only some rows of its definition, "
                    + "so the query's conditions must be the view's");
        }
        PlanNode input = filter.isEmpty() ? scan : new PlanNode.Filter(scan, and(filter));

        if (!query.aggregated()) {
            return answer.project(input, e -> outputs.express(e, queryEqual));
        }
        // A query without GROUP BY, or with an empty grouping set, has a group that may hold no rows.
        boolean emptyGroup = query.groupingKeys().isEmpty() || query.groupingSets().stream().anyMatch(List::isEmpty);
        AggregateRollup rollup = new AggregateRollup(viewAggregates, e -> outputs.express(e, queryEqual), ids, emptyGroup);
        if (view.aggregated() && query.groupingSets().isEmpty()) {
            Optional<PlanNode> same = sameGrouping(input, view, outputs, rollup);
            if (same.isPresent()) {
                return same.get();
            }
        }
        if (exact) {
            throw new MatchFailure("Match mode is invalid: the view keeps only some rows of its definition, "
                    + "so the query must group exactly as the view does");
        }
        return answer.aggregate(input, scanColumns, outputs, view.aggregated() ? rollup : null);
    }

    /**
     * When the query groups by exactly the MV's groups, each MV row is one query group: the query's
     * aggregates are the MV's columns (empty when one is not kept as it is).
     */
    private Optional<PlanNode> sameGrouping(PlanNode input, SpjgForm view, ViewExpressions outputs,
                                            AggregateRollup rollup) {
        Set<String> viewKeys = new HashSet<>();
        for (ScalarExpr k : view.groupingKeys()) {
            Optional<ScalarExpr> column = outputs.express(tr.expr(k), Map.of());
            if (column.isEmpty()) {
                return Optional.empty();
            }
            viewKeys.add(ExprTexts.of(column.get()));
        }
        Set<String> queryKeys = new HashSet<>();
        for (ScalarExpr k : query.groupingKeys()) {
            Optional<ScalarExpr> column = outputs.express(k, queryEqual);
            if (column.isEmpty() || !(column.get() instanceof ScalarExpr.ColumnRef)) {
                return Optional.empty();
            }
            queryKeys.add(ExprTexts.of(column.get()));
        }
        if (!queryKeys.equals(viewKeys)) {
            return Optional.empty();
        }
        Map<Integer, ScalarExpr> aggregates = new HashMap<>();
        for (PlanNode.AggregateAssignment a : query.aggregates()) {
            Optional<ScalarExpr> column = rollup.same(a.call());
            if (column.isEmpty()) {
                return Optional.empty();
            }
            aggregates.put(a.column().id(), column.get());
        }
        ViewExpressions all = outputs.with(aggregates.values());
        return Optional.of(answer.project(input, e -> all.express(QueryAnswer.substitute(e, aggregates), queryEqual)));
    }

    /**
     * The view's equivalence classes in the query's columns, without the columns of tables whose joins
     * are eliminated (their equalities hold only between the view's own rows).
     */
    private List<SpjgForm.EquivalenceClass> classes(SpjgForm view) {
        List<SpjgForm.EquivalenceClass> out = new ArrayList<>();
        for (SpjgForm.EquivalenceClass c : view.classes()) {
            List<PlanColumn> kept = c.columns().stream().filter(x -> !joins.dropped().contains(x.id())).toList();
            if (kept.size() > 1 || !kept.isEmpty() && !c.range().equals(ValueRange.ALL)) {
                out.add(tr.equivalenceClass(new SpjgForm.EquivalenceClass(kept, c.range())));
            }
        }
        return out;
    }

    private static ScalarExpr nonNull(List<PlanColumn> side, ViewExpressions outputs,
                                      Map<Integer, List<PlanColumn>> equal) {
        for (PlanColumn c : side) {
            Optional<ScalarExpr> e = outputs.express(c.ref(), equal);
            if (e.isPresent()) {
                return new ScalarExpr.Call(Operator.IS_NOT_NULL.function(), List.of(e.get()), DataType.BOOLEAN, false);
            }
        }
        throw new MatchFailure("Match mode is invalid: the view has no column that tells the outer join's matched rows");
    }

    private static ScalarExpr isNull(List<PlanColumn> side, ViewExpressions outputs, Map<Integer, List<PlanColumn>> equal) {
        for (PlanColumn c : side) {
            Optional<ScalarExpr> e = outputs.express(c.ref(), equal);
            if (e.isPresent()) {
                return new ScalarExpr.Call(Operator.IS_NULL.function(), List.of(e.get()), DataType.BOOLEAN, false);
            }
        }
        throw new MatchFailure("Match mode is invalid: the view has no column that tells the rows its outer join did not match");
    }

    private static boolean references(ScalarExpr e, Set<Integer> ids) {
        boolean[] found = {false};
        PlanExpressions.walk(e, x -> found[0] |= x instanceof ScalarExpr.ColumnRef r && ids.contains(r.id()));
        return found[0];
    }

    private static ScalarExpr and(List<ScalarExpr> conjuncts) {
        return conjuncts.size() == 1 ? conjuncts.get(0)
                : new ScalarExpr.Call(Operator.AND.function(), conjuncts, DataType.BOOLEAN, true);
    }
}
