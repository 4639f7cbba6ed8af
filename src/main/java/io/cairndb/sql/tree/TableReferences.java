package io.cairndb.sql.tree;

import java.util.ArrayList;
import java.util.List;

/**
 * The table names a query refers to, wherever they appear: FROM items, joins, subqueries in any
 * expression, CTE bodies and set-operation branches. CTE names are listed too where they are used;
 * resolving the names is the caller's business.
 */
public final class TableReferences {
    private final List<QualifiedName> names = new ArrayList<>();

    private TableReferences() {
    }

    public static List<QualifiedName> of(Query query) {
        TableReferences refs = new TableReferences();
        refs.query(query);
        return List.copyOf(refs.names);
    }

    private void query(Query q) {
        q.with().forEach(w -> query(w.query()));
        body(q.body());
        q.orderBy().forEach(o -> expr(o.expr()));
    }

    private void body(QueryBody b) {
        if (b instanceof QueryBody.QuerySpec spec) {
            for (QueryBody.SelectItem item : spec.select()) {
                if (item instanceof QueryBody.SingleColumn c) {
                    expr(c.expr());
                }
            }
            if (spec.from() != null) {
                relation(spec.from());
            }
            expr(spec.where());
            if (spec.groupBy() != null) {
                spec.groupBy().elements().forEach(g -> g.exprs().forEach(this::expr));
            }
            expr(spec.having());
        } else if (b instanceof QueryBody.SetOperation op) {
            body(op.left());
            body(op.right());
        } else if (b instanceof QueryBody.Values values) {
            values.rows().forEach(row -> row.forEach(this::expr));
        } else if (b instanceof QueryBody.Nested nested) {
            query(nested.query());
        }
    }

    private void relation(Relation r) {
        if (r instanceof Relation.TableRef ref) {
            names.add(ref.name());
        } else if (r instanceof Relation.TableFunction fn) {
            fn.args().forEach(this::expr);
        } else if (r instanceof Relation.SubqueryRelation sub) {
            query(sub.query());
        } else if (r instanceof Relation.Join join) {
            relation(join.left());
            relation(join.right());
            expr(join.on());
        } else if (r instanceof Relation.LateralView lateral) {
            relation(lateral.source());
            expr(lateral.generator());
        }
    }

    private void expr(Expr e) {
        if (e == null) {
            return;
        }
        ExprTree.subqueries(e).forEach(this::query);
        ExprTree.children(e).forEach(this::expr);
    }
}
