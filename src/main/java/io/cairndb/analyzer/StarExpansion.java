package io.cairndb.analyzer;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A query with the {@code *} of its outermost select lists (and of its set-operation branches)
 * spelled out as the columns they stand for now. A materialized view keeps its definition this way,
 * so that a column added to a base table later does not change its shape. Only a {@code *} over
 * tables and views joined without USING is spelled out: those columns are named by the catalog.
 */
public final class StarExpansion {
    private final StatementContext ctx;

    private StarExpansion(StatementContext ctx) {
        this.ctx = ctx;
    }

    public static Query of(StatementContext ctx, Query query) {
        return new StarExpansion(ctx).query(query, Set.of());
    }

    private Query query(Query q, Set<String> outerCtes) {
        Set<String> ctes = new HashSet<>(outerCtes);
        q.with().forEach(w -> ctes.add(w.name().toLowerCase(Locale.ROOT)));
        QueryBody body = body(q.body(), ctes);
        return body == q.body() ? q : new Query(q.with(), body, q.orderBy(), q.limit());
    }

    private QueryBody body(QueryBody body, Set<String> ctes) {
        if (body instanceof QueryBody.SetOperation op) {
            QueryBody left = body(op.left(), ctes);
            QueryBody right = body(op.right(), ctes);
            return left == op.left() && right == op.right() ? op : new QueryBody.SetOperation(op.type(), op.all(), left, right);
        }
        if (body instanceof QueryBody.Nested n) {
            Query q = query(n.query(), ctes);
            return q == n.query() ? n : new QueryBody.Nested(q);
        }
        if (!(body instanceof QueryBody.QuerySpec spec) || spec.from() == null
                || spec.select().stream().noneMatch(i -> i instanceof QueryBody.AllColumns) || !namesKnown(spec.from(), ctes)) {
            return body;
        }
        List<BindScope.Field> fields = new RelationBinder(QueryBinder.forStatement(ctx), null).bind(spec.from()).fields();
        List<QueryBody.SelectItem> items = new ArrayList<>();
        for (QueryBody.SelectItem item : spec.select()) {
            if (!(item instanceof QueryBody.AllColumns all)) {
                items.add(item);
                continue;
            }
            for (BindScope.Field f : fields) {
                if (f.star() && (all.qualifier() == null || all.qualifier().name().equalsIgnoreCase(f.qualifier()))) {
                    items.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(f.qualifier(), f.name())), null));
                }
            }
        }
        return new QueryBody.QuerySpec(spec.setVarHints(), spec.distinct(), items, spec.from(), spec.where(), spec.groupBy(),
                spec.having());
    }

    /** Tables and views joined without USING (which merges columns); SEMI and ANTI joins show one side only. */
    private boolean namesKnown(Relation r, Set<String> ctes) {
        if (r instanceof Relation.Join j) {
            boolean bothSides = switch (j.type()) {
                case INNER, CROSS, LEFT, RIGHT, FULL -> true;
                default -> false;
            };
            return bothSides && j.using().isEmpty() && namesKnown(j.left(), ctes) && namesKnown(j.right(), ctes);
        }
        if (!(r instanceof Relation.TableRef ref) || ref.incr() != null) {
            return false;
        }
        if (ref.name().database() == null && ctes.contains(ref.name().name().toLowerCase(Locale.ROOT))) {
            return false;
        }
        return ctx.catalog().table(ctx.databaseOf(ref.name()), ref.name().name()) != null;
    }
}
