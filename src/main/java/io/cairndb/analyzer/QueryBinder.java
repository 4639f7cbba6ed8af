package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;
import io.cairndb.optimizer.Optimizer;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.AggregateStates;
import io.cairndb.printer.OperatorTypes;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The binder: turns a query's syntax tree into a typed logical plan. Names are resolved against the
 * catalog and the query's scopes, every column gets an id, every expression a Doris type. One binder
 * binds one statement; its column ids are unique across the whole plan, subqueries included.
 */
public final class QueryBinder {
    private static final int MAX_VIEW_DEPTH = 32;

    /** The common table expressions visible at a point of the query, innermost first. */
    private record CteScope(String name, Query.WithQuery definition, CteScope definedIn, CteScope next) {
        CteScope find(String wanted) {
            for (CteScope s = this; s != null; s = s.next) {
                if (s.name.equals(wanted)) {
                    return s;
                }
            }
            return null;
        }
    }

    private final StatementContext ctx;
    private final boolean rowColumns;
    private final Set<String> sessionFunctions = new TreeSet<>();
    private int nextColumnId = 1;
    private CteScope ctes;
    private int viewDepth;

    private QueryBinder(StatementContext ctx, boolean rowColumns) {
        this.ctx = ctx;
        this.rowColumns = rowColumns;
    }

    /**
     * The plan of a query as the optimizer leaves it, the plan as bound (what EXPLAIN ANALYZED PLAN
     * shows), and the session functions ({@code connection_id()}, {@code current_user()} ..)
     * the binder folded into constants of this session, which the plan no longer shows.
     */
    public record Result(PlanNode plan, PlanNode analyzed, Set<String> sessionFunctions) {
        public Result {
            sessionFunctions = Set.copyOf(sessionFunctions);
        }
    }

    /** Binds {@code query}; a wrong query fails with the error Doris gives it. */
    public static Result bind(StatementContext ctx, Query query) {
        return bind(ctx, query, false);
    }

    /**
     * As {@link #bind(StatementContext, Query)}; with {@code rowColumns}, every table scan also exposes
     * the engine's columns of each row, which only a name selects: its identifier {@code rowid} (DELETE
     * finds the rows it removes with it) and, on a table whose changelog keeps before images, the
     * row's latest change and since when its key exists (an UPDATE records them with the old values).
     */
    public static Result bind(StatementContext ctx, Query query, boolean rowColumns) {
        QueryBinder binder = new QueryBinder(ctx, rowColumns);
        PlanNode analyzed = binder.query(query, null);
        return new Result(Optimizer.optimize(analyzed), analyzed, binder.sessionFunctions);
    }

    /** A binder for one statement's relations, used outside a query's binding (star expansion). */
    static QueryBinder forStatement(StatementContext ctx) {
        return new QueryBinder(ctx, false);
    }

    /** Binds a lone expression (a column default, a value of INSERT .. VALUES or SET), which names no column. */
    public static ScalarExpr bindExpression(StatementContext ctx, Expr expr) {
        return new ExpressionBinder(new QueryBinder(ctx, false), BindScope.of(List.of()), null).bind(expr);
    }

    StatementContext context() {
        return ctx;
    }

    boolean exposesRowColumns() {
        return rowColumns;
    }

    /** Notes a session function bound to its value (lower-case name). */
    void foldedSessionFunction(String name) {
        sessionFunctions.add(name);
    }

    PlanColumn newColumn(String name, DataType type, boolean nullable) {
        return new PlanColumn(nextColumnId++, name, type, nullable);
    }

    /** A query in the scope {@code outer} (the enclosing block of a subquery; null at the top). */
    PlanNode query(Query q, BindScope outer) {
        CteScope saved = ctes;
        try {
            for (Query.WithQuery w : q.with()) {
                ctes = new CteScope(w.name().toLowerCase(Locale.ROOT), w, ctes, ctes);
            }
            if (q.body() instanceof QueryBody.QuerySpec spec) {
                return new SelectBinder(this, spec, outer).bind(q.orderBy(), q.limit());
            }
            PlanNode body = body(q.body(), outer);
            return orderAndLimit(body, q.orderBy(), q.limit());
        } finally {
            ctes = saved;
        }
    }

