package io.cairndb.plan;

import io.cairndb.catalog.DataType;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Prints scalar expressions as readable SQL, operators infix and fully parenthesized so that the
 * text is unambiguous. How a column and a subquery print is up to the caller (ids for EXPLAIN,
 * names for error texts, renumbered ids for signatures); {@code typed} appends the type of every
 * literal, call and CASE, for the canonical form where a type change must show.
 */
final class ExprText {
    private final Function<PlanColumn, String> columns;
    private final Function<ScalarExpr.Subquery, String> subqueries;
    private final boolean typed;

    ExprText(Function<PlanColumn, String> columns, Function<ScalarExpr.Subquery, String> subqueries, boolean typed) {
        this.columns = columns;
        this.subqueries = subqueries;
        this.typed = typed;
    }

    /** Columns by name, subqueries as a placeholder: the text Doris's messages show. */
    static ExprText byName() {
        return new ExprText(PlanColumn::name, s -> "(subquery)", false);
    }

    String column(PlanColumn c) {
        return columns.apply(c);
    }

    String expr(ScalarExpr e) {
        if (e instanceof ScalarExpr.ColumnRef r) {
            return column(r.column());
        }
        if (e instanceof ScalarExpr.Literal l) {
            return typed(literal(l), l.type());
        }
        if (e instanceof ScalarExpr.Interval i) {
            return "INTERVAL " + expr(i.value()) + " " + i.unit().toUpperCase(Locale.ROOT);
        }
        if (e instanceof ScalarExpr.Call c) {
            return typed(call(c), c.type());
        }
        if (e instanceof ScalarExpr.Cast c) {
            return "CAST(" + expr(c.value()) + " AS " + c.type().toSql() + ")";
        }
        if (e instanceof ScalarExpr.Case c) {
            return typed(caseText(c), c.type());
        }
        if (e instanceof ScalarExpr.Lambda l) {
            String params = l.params().stream().map(this::column).collect(Collectors.joining(", "));
            return (l.params().size() == 1 ? params : "(" + params + ")") + " -> " + expr(l.body());
        }
        ScalarExpr.Subquery s = (ScalarExpr.Subquery) e;
        String label = subqueries.apply(s);
        String not = s.negated() ? "NOT " : "";
        return switch (s.kind()) {
            case SCALAR -> label;
            case EXISTS -> not + "EXISTS " + label;
            case IN -> "(" + expr(s.operand()) + " " + not + "IN " + label + ")";
        };
    }

    String exprs(List<ScalarExpr> exprs) {
        return exprs.stream().map(this::expr).collect(Collectors.joining(", "));
    }

    String sortKey(PlanNode.SortKey k) {
        return expr(k.expr()) + (k.ascending() ? " ASC" : " DESC") + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
    }

    String sortKeys(List<PlanNode.SortKey> keys) {
        return keys.stream().map(this::sortKey).collect(Collectors.joining(", "));
    }

    String aggregate(PlanNode.AggregateCall c) {
        String args = c.args().isEmpty() && c.function().equalsIgnoreCase("count") ? "*" : exprs(c.args());
        String order = c.orderBy().isEmpty() ? "" : " ORDER BY " + sortKeys(c.orderBy());
        return c.function() + "(" + (c.distinct() ? "DISTINCT " : "") + args + order + ")";
    }

    String window(PlanNode.WindowCall c) {
        StringBuilder over = new StringBuilder();
        if (!c.partitionBy().isEmpty()) {
            over.append("PARTITION BY ").append(exprs(c.partitionBy()));
        }
        if (!c.orderBy().isEmpty()) {
            over.append(over.isEmpty() ? "" : " ").append("ORDER BY ").append(sortKeys(c.orderBy()));
        }
        if (c.frame() != null) {
            PlanNode.Frame f = c.frame();
            over.append(over.isEmpty() ? "" : " ").append(f.unit().name()).append(' ');
            over.append(f.end() == null ? bound(f.start()) : "BETWEEN " + bound(f.start()) + " AND " + bound(f.end()));
        }
        String args = c.args().isEmpty() && c.function().equalsIgnoreCase("count") ? "*" : exprs(c.args());
        return c.function() + "(" + (c.distinct() ? "DISTINCT " : "") + args + ") OVER (" + over + ")";
    }

    private String bound(PlanNode.FrameBound b) {
        return switch (b.kind()) {
            case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
            case PRECEDING -> expr(b.offset()) + " PRECEDING";
            case CURRENT_ROW -> "CURRENT ROW";
            case FOLLOWING -> expr(b.offset()) + " FOLLOWING";
            case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
        };
    }

    private String typed(String text, DataType type) {
        return typed ? text + "::" + type.toSql() : text;
    }

    private String call(ScalarExpr.Call c) {
        Operator op = Operator.of(c.function());
        List<ScalarExpr> a = c.args();
        int n = a.size();
        if (op == null) {
            return c.function() + "(" + exprs(a) + ")";
        }
        switch (op) {
            case NOT, NEGATIVE, BITNOT:
                if (n == 1) {
                    return "(" + op.symbol() + (op == Operator.NOT ? " " : "") + expr(a.get(0)) + ")";
                }
                break;
            case IS_NULL, IS_NOT_NULL:
                if (n == 1) {
                    return "(" + expr(a.get(0)) + " " + op.symbol() + ")";
                }
                break;
            case AND, OR:
                if (n >= 2) {
                    return "(" + a.stream().map(this::expr).collect(Collectors.joining(" " + op.symbol() + " ")) + ")";
                }
                break;
            case IN:
                if (n >= 1) {
                    return "(" + expr(a.get(0)) + " IN (" + exprs(a.subList(1, n)) + "))";
                }
                break;
            case BETWEEN:
                if (n == 3) {
                    return "(" + expr(a.get(0)) + " BETWEEN " + expr(a.get(1)) + " AND " + expr(a.get(2)) + ")";
                }
                break;
            case ARRAY:
                return "[" + exprs(a) + "]";
            case ELEMENT_AT:
                if (n == 2) {
                    return expr(a.get(0)) + "[" + expr(a.get(1)) + "]";
                }
                break;
            default:
                if (n == 2) {
                    return "(" + expr(a.get(0)) + " " + op.symbol() + " " + expr(a.get(1)) + ")";
                }
        }
        // An operator call of an unexpected arity prints as the function it is.
        return c.function() + "(" + exprs(a) + ")";
    }

    private String caseText(ScalarExpr.Case c) {
        StringBuilder out = new StringBuilder("CASE");
        if (c.operand() != null) {
            out.append(' ').append(expr(c.operand()));
        }
        for (ScalarExpr.When w : c.whens()) {
            out.append(" WHEN ").append(expr(w.condition())).append(" THEN ").append(expr(w.result()));
        }
        if (c.elseValue() != null) {
            out.append(" ELSE ").append(expr(c.elseValue()));
        }
        return out.append(" END").toString();
    }

    static String literal(ScalarExpr.Literal l) {
        Object v = l.value();
        if (v == null) {
            return "NULL";
        }
        if (v instanceof String s) {
            return quote(s);
        }
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return v.toString();
    }

    /** A string literal as Doris writes one; control characters escaped so that a plan line stays one line. */
    static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\'' -> out.append("\\'");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\0' -> out.append("\\0");
                default -> out.append(c);
            }
        }
        return out.append('\'').toString();
    }
}
