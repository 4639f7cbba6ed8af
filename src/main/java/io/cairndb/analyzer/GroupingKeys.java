package io.cairndb.analyzer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QueryBody;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The grouping keys of an aggregating block: the distinct GROUP BY expressions bound over the
 * aggregation's input (positions and select-list aliases resolved as MySQL does), and the key
 * subsets of GROUPING SETS, ROLLUP and CUBE, crossed when several elements are listed.
 */
final class GroupingKeys {
    private final List<ScalarExpr> exprs;
    private final List<List<Integer>> sets;
    private List<PlanColumn> columns;

    private GroupingKeys(List<ScalarExpr> exprs, List<List<Integer>> sets) {
        this.exprs = List.copyOf(exprs);
        this.sets = sets;
    }

    static GroupingKeys bind(ExpressionBinder input, QueryBody.GroupBy groupBy, List<Expr> selectExprs,
                             Map<String, Expr> aliases) {
        List<ScalarExpr> exprs = new ArrayList<>();
        if (groupBy == null) {
            return new GroupingKeys(exprs, List.of());
        }
        List<List<Integer>> crossed = new ArrayList<>();
        crossed.add(List.of());
        boolean plain = true;
        for (QueryBody.GroupingElement element : groupBy.elements()) {
            List<List<Integer>> elementSets = new ArrayList<>();
            if (element instanceof QueryBody.SimpleGroupBy simple) {
                elementSets.add(indices(simple.exprs(), exprs, input, selectExprs, aliases));
            } else if (element instanceof QueryBody.GroupingSets gs) {
                plain = false;
                for (List<Expr> set : gs.sets()) {
                    elementSets.add(indices(set, exprs, input, selectExprs, aliases));
                }
            } else if (element instanceof QueryBody.Rollup rollup) {
                plain = false;
                List<Integer> all = indices(rollup.exprs(), exprs, input, selectExprs, aliases);
                for (int n = all.size(); n >= 0; n--) {
                    elementSets.add(all.subList(0, n));
                }
            } else {
                plain = false;
                List<Integer> all = indices(((QueryBody.Cube) element).exprs(), exprs, input, selectExprs, aliases);
                for (int mask = (1 << all.size()) - 1; mask >= 0; mask--) {
                    List<Integer> subset = new ArrayList<>();
                    for (int i = 0; i < all.size(); i++) {
                        if ((mask & (1 << (all.size() - 1 - i))) != 0) {
                            subset.add(all.get(i));
                        }
                    }
                    elementSets.add(subset);
                }
            }
            crossed = cross(crossed, elementSets);
        }
        return new GroupingKeys(exprs, plain ? List.of() : crossed);
    }

    private static List<List<Integer>> cross(List<List<Integer>> left, List<List<Integer>> right) {
        List<List<Integer>> out = new ArrayList<>();
        for (List<Integer> l : left) {
            for (List<Integer> r : right) {
                List<Integer> union = new ArrayList<>(l);
                r.stream().filter(i -> !union.contains(i)).forEach(union::add);
                out.add(union);
            }
        }
        return out;
    }

    private static List<Integer> indices(List<Expr> keys, List<ScalarExpr> exprs, ExpressionBinder input,
                                         List<Expr> selectExprs, Map<String, Expr> aliases) {
        List<Integer> out = new ArrayList<>();
        for (Expr key : keys) {
            ScalarExpr bound = input.bind(resolve(key, input, selectExprs, aliases));
            int at = exprs.indexOf(bound);
            if (at < 0) {
                at = exprs.size();
                exprs.add(bound);
            }
            if (!out.contains(at)) {
                out.add(at);
            }
        }
        return out;
    }

    /** GROUP BY 2 is the second select item; a name no input column has may be a select-list alias. */
    private static Expr resolve(Expr key, ExpressionBinder input, List<Expr> selectExprs, Map<String, Expr> aliases) {
        Expr resolved = key;
        if (key instanceof Expr.IntegerLiteral i) {
            int position = i.value().intValue();
            if (position < 1 || position > selectExprs.size()) {
                throw QueryErrors.wrong(QueryErrors.positionNotInSelectList("GROUP BY", selectExprs.size()));
            }
            if (selectExprs.get(position - 1) == null) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "GROUP BY " + position + " names a column of *: name the column");
            }
            resolved = selectExprs.get(position - 1);
        } else if (key instanceof Expr.Identifier id && id.parts().size() == 1 && input.scope().resolve(id) == null) {
            resolved = aliases.get(id.name().toLowerCase(Locale.ROOT));
            if (resolved == null) {
                throw input.scope().unknown(id);
            }
        }
        if (SelectBinder.containsAggregate(resolved)) {
            throw QueryErrors.wrong(QueryErrors.aggregateIn("GROUP BY"));
        }
        if (SelectBinder.containsAggregateOrWindow(resolved)) {
            throw QueryErrors.wrong(QueryErrors.analyticIn("GROUP BY"));
        }
        return resolved;
    }

    List<ScalarExpr> exprs() {
        return exprs;
    }

    List<List<Integer>> sets() {
        return sets;
    }

    /**
     * The input with the computed keys added by a Project (the plain column keys pass through); the
     * key columns are known from here on.
     */
    PlanNode project(QueryBinder queries, PlanNode input) {
        columns = new ArrayList<>();
        List<PlanNode.Assignment> computed = new ArrayList<>();
        for (ScalarExpr e : exprs) {
            if (e instanceof ScalarExpr.ColumnRef ref && input.outputs().stream().anyMatch(c -> c.id() == ref.id())) {
                columns.add(ref.column());
            } else {
                PlanColumn c = queries.newColumn("__key_" + columns.size(), e.type(), e.nullable());
                computed.add(new PlanNode.Assignment(c, e));
                columns.add(c);
            }
        }
        if (computed.isEmpty()) {
            return input;
        }
        List<PlanNode.Assignment> all = new ArrayList<>();
        input.outputs().forEach(c -> all.add(new PlanNode.Assignment(c, c.ref())));
        all.addAll(computed);
        return new PlanNode.Project(input, all);
    }

    List<PlanColumn> columns() {
        return columns;
    }

    /** The key columns as the aggregation produces them: nullable under grouping sets. */
    List<PlanColumn> outputs() {
        return sets.isEmpty() ? columns : columns.stream().map(PlanColumn::asNullable).toList();
    }
}
