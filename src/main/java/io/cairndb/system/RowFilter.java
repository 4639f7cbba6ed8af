package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.Sql;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** LIKE, WHERE, ORDER BY and LIMIT over the rows of a SHOW command. */
public final class RowFilter {
    private RowFilter() {
    }

    /** Keeps rows whose {@code column} matches a SQL LIKE pattern, case-insensitively as MySQL does. */
    public static List<List<Object>> like(List<List<Object>> rows, int column, String pattern) {
        if (pattern == null) {
            return rows;
        }
        Pattern p = likePattern(pattern);
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> r : rows) {
            Object v = r.get(column);
            if (v != null && p.matcher(v.toString()).matches()) {
                out.add(r);
            }
        }
        return out;
    }

    static Pattern likePattern(String like) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char ch = like.charAt(i);
            if (ch == '\\' && i + 1 < like.length()) {
                re.append(Pattern.quote(String.valueOf(like.charAt(++i))));
            } else if (ch == '%') {
                re.append(".*");
            } else if (ch == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    }

    /** Applies WHERE / ORDER BY / LIMIT by running them in DuckDB over the rows as a VALUES list. */
    public static List<List<Object>> query(StatementContext ctx, List<ResultColumn> columns, List<List<Object>> rows, Expr where,
                                    List<OrderItem> orderBy, Query.Limit limit) {
        if (where == null && orderBy.isEmpty() && limit == null) {
            return rows;
        }
        if (rows.isEmpty()) {
            return rows;
        }
        List<List<Expr>> values = new ArrayList<>();
        for (List<Object> r : rows) {
            values.add(r.stream().map(RowFilter::literal).toList());
        }
        List<String> names = columns.stream().map(ResultColumn::name).toList();
        Relation shown = new Relation.SubqueryRelation(Query.of(new QueryBody.Values(values)), "s", names);
        Query query = new Query(List.of(), new QueryBody.QuerySpec(Map.of(), false, List.of(new QueryBody.AllColumns(null)),
                shown, where, null, null), orderBy, limit);
        String sql = ctx.translator().translate(query);
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> r : Sql.rows(ctx.txn().connection(), sql)) {
            out.add(r);
        }
        return out;
    }

    private static Expr literal(Object v) {
        if (v == null) {
            return new Expr.NullLiteral();
        }
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            return new Expr.IntegerLiteral(BigInteger.valueOf(((Number) v).longValue()));
        }
        if (v instanceof BigInteger i) {
            return new Expr.IntegerLiteral(i);
        }
        if (v instanceof Double || v instanceof Float) {
            return new Expr.DoubleLiteral(((Number) v).doubleValue());
        }
        if (v instanceof Boolean b) {
            return new Expr.BooleanLiteral(b);
        }
        return new Expr.StringLiteral(v.toString());
    }
}
