package io.cairndb.analyzer;

import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.ExprTree;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The session functions a query calls without arguments ({@code database()}, {@code current_user()},
 * {@code connection_id()} ...), in the views it reads too. The binder folds each into a constant of
 * the statement's session, so its plan no longer shows them: a materialized view's check for
 * non-deterministic functions reads them here.
 */
public final class SessionCalls {
    private static final int MAX_VIEW_DEPTH = 32;

    private final StatementContext ctx;
    private final Set<String> names = new TreeSet<>();
    /** The CTE names visible at each enclosing query, innermost first. */
    private Deque<Set<String>> ctes = new ArrayDeque<>();
    private int viewDepth;

    private SessionCalls(StatementContext ctx) {
        this.ctx = ctx;
    }

    /** The names, lower case and sorted, of the session functions {@code query} calls. */
    public static Set<String> of(StatementContext ctx, Query query) {
        SessionCalls calls = new SessionCalls(ctx);
        calls.query(query);
        return Collections.unmodifiableSet(calls.names);
    }

    private void query(Query q) {
        Set<String> scope = new HashSet<>();
        ctes.push(scope);
        try {
            for (Query.WithQuery w : q.with()) {
                query(w.query());
                scope.add(w.name().toLowerCase(Locale.ROOT));
            }
            body(q.body());
            for (OrderItem o : q.orderBy()) {
                expr(o.expr());
            }
        } finally {
            ctes.pop();
        }
    }

    private void body(QueryBody body) {
        if (body instanceof QueryBody.QuerySpec spec) {
            for (QueryBody.SelectItem item : spec.select()) {
                if (item instanceof QueryBody.SingleColumn c) {
                    expr(c.expr());
                }
            }
            if (spec.from() != null) {
                relation(spec.from());
            }
            if (spec.where() != null) {
                expr(spec.where());
            }
            if (spec.groupBy() != null) {
                spec.groupBy().elements().forEach(g -> g.exprs().forEach(this::expr));
            }
            if (spec.having() != null) {
                expr(spec.having());
            }
        } else if (body instanceof QueryBody.SetOperation op) {
            body(op.left());
            body(op.right());
        } else if (body instanceof QueryBody.Values values) {
            values.rows().forEach(row -> row.forEach(this::expr));
        } else if (body instanceof QueryBody.Nested nested) {
            query(nested.query());
        }
    }

    private void relation(Relation r) {
        if (r instanceof Relation.TableRef ref) {
            tableRef(ref);
        } else if (r instanceof Relation.SubqueryRelation sq) {
            query(sq.query());
        } else if (r instanceof Relation.Join j) {
            relation(j.left());
            relation(j.right());
            if (j.on() != null) {
                expr(j.on());
            }
        } else if (r instanceof Relation.LateralView lv) {
            relation(lv.source());
            expr(lv.generator());
        } else if (r instanceof Relation.TableFunction fn) {
            fn.args().forEach(this::expr);
        }
    }

    private void tableRef(Relation.TableRef ref) {
        if (ref.name().database() == null) {
            String name = ref.name().name().toLowerCase(Locale.ROOT);
            if (ctes.stream().anyMatch(scope -> scope.contains(name))) {
                return;
            }
        }
        String db = ctx.databaseOf(ref.name());
        if (ctx.systemTables().isSystemSchema(db)) {
            return;
        }
        TableMeta t = ctx.catalog().table(db, ref.name().name());
        if (t == null || !t.isView()) {
            return;
        }
        if (++viewDepth > MAX_VIEW_DEPTH) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "View " + t.name() + " refers to itself");
        }
        // A view's body sees the catalog, not the CTEs around its use.
        Deque<Set<String>> outer = ctes;
        ctes = new ArrayDeque<>();
        try {
            query(SqlParser.parseQuery(t.viewSql()));
        } finally {
            ctes = outer;
            viewDepth--;
        }
    }

    private void expr(Expr e) {
        if (e instanceof Expr.FunctionCall f && f.args().isEmpty() && f.over() == null
                && SessionValues.isSessionFunction(f.name())) {
            names.add(f.name().toLowerCase(Locale.ROOT));
        }
        ExprTree.subqueries(e).forEach(this::query);
        ExprTree.children(e).forEach(this::expr);
    }
}
