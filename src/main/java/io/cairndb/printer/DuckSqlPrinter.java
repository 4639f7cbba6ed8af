package io.cairndb.printer;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Prints queries of the Doris dialect as DuckDB SQL with Doris semantics. Identifiers are always
 * quoted; unaliased computed select items get a MySQL-like label (see {@link ColumnLabels}).
 * The printed SQL calls the macros of {@link DuckMacros}, which must be installed on the connection.
 */
public final class DuckSqlPrinter {
    private final RelationResolver resolver;
    private final ExprPrinter exprs;
    private final Deque<Set<String>> cteScopes = new ArrayDeque<>();

    public DuckSqlPrinter(RelationResolver resolver) {
        this.resolver = resolver;
        this.exprs = new ExprPrinter(resolver, this::print);
    }

    public String print(Query query) {
        StringBuilder sb = new StringBuilder();
        // CTE names shadow tables for the rest of this query, so they never reach the resolver.
        Set<String> ctes = new HashSet<>();
        cteScopes.push(ctes);
        try {
            if (!query.with().isEmpty()) {
                List<String> defs = new ArrayList<>();
                for (Query.WithQuery w : query.with()) {
                    defs.add(withQuery(w));
                    ctes.add(w.name().toLowerCase(Locale.ROOT));
                }
                sb.append("WITH ").append(String.join(", ", defs)).append(' ');
            }
            sb.append(body(query.body()));
        } finally {
            cteScopes.pop();
        }
        if (!query.orderBy().isEmpty()) {
            sb.append(" ORDER BY ").append(exprs.orderBy(query.orderBy()));
        }
        if (query.limit() != null) {
            sb.append(" LIMIT ").append(query.limit().count());
            if (query.limit().offset() > 0) {
                sb.append(" OFFSET ").append(query.limit().offset());
            }
        }
        return sb.toString();
    }

    public String printExpr(Expr expr) {
        return exprs.print(expr);
    }

    /** Hidden columns (changelog, stream) of the tables a {@code *} expands over: they are never part of it. */
    private void collectHidden(Relation relation, String qualifier, List<String> out) {
        if (relation instanceof Relation.TableRef ref && !isCte(ref)) {
            String alias = ref.alias() != null ? ref.alias() : ref.name().name();
            if (qualifier == null || qualifier.equalsIgnoreCase(alias)) {
                for (String h : resolver.hiddenColumns(ref)) {
                    if (!out.contains(h)) {
                        out.add(h);
                    }
                }
            }
        } else if (relation instanceof Relation.Join join) {
            collectHidden(join.left(), qualifier, out);
            collectHidden(join.right(), qualifier, out);
        } else if (relation instanceof Relation.LateralView lv) {
            collectHidden(lv.source(), qualifier, out);
        }
    }

    private boolean isCte(Relation.TableRef ref) {
        if (ref.name().parts().size() != 1 || ref.incr() != null || !ref.partitions().isEmpty()) {
            return false;
        }
        String name = ref.name().name().toLowerCase(Locale.ROOT);
        return cteScopes.stream().anyMatch(scope -> scope.contains(name));
    }

    private String withQuery(Query.WithQuery w) {
        String columns = w.columns().isEmpty() ? "" : "(" + SqlText.idents(w.columns()) + ")";
        return SqlText.ident(w.name()) + columns + " AS (" + print(w.query()) + ")";
    }

    private String body(QueryBody body) {
        if (body instanceof QueryBody.QuerySpec spec) {
            return querySpec(spec);
        } else if (body instanceof QueryBody.SetOperation op) {
            return setOperand(op.left()) + " " + op.type().name() + (op.all() ? " ALL " : " ") + setOperand(op.right());
        } else if (body instanceof QueryBody.Values values) {
            return "VALUES " + values.rows().stream().map(row -> "(" + exprs.list(row) + ")")
                    .collect(Collectors.joining(", "));
        }
        return "(" + print(((QueryBody.Nested) body).query()) + ")";
    }

    /** Nested set operations are parenthesized: precedence of INTERSECT over UNION is then moot. */
    private String setOperand(QueryBody operand) {
        return operand instanceof QueryBody.SetOperation ? "(" + body(operand) + ")" : body(operand);
    }

    private String querySpec(QueryBody.QuerySpec spec) {
        StringBuilder sb = new StringBuilder("SELECT ");
        if (spec.distinct()) {
            sb.append("DISTINCT ");
        }
        sb.append(spec.select().stream().map(item -> selectItem(item, spec.from())).collect(Collectors.joining(", ")));
        if (spec.from() != null) {
            sb.append(" FROM ").append(relation(spec.from()));
        }
        if (spec.where() != null) {
            sb.append(" WHERE ").append(exprs.print(spec.where()));
        }
        if (spec.groupBy() != null) {
            sb.append(" GROUP BY ").append(spec.groupBy().elements().stream().map(this::groupingElement)
                    .collect(Collectors.joining(", ")));
        }
        if (spec.having() != null) {
            sb.append(" HAVING ").append(exprs.print(spec.having()));
        }
        return sb.toString();
    }

