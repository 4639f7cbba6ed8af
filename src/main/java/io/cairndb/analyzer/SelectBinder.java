package io.cairndb.analyzer;

import io.cairndb.error.QueryErrors;
import io.cairndb.error.UnknownNames;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.ColumnLabels;
import io.cairndb.printer.FunctionKind;
import io.cairndb.printer.FunctionRegistry;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.ExprTree;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Binds one SELECT block into Filter, Aggregate (with a Project below for computed grouping keys),
 * Filter (HAVING), Window, Project, Distinct, Sort and Limit nodes, in that order.
 */
final class SelectBinder {
    static final Set<String> GROUPING_FUNCTIONS = Set.of("grouping", "grouping_id");

    /** A select-list item after {@code *} expansion: an expression, or a column a star stands for. */
    private record Item(Expr expr, PlanColumn column, String label) {
    }

    private final QueryBinder queries;
    private final QueryBody.QuerySpec spec;
    private final BindScope outer;

    SelectBinder(QueryBinder queries, QueryBody.QuerySpec spec, BindScope outer) {
        this.queries = queries;
        this.spec = spec;
        this.outer = outer;
    }

    PlanNode bind(List<OrderItem> orderBy, Query.Limit limit) {
        RelationBinder.Bound from = spec.from() == null
                ? new RelationBinder.Bound(new PlanNode.Values(List.of(), List.of(List.of())), List.of())
                : new RelationBinder(queries, outer).bind(spec.from());
        BindScope scope = new BindScope(from.fields(), outer, aliases());
        ExpressionBinder plain = new ExpressionBinder(queries, scope, null);
        PlanNode node = from.node();
        if (spec.where() != null) {
            node = new PlanNode.Filter(node, plain.in(ExpressionBinder.Clause.WHERE).bind(spec.where()));
        }
        List<Item> items = expand(from.fields());
        WindowCalls windows = new WindowCalls(queries);
        boolean aggregating = spec.groupBy() != null || spec.having() != null
                || items.stream().anyMatch(i -> i.expr() != null && containsAggregate(i.expr()))
                || orderBy.stream().anyMatch(o -> containsAggregate(o.expr()));
        AggregationHook aggregation = null;
        GroupingKeys keys = null;
        ExpressionBinder post;
        if (aggregating) {
            keys = GroupingKeys.bind(plain.in(ExpressionBinder.Clause.GROUP_BY), spec.groupBy(), selectExprs(items), aliases());
            node = keys.project(queries, node);
            Set<Integer> inputIds = new HashSet<>();
            node.outputs().forEach(c -> inputIds.add(c.id()));
            aggregation = new AggregationHook(queries, plain, keys.exprs(), keys.outputs(), windows, aliases(), inputIds);
            post = new ExpressionBinder(queries, scope, aggregation);
        } else {
            post = new ExpressionBinder(queries, scope,
                    (e, b) -> e instanceof Expr.FunctionCall f && f.over() != null ? windows.add(f, b) : null);
        }
        List<ScalarExpr> selected = new ArrayList<>();
        for (Item item : items) {
            selected.add(item.expr() != null ? post.bind(item.expr())
                    : aggregation != null ? aggregation.star(item.column()) : item.column().ref());
        }
        ScalarExpr having = spec.having() == null ? null : post.bind(spec.having());
        List<ScalarExpr> orderExprs = new ArrayList<>();
        for (OrderItem o : orderBy) {
            orderExprs.add(orderExpr(o.expr(), items, selected, post));
        }
        if (aggregating) {
            node = new PlanNode.Aggregate(node, keys.columns(), keys.sets(), aggregation.aggregates());
            if (having != null) {
                node = new PlanNode.Filter(node, having);
            }
        }
        if (!windows.windows().isEmpty()) {
            node = new PlanNode.Window(node, windows.windows());
        }
        return project(node, items, selected, orderBy, orderExprs, limit);
    }