    private PlanNode body(QueryBody body, BindScope outer) {
        if (body instanceof QueryBody.QuerySpec spec) {
            return new SelectBinder(this, spec, outer).bind(List.of(), null);
        } else if (body instanceof QueryBody.SetOperation op) {
            return setOperation(op, outer);
        } else if (body instanceof QueryBody.Values values) {
            return values(values);
        }
        return query(((QueryBody.Nested) body).query(), outer);
    }

    private PlanNode setOperation(QueryBody.SetOperation op, BindScope outer) {
        PlanNode left = body(op.left(), outer);
        PlanNode right = body(op.right(), outer);
        List<PlanColumn> l = left.outputs();
        List<PlanColumn> r = right.outputs();
        if (l.size() != r.size()) {
            throw QueryErrors.wrong(QueryErrors.UNEQUAL_COLUMNS);
        }
        List<PlanColumn> outputs = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            boolean nullable = switch (op.type()) {
                case UNION -> l.get(i).nullable() || r.get(i).nullable();
                case INTERSECT -> l.get(i).nullable() && r.get(i).nullable();
                case EXCEPT -> l.get(i).nullable();
            };
            DataType type = OperatorTypes.commonType(List.of(l.get(i).type(), r.get(i).type()));
            if (type == null) {
                // Two states of different aggregates or arguments, or a state and a value: Doris casts the right to the left.
                throw AggregateStates.castError(r.get(i).type(), l.get(i).type());
            }
            outputs.add(newColumn(l.get(i).name(), type, nullable));
        }
        PlanNode.SetKind kind = PlanNode.SetKind.valueOf(op.type().name());
        return new PlanNode.SetOperation(kind, op.all(), statesAs(left, outputs), statesAs(right, outputs), outputs);
    }

    /**
     * A set operation's input with its states cast to the output's: a state of a NULL argument is
     * stored as one of the other side's (the engine would not bring the two together itself).
     */
    private PlanNode statesAs(PlanNode input, List<PlanColumn> outputs) {
        List<PlanColumn> in = input.outputs();
        boolean differ = false;
        List<PlanNode.Assignment> cast = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            PlanColumn c = in.get(i);
            DataType type = outputs.get(i).type();
            if (type.kind() == TypeKind.AGG_STATE && !type.equals(c.type())) {
                differ = true;
                cast.add(new PlanNode.Assignment(newColumn(c.name(), type, c.nullable()), new ScalarExpr.Cast(c.ref(), type, c.nullable())));
            } else {
                cast.add(new PlanNode.Assignment(c, c.ref()));
            }
        }
        return differ ? new PlanNode.Project(input, cast) : input;
    }

    private PlanNode values(QueryBody.Values values) {
        ExpressionBinder exprs = new ExpressionBinder(this, BindScope.of(List.of()), null);
        List<List<ScalarExpr>> rows = new ArrayList<>();
        for (List<Expr> row : values.rows()) {
            rows.add(exprs.bindAll(row));
        }
        int width = rows.get(0).size();
        if (rows.stream().anyMatch(r -> r.size() != width)) {
            throw new CairnException(ErrorCode.COLUMN_COUNT_MISMATCH, "Column count doesn't match value count");
        }
        List<PlanColumn> outputs = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            int column = i;
            DataType type = OperatorTypes.commonType(rows.stream().map(r -> r.get(column).type()).toList());
            boolean nullable = rows.stream().anyMatch(r -> r.get(column).nullable());
            outputs.add(newColumn("col" + i, type, nullable));
            if (type != null && type.kind() == TypeKind.AGG_STATE) {
                // States of a NULL argument are stored as the others are (the engine would not unify them).
                for (List<ScalarExpr> r : rows) {
                    if (!r.get(column).type().equals(type)) {
                        r.set(column, new ScalarExpr.Cast(r.get(column), type, r.get(column).nullable()));
                    }
                }
            }
        }
        return new PlanNode.Values(outputs, rows);
    }

    /** ORDER BY and LIMIT over a set operation or VALUES: keys name output columns or positions. */
    private PlanNode orderAndLimit(PlanNode node, List<OrderItem> orderBy, Query.Limit limit) {
        if (!orderBy.isEmpty()) {
            List<PlanNode.SortKey> keys = new ArrayList<>();
            ExpressionBinder outputs = new ExpressionBinder(this, BindScope.of(node.outputs().stream()
                    .map(c -> new BindScope.Field(null, c.name(), c)).toList()), null);
            for (OrderItem item : orderBy) {
                PlanColumn named = outputNamed(node.outputs(), item.expr());
                keys.add(sortKey(named != null ? named.ref() : outputs.bind(item.expr()), item));
            }
            node = new PlanNode.Sort(node, keys);
        }
        return limit == null ? node : new PlanNode.Limit(node, limit.count(), limit.offset());
    }

    /** The output a position or a name stands for, or null for an expression over the outputs. */
    private static PlanColumn outputNamed(List<PlanColumn> outputs, Expr e) {
        if (e instanceof Expr.IntegerLiteral i) {
            int position = i.value().intValue();
            if (position < 1 || position > outputs.size()) {
                throw QueryErrors.wrong(QueryErrors.positionNotInSelectList("ORDER BY", outputs.size()));
            }
            return outputs.get(position - 1);
        }
        if (e instanceof Expr.Identifier id && id.parts().size() == 1) {
            for (PlanColumn c : outputs) {
                if (c.name().equalsIgnoreCase(id.name())) {
                    return c;
                }
            }
        }
        return null;
    }

    /** A sort key; MySQL's default puts NULLs first ascending and last descending. */
    static PlanNode.SortKey sortKey(ScalarExpr e, OrderItem item) {
        boolean nullsFirst = switch (item.nulls()) {
            case FIRST -> true;
            case LAST -> false;
            case DEFAULT -> item.ascending();
        };
        return new PlanNode.SortKey(e, item.ascending(), nullsFirst);
    }

    /** A subquery used as a value, bound with the enclosing block's scope for correlated names. */
    ScalarExpr subquery(ScalarExpr.SubqueryKind kind, boolean negated, ScalarExpr operand, Query q, BindScope outer) {
        PlanNode plan = query(q, outer);
        return switch (kind) {
            case SCALAR -> {
                if (plan.outputs().size() != 1) {
                    throw QueryErrors.wrong(QueryErrors.operandColumns(1));
                }
                yield new ScalarExpr.Subquery(kind, false, null, plan, plan.outputs().get(0).type(), true);
            }
            case EXISTS -> new ScalarExpr.Subquery(kind, negated, null, plan, DataType.BOOLEAN, false);
            case IN -> {
                if (plan.outputs().size() != 1) {
                    throw QueryErrors.wrong(QueryErrors.operandColumns(1));
                }
                yield new ScalarExpr.Subquery(kind, negated, operand, plan, DataType.BOOLEAN, true);
            }
        };
    }

    /** The plan of the CTE a one-part table name refers to here, bound afresh (new column ids), or null. */
    PlanNode cte(String name) {
        CteScope found = ctes == null ? null : ctes.find(name.toLowerCase(Locale.ROOT));
        if (found == null) {
            return null;
        }
        CteScope saved = ctes;
        ctes = found.definedIn;
        try {
            return query(found.definition.query(), null);
        } finally {
            ctes = saved;
        }
    }

    /** The column names a CTE's definition lists, empty when none. */
    List<String> cteColumns(String name) {
        return ctes.find(name.toLowerCase(Locale.ROOT)).definition.columns();
    }

    /** A view's query, bound afresh; its body sees the catalog only, not the CTEs around its use. */
    /**
     * Whether the binder is inside a view's body: a view is read with SELECT on the view alone, as in
     * Doris, so the tables it reads are not checked against the reader's privileges.
     */
    boolean insideView() {
        return viewDepth > 0;
    }

    PlanNode view(TableMeta view) {
        if (++viewDepth > MAX_VIEW_DEPTH) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "View " + view.name() + " refers to itself");
        }
        CteScope saved = ctes;
        ctes = null;
        try {
            return query(SqlParser.parseQuery(view.viewSql()), null);
        } finally {
            ctes = saved;
            viewDepth--;
        }
    }
}