    private String selectItem(QueryBody.SelectItem item, Relation from) {
        if (item instanceof QueryBody.AllColumns all) {
            String star = all.qualifier() == null ? "*" : SqlText.ident(all.qualifier().name()) + ".*";
            List<String> hidden = new ArrayList<>();
            collectHidden(from, all.qualifier() == null ? null : all.qualifier().name(), hidden);
            return hidden.isEmpty() ? star : star + " EXCLUDE (" + SqlText.idents(hidden) + ")";
        }
        QueryBody.SingleColumn column = (QueryBody.SingleColumn) item;
        String sql = exprs.print(column.expr());
        if (column.alias() != null) {
            return sql + " AS " + SqlText.ident(column.alias());
        }
        // A plain column keeps its own name; anything else is labelled as the user wrote it.
        return column.expr() instanceof Expr.Identifier ? sql : sql + " AS " + SqlText.ident(ColumnLabels.of(column.expr()));
    }

    private String groupingElement(QueryBody.GroupingElement element) {
        if (element instanceof QueryBody.SimpleGroupBy simple) {
            return exprs.list(simple.exprs());
        } else if (element instanceof QueryBody.GroupingSets sets) {
            return "GROUPING SETS (" + sets.sets().stream().map(set -> "(" + exprs.list(set) + ")")
                    .collect(Collectors.joining(", ")) + ")";
        } else if (element instanceof QueryBody.Rollup rollup) {
            return "ROLLUP (" + exprs.list(rollup.exprs()) + ")";
        }
        return "CUBE (" + exprs.list(((QueryBody.Cube) element).exprs()) + ")";
    }

    private String relation(Relation relation) {
        if (relation instanceof Relation.TableRef ref) {
            String alias = ref.alias() != null ? ref.alias() : ref.name().name();
            String source = isCte(ref) ? SqlText.ident(ref.name().name()) : resolver.table(ref);
            return source + " AS " + SqlText.ident(alias);
        } else if (relation instanceof Relation.TableFunction fn) {
            return resolver.tableFunction(fn) + " AS " + alias(fn.alias() != null ? fn.alias() : fn.name(), fn.columnAliases());
        } else if (relation instanceof Relation.SubqueryRelation sub) {
            String sql = "(" + print(sub.query()) + ")";
            return sub.alias() == null ? sql : sql + " AS " + alias(sub.alias(), sub.columnAliases());
        } else if (relation instanceof Relation.Join join) {
            return join(join);
        }
        Relation.LateralView view = (Relation.LateralView) relation;
        String generator = "LATERAL (" + Generators.select(view, exprs) + ") AS " + SqlText.ident(view.alias());
        return relation(view.source()) + (Generators.keepsEmpty(view)
                ? " LEFT JOIN " + generator + " ON TRUE"
                : " CROSS JOIN " + generator);
    }

    private static String alias(String name, List<String> columns) {
        return SqlText.ident(name) + (columns.isEmpty() ? "" : "(" + SqlText.idents(columns) + ")");
    }

    private String join(Relation.Join join) {
        Relation left = join.left();
        Relation right = join.right();
        String keyword = switch (join.type()) {
            case INNER, CROSS -> join.on() == null && join.using().isEmpty() ? "CROSS JOIN" : "JOIN";
            case LEFT -> "LEFT JOIN";
            case RIGHT -> "RIGHT JOIN";
            case FULL -> "FULL JOIN";
            case LEFT_SEMI, RIGHT_SEMI -> "SEMI JOIN";
            case LEFT_ANTI, RIGHT_ANTI -> "ANTI JOIN";
        };
        if (join.type() == Relation.JoinType.RIGHT_SEMI || join.type() == Relation.JoinType.RIGHT_ANTI) {
            // DuckDB's semi and anti joins keep the left side: swap to keep Doris's right side.
            left = join.right();
            right = join.left();
        }
        StringBuilder sb = new StringBuilder(relation(left)).append(' ').append(keyword).append(' ');
        boolean nested = right instanceof Relation.Join || right instanceof Relation.LateralView;
        sb.append(nested ? "(" + relation(right) + ")" : relation(right));
        if (!join.using().isEmpty()) {
            sb.append(" USING (").append(SqlText.idents(join.using())).append(')');
        } else if (join.on() != null) {
            sb.append(" ON ").append(exprs.print(join.on()));
        } else if (!keyword.equals("CROSS JOIN")) {
            // An outer, semi or anti join without a condition matches every pair, as in Doris.
            sb.append(" ON TRUE");
        }
        return sb.toString();
    }
}
