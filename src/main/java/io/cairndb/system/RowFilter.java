package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.Sql;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** LIKE, WHERE, ORDER BY and LIMIT over the rows of a SHOW command. */
final class RowFilter {
    private RowFilter() {
    }

    /** Keeps rows whose {@code column} matches a SQL LIKE pattern, case-insensitively as MySQL does. */
    static List<List<Object>> like(List<List<Object>> rows, int column, String pattern) {
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
    static List<List<Object>> query(StatementContext ctx, List<ResultColumn> columns, List<List<Object>> rows, Expr where,
                                    List<OrderItem> orderBy, Query.Limit limit) {
        if (where == null && orderBy.isEmpty() && limit == null) {
            return rows;
        }
        if (rows.isEmpty()) {
            return rows;
        }
        List<String> tuples = new ArrayList<>();
        for (List<Object> r : rows) {
            List<String> lits = new ArrayList<>();
            for (Object v : r) {
                lits.add(literal(v));
            }
            tuples.add("(" + String.join(", ", lits) + ")");
        }
        List<String> names = columns.stream().map(c -> Sql.ident(c.name())).toList();
        StringBuilder sql = new StringBuilder("SELECT * FROM (VALUES ").append(String.join(", ", tuples))
                .append(") AS ").append(Sql.ident("s")).append("(").append(String.join(", ", names)).append(")");
        var tr = ctx.translator();
        if (where != null) {
            sql.append(" WHERE ").append(tr.translate(where));
        }
        if (!orderBy.isEmpty()) {
            List<String> keys = new ArrayList<>();
            for (OrderItem o : orderBy) {
                keys.add(tr.translate(o.expr()) + (o.ascending() ? " ASC" : " DESC"));
            }
            sql.append(" ORDER BY ").append(String.join(", ", keys));
        }
        if (limit != null) {
            sql.append(" LIMIT ").append(limit.count()).append(" OFFSET ").append(limit.offset());
        }
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> r : Sql.rows(ctx.txn().connection(), sql.toString())) {
            out.add(r);
        }
        return out;
    }

    private static String literal(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Number n && !(v instanceof BigDecimal)) {
            return n.toString();
        }
        if (v instanceof Boolean b) {
            return b.toString().toUpperCase(Locale.ROOT);
        }
        return Sql.literal(v.toString());
    }
}
