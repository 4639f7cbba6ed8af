package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.FunctionSignature;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Binds the expressions of an aggregating query block above its aggregation: a grouping key becomes
 * the aggregate's key column, an aggregate call one of its aggregate columns (collected here), a window
 * call a column of the window node above it. A column that is neither grouped nor aggregated is not
 * bound (the other path reports it).
 */
final class AggregationHook implements ExpressionBinder.Hook {
    private final QueryBinder queries;
    private final ExpressionBinder input;
    private final List<ScalarExpr> keyExprs;
    private final List<PlanColumn> keyOutputs;
    private final WindowCalls windows;
    private final Map<String, Expr> aliases;
    private final Set<Integer> inputIds;
    private final List<PlanNode.AggregateAssignment> aggregates = new ArrayList<>();
    private final Set<String> expandingAliases = new HashSet<>();

    /**
     * {@code input} binds over the aggregation's input; {@code keyExprs} are the grouping expressions
     * bound there and {@code keyOutputs} the columns the aggregation produces for them; {@code aliases}
     * are the select-list aliases HAVING and ORDER BY may name (lower-case).
     */
    AggregationHook(QueryBinder queries, ExpressionBinder input, List<ScalarExpr> keyExprs, List<PlanColumn> keyOutputs,
                    WindowCalls windows, Map<String, Expr> aliases, Set<Integer> inputIds) {
        this.queries = queries;
        this.input = input;
        this.keyExprs = List.copyOf(keyExprs);
        this.keyOutputs = List.copyOf(keyOutputs);
        this.windows = windows;
        this.aliases = Map.copyOf(aliases);
        this.inputIds = Set.copyOf(inputIds);
    }

    List<PlanNode.AggregateAssignment> aggregates() {
        return aggregates;
    }

    @Override
    public ScalarExpr bind(Expr e, ExpressionBinder binder) {
        if (e instanceof Expr.FunctionCall f && f.over() != null) {
            return windows.add(f, binder);
        }
        if (e instanceof Expr.FunctionCall f && SelectBinder.isAggregate(f)) {
            return aggregate(f);
        }
        if (SelectBinder.containsAggregateOrWindow(e)) {
            return null;
        }
        if (e instanceof Expr.Identifier id && id.parts().size() == 1 && input.scope().resolve(id) == null) {
            // A select-list alias (HAVING cnt > 1) stands for its expression, bound above the aggregation.
            String alias = id.name().toLowerCase(Locale.ROOT);
            Expr aliased = aliases.get(alias);
            if (aliased != null && expandingAliases.add(alias)) {
                try {
                    return binder.bind(aliased);
                } finally {
                    expandingAliases.remove(alias);
                }
            }
        }
        ScalarExpr bound;
        try {
            bound = input.bind(e);
        } catch (CairnException notBelow) {
            if (e instanceof Expr.Identifier) {
                throw notBelow;
            }
            // Its parts may still be bound above the aggregation (an alias of an aggregate among them).
            return null;
        }
        return grouped(bound, e);
    }

    /** A bound expression over the input as seen above the aggregation, or null to bind its parts instead. */
    private ScalarExpr grouped(ScalarExpr bound, Expr e) {
        int k = keyExprs.indexOf(bound);
        if (k >= 0) {
            return keyOutputs.get(k).ref();
        }
        if (PlanExpressions.hasSubquery(bound)) {
            // A correlated subquery above the aggregation may refer to grouping keys only: the
            // aggregation produces those under the same ids.
            Set<Integer> keyIds = new HashSet<>();
            keyOutputs.forEach(key -> keyIds.add(key.id()));
            Set<Integer> ungrouped = new HashSet<>(inputIds);
            ungrouped.removeAll(keyIds);
            if (!ColumnRefs.referencesAny(bound, ungrouped) && !ColumnRefs.subqueriesReference(bound, ungrouped)) {
                return bound;
            }
            throw QueryErrors.wrong(QueryErrors.notGrouped(e instanceof Expr.Identifier id ? id.name() : "(subquery)"));
        }
        if (!ColumnRefs.referencesAny(bound, inputIds)) {
            return bound;
        }
        if (e instanceof Expr.Identifier id) {
            throw QueryErrors.wrong(QueryErrors.notGrouped(id.name()));
        }
        return null;
    }

    /** The column of a star item of an aggregating block: it must be a grouping key. */
    ScalarExpr star(PlanColumn column) {
        int k = keyExprs.indexOf(column.ref());
        if (k < 0) {
            throw QueryErrors.wrong(QueryErrors.notGrouped(column.name()));
        }
        return keyOutputs.get(k).ref();
    }

    private ScalarExpr aggregate(Expr.FunctionCall f) {
        String name = f.name().toLowerCase(Locale.ROOT);
        ExpressionBinder arguments = input.in(ExpressionBinder.Clause.AGGREGATE_ARGUMENT);
        List<ScalarExpr> args = SelectBinder.isStarArgument(f) ? new ArrayList<>()
                : new ArrayList<>(ImplicitCasts.arguments(name, arguments.bindAll(f.args())));
        if (f.separator() != null) {
            // group_concat(x SEPARATOR s) is group_concat(x, s); several values are concatenated per row as in
            // MySQL, and a row with a NULL among them is skipped (concat gives NULL).
            if (args.size() > 1) {
                FunctionSignature concat = ExpressionBinder.signature("concat", args);
                args = new ArrayList<>(List.of(new ScalarExpr.Call("concat", args, concat.returnType(), concat.nullable())));
            }
            args.add(arguments.bind(f.separator()));
        }
        List<PlanNode.SortKey> orderBy = new ArrayList<>();
        for (OrderItem item : f.orderBy()) {
            orderBy.add(QueryBinder.sortKey(arguments.bind(item.expr()), item));
        }
        PlanNode.AggregateCall call = new PlanNode.AggregateCall(name, args, f.distinct(), orderBy);
        for (PlanNode.AggregateAssignment a : aggregates) {
            if (a.call().equals(call)) {
                return a.column().ref();
            }
        }
        PlanColumn column;
        if (SelectBinder.GROUPING_FUNCTIONS.contains(name)) {
            if (args.isEmpty() || args.stream().anyMatch(a -> !keyExprs.contains(a))) {
                throw QueryErrors.wrong(name + " takes GROUP BY expressions only");
            }
            column = queries.newColumn(SqlFormatter.format(f), DataType.BIGINT, false);
        } else {
            FunctionSignature sig = ExpressionBinder.signature(name, args);
            column = queries.newColumn(SqlFormatter.format(f), sig.returnType(), sig.nullable());
        }
        aggregates.add(new PlanNode.AggregateAssignment(column, call));
        return column.ref();
    }
}
