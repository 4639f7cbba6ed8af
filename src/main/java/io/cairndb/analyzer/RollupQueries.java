package io.cairndb.analyzer;

import io.cairndb.catalog.AggregationType;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The queries a rollup (synchronous MV) is defined by, over its table as it is named now: what it
 * holds (its definition, which rewrite matches) and the rows each base row contributes to it (which
 * writes merge in by the rollup's key model).
 */
public final class RollupQueries {
    private RollupQueries() {
    }

    /** {@code SELECT define AS column, .. FROM t [WHERE ..] [GROUP BY keys]}: the rollup's rows. */
    public static Query definition(TableMeta t, RollupMeta r) {
        List<QueryBody.SelectItem> items = new ArrayList<>();
        List<Expr> keys = new ArrayList<>();
        for (int i = 0; i < r.columns().size(); i++) {
            Expr define = SqlParser.parseExpression(r.defineExprs().get(i));
            items.add(new QueryBody.SingleColumn(define, r.columns().get(i).name()));
            if (r.columns().get(i).key()) {
                keys.add(define);
            }
        }
        QueryBody.GroupBy groupBy = r.keyModel() == KeyModel.AGGREGATE
                ? new QueryBody.GroupBy(List.of(new QueryBody.SimpleGroupBy(keys))) : null;
        return select(t, r, items, groupBy);
    }

    /**
     * {@code SELECT input AS column, .. FROM t [WHERE ..]}: for each base row, the row it adds to the
     * rollup before rows of one key merge; a value column's input is its aggregate's argument (a count
     * adds 1 for each non-null value).
     */
    public static Query rows(TableMeta t, RollupMeta r) {
        List<QueryBody.SelectItem> items = new ArrayList<>();
        for (int i = 0; i < r.columns().size(); i++) {
            ColumnMeta c = r.columns().get(i);
            items.add(new QueryBody.SingleColumn(new Expr.Cast(rowInput(c, r.defineExprs().get(i)), c.type()), c.name()));
        }
        return select(t, r, items, null);
    }

    /** The per-row input of a column: a key's expression, or the argument its aggregation merges. */
    public static Expr rowInput(ColumnMeta c, String defineExpr) {
        Expr define = SqlParser.parseExpression(defineExpr);
        if (c.key() || c.aggregation() == null || !(define instanceof Expr.FunctionCall call) || call.over() != null) {
            return define;
        }
        String name = call.name().toLowerCase(Locale.ROOT);
        if (name.equals("count")) {
            Expr counted = call.args().isEmpty() || call.args().get(0) instanceof Expr.Star
                    ? new Expr.IntegerLiteral(BigInteger.ONE) : call.args().get(0);
            return new Expr.Case(null, List.of(new Expr.WhenClause(new Expr.IsNull(counted, false),
                    new Expr.IntegerLiteral(BigInteger.ZERO))), new Expr.IntegerLiteral(BigInteger.ONE));
        }
        if (c.aggregation() == AggregationType.SUM || c.aggregation() == AggregationType.MIN || c.aggregation() == AggregationType.MAX
                || c.aggregation() == AggregationType.BITMAP_UNION || c.aggregation() == AggregationType.HLL_UNION
                || c.aggregation() == AggregationType.GENERIC) {
            return call.args().get(0);
        }
        return define;
    }

    /** The names (lower case) of the table columns a rollup's columns and WHERE read. */
    public static java.util.Set<String> columnsRead(RollupMeta r) {
        java.util.Set<String> out = new java.util.HashSet<>();
        List<String> texts = new ArrayList<>(r.defineExprs());
        if (r.whereClause() != null) {
            texts.add(r.whereClause());
        }
        for (String text : texts) {
            collectColumns(SqlParser.parseExpression(text), out);
        }
        return out;
    }

    private static void collectColumns(Expr e, java.util.Set<String> out) {
        if (e instanceof Expr.Identifier id) {
            out.add(id.parts().get(id.parts().size() - 1).toLowerCase(Locale.ROOT));
        }
        io.cairndb.sql.tree.ExprTree.children(e).forEach(c -> collectColumns(c, out));
    }

    private static Query select(TableMeta t, RollupMeta r, List<QueryBody.SelectItem> items, QueryBody.GroupBy groupBy) {
        Relation from = new Relation.TableRef(QualifiedName.of(t.database(), t.name()), r.alias(), List.of(), false, null);
        Expr where = r.whereClause() == null ? null : SqlParser.parseExpression(r.whereClause());
        return Query.of(new QueryBody.QuerySpec(java.util.Map.of(), false, items, from, where, groupBy, null));
    }
}