    private PlanNode project(PlanNode node, List<Item> items, List<ScalarExpr> selected, List<OrderItem> orderBy,
                             List<ScalarExpr> orderExprs, Query.Limit limit) {
        List<PlanNode.Assignment> assignments = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ScalarExpr e = selected.get(i);
            assignments.add(new PlanNode.Assignment(queries.newColumn(items.get(i).label(), e.type(), e.nullable()), e));
        }
        List<PlanColumn> visible = assignments.stream().map(PlanNode.Assignment::column).toList();
        List<PlanNode.SortKey> keys = new ArrayList<>();
        boolean extras = false;
        for (int i = 0; i < orderBy.size(); i++) {
            ScalarExpr e = orderExprs.get(i);
            int at = selected.indexOf(e);
            PlanColumn column;
            if (at >= 0) {
                column = visible.get(at);
            } else {
                if (spec.distinct()) {
                    throw QueryErrors.wrong("Expression #" + (i + 1) + " of ORDER BY clause is not in SELECT list;"
                            + " this is incompatible with DISTINCT");
                }
                column = queries.newColumn("__order_" + i, e.type(), e.nullable());
                assignments.add(new PlanNode.Assignment(column, e));
                selected = appended(selected, e);
                extras = true;
            }
            keys.add(QueryBinder.sortKey(column.ref(), orderBy.get(i)));
        }
        node = new PlanNode.Project(node, assignments);
        if (spec.distinct()) {
            node = new PlanNode.Distinct(node);
        }
        if (!keys.isEmpty()) {
            node = new PlanNode.Sort(node, keys);
        }
        if (limit != null) {
            node = new PlanNode.Limit(node, limit.count(), limit.offset());
        }
        if (extras) {
            node = new PlanNode.Project(node, visible.stream().map(c -> new PlanNode.Assignment(c, c.ref())).toList());
        }
        return node;
    }

    private static List<ScalarExpr> appended(List<ScalarExpr> list, ScalarExpr e) {
        List<ScalarExpr> out = new ArrayList<>(list);
        out.add(e);
        return out;
    }

    /**
     * An ORDER BY key: a position or a select-list name stands for that item, anything else is bound
     * in the block's scope (and becomes an extra, hidden column when the select list lacks it).
     */
    private static ScalarExpr orderExpr(Expr e, List<Item> items, List<ScalarExpr> selected, ExpressionBinder post) {
        if (e instanceof Expr.IntegerLiteral i) {
            int position = i.value().intValue();
            if (position < 1 || position > items.size()) {
                throw QueryErrors.wrong(QueryErrors.positionNotInSelectList("ORDER BY", items.size()));
            }
            return selected.get(position - 1);
        }
        if (e instanceof Expr.Identifier id && id.parts().size() == 1) {
            ScalarExpr named = null;
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).label().equalsIgnoreCase(id.name())) {
                    if (named != null && !named.equals(selected.get(i))) {
                        throw QueryErrors.ambiguous(id.name(), null);
                    }
                    named = selected.get(i);
                }
            }
            if (named != null) {
                return named;
            }
        }
        return post.bind(e);
    }

    private List<Item> expand(List<BindScope.Field> fields) {
        List<Item> items = new ArrayList<>();
        for (QueryBody.SelectItem item : spec.select()) {
            if (item instanceof QueryBody.SingleColumn c) {
                String label = c.alias() != null ? c.alias()
                        : c.expr() instanceof Expr.Identifier id ? id.name() : ColumnLabels.of(c.expr());
                items.add(new Item(c.expr(), null, label));
                continue;
            }
            QueryBody.AllColumns all = (QueryBody.AllColumns) item;
            int before = items.size();
            for (BindScope.Field f : fields) {
                if (f.star() && (all.qualifier() == null || all.qualifier().name().equalsIgnoreCase(f.qualifier()))) {
                    items.add(new Item(null, f.column(), f.name()));
                }
            }
            if (all.qualifier() != null && items.size() == before) {
                throw UnknownNames.qualifier(all.qualifier().name(), null);
            }
        }
        return items;
    }

    /** The select-list expressions by position; null for a column a star stands for. */
    private static List<Expr> selectExprs(List<Item> items) {
        List<Expr> out = new ArrayList<>();
        items.forEach(i -> out.add(i.expr()));
        return out;
    }

    /** The select-list aliases (lower-case) HAVING and ORDER BY may name. */
    private Map<String, Expr> aliases() {
        Map<String, Expr> out = new HashMap<>();
        for (QueryBody.SelectItem item : spec.select()) {
            if (item instanceof QueryBody.SingleColumn c && c.alias() != null) {
                out.putIfAbsent(c.alias().toLowerCase(Locale.ROOT), c.expr());
            }
        }
        return out;
    }

    static boolean isAggregate(Expr.FunctionCall f) {
        String name = f.name().toLowerCase(Locale.ROOT);
        return f.over() == null && (GROUPING_FUNCTIONS.contains(name)
                || FunctionRegistry.instance().kind(name) == FunctionKind.AGGREGATE);
    }

    /** count(*): the star is no argument. */
    static boolean isStarArgument(Expr.FunctionCall f) {
        return f.args().size() == 1 && f.args().get(0) instanceof Expr.Star;
    }

    /** Whether {@code e} calls an aggregate outside any window and subquery. */
    static boolean containsAggregate(Expr e) {
        if (e instanceof Expr.FunctionCall f && isAggregate(f)) {
            return true;
        }
        return ExprTree.children(e).stream().anyMatch(SelectBinder::containsAggregate);
    }

    static boolean containsAggregateOrWindow(Expr e) {
        if (e instanceof Expr.FunctionCall f && (f.over() != null || isAggregate(f))) {
            return true;
        }
        return ExprTree.children(e).stream().anyMatch(SelectBinder::containsAggregateOrWindow);
    }
}
