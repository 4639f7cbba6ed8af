package io.cairndb.printer;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.WindowSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The column label of an unaliased select expression: the expression rendered close to how the
 * user wrote it, as MySQL and Doris label columns ({@code count(*)}, {@code sum(a)}, {@code a + 1}).
 * Function names are lower-case, keywords upper-case, literals as written; parentheses appear
 * only where precedence needs them. Subqueries are abbreviated to {@code (subquery)}.
 */
public final class ColumnLabels {
    private ColumnLabels() {
    }

    public static String of(Expr e) {
        if (e instanceof Expr.Identifier id) {
            return String.join(".", id.parts());
        } else if (e instanceof Expr.NullLiteral) {
            return "NULL";
        } else if (e instanceof Expr.BooleanLiteral b) {
            return b.value() ? "TRUE" : "FALSE";
        } else if (e instanceof Expr.IntegerLiteral i) {
            return i.value().toString();
        } else if (e instanceof Expr.DecimalLiteral d) {
            return d.value().toPlainString();
        } else if (e instanceof Expr.DoubleLiteral d) {
            return Double.toString(d.value());
        } else if (e instanceof Expr.StringLiteral s) {
            return SqlText.string(s.value());
        } else if (e instanceof Expr.TypedLiteral t) {
            return t.type().kind().name() + " " + SqlText.string(t.value());
        } else if (e instanceof Expr.Interval i) {
            return "INTERVAL " + of(i.value()) + " " + i.unit();
        } else if (e instanceof Expr.Parameter) {
            return "?";
        } else if (e instanceof Expr.Variable v) {
            return (v.system() ? "@@" + (v.scope() == null ? "" : v.scope().toLowerCase(Locale.ROOT) + ".") : "@") + v.name();
        } else if (e instanceof Expr.Star) {
            return "*";
        } else if (e instanceof Expr.FunctionCall f) {
            return function(f);
        } else if (e instanceof Expr.Unary u) {
            String operand = operand(u.operand(), Precedence.UNARY, false);
            return switch (u.op()) {
                case MINUS -> "-" + operand;
                case PLUS -> "+" + operand;
                case NOT -> "NOT " + operand(u.operand(), Precedence.NOT, false);
                case BIT_NOT -> "~" + operand;
            };
        } else if (e instanceof Expr.Binary b) {
            Precedence p = Precedence.of(b);
            return operand(b.left(), p, false) + " " + b.op().symbol() + " " + operand(b.right(), p, true);
        } else if (e instanceof Expr.Between b) {
            return operand(b.value(), Precedence.COMPARISON, false) + (b.negated() ? " NOT" : "") + " BETWEEN "
                    + operand(b.low(), Precedence.COMPARISON, true) + " AND " + operand(b.high(), Precedence.COMPARISON, true);
        } else if (e instanceof Expr.InList in) {
            return operand(in.value(), Precedence.COMPARISON, false) + (in.negated() ? " NOT IN (" : " IN (")
                    + list(in.list()) + ")";
        } else if (e instanceof Expr.InSubquery in) {
            return operand(in.value(), Precedence.COMPARISON, false) + (in.negated() ? " NOT IN " : " IN ") + "(subquery)";
        } else if (e instanceof Expr.Exists ex) {
            return (ex.negated() ? "NOT " : "") + "EXISTS (subquery)";
        } else if (e instanceof Expr.ScalarSubquery) {
            return "(subquery)";
        } else if (e instanceof Expr.IsNull n) {
            return operand(n.value(), Precedence.COMPARISON, false) + (n.negated() ? " IS NOT NULL" : " IS NULL");
        } else if (e instanceof Expr.Like l) {
            String op = (l.negated() ? " NOT " : " ") + l.kind().name() + " ";
            return operand(l.value(), Precedence.COMPARISON, false) + op + operand(l.pattern(), Precedence.COMPARISON, true)
                    + (l.escape() == null ? "" : " ESCAPE " + of(l.escape()));
        } else if (e instanceof Expr.Case c) {
            StringBuilder sb = new StringBuilder("CASE");
            if (c.operand() != null) {
                sb.append(' ').append(of(c.operand()));
            }
            c.whens().forEach(w -> sb.append(" WHEN ").append(of(w.condition())).append(" THEN ").append(of(w.result())));
            if (c.elseValue() != null) {
                sb.append(" ELSE ").append(of(c.elseValue()));
            }
            return sb.append(" END").toString();
        } else if (e instanceof Expr.Cast c) {
            return "CAST(" + of(c.value()) + " AS " + c.type().toSql() + ")";
        } else if (e instanceof Expr.ArrayConstructor a) {
            return "[" + list(a.elements()) + "]";
        } else if (e instanceof Expr.Subscript s) {
            return operand(s.base(), Precedence.UNARY, false) + "[" + of(s.index()) + "]";
        } else if (e instanceof Expr.Lambda l) {
            String params = l.params().size() == 1 ? l.params().get(0) : "(" + String.join(", ", l.params()) + ")";
            return params + " -> " + of(l.body());
        }
        return e.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }

    /** Binding strength, weakest first, as in MySQL. */
    private enum Precedence {
        OR, AND, NOT, COMPARISON, BIT_OR, BIT_AND, ADDITIVE, MULTIPLICATIVE, BIT_XOR, UNARY, ATOM;

        static Precedence of(Expr e) {
            if (e instanceof Expr.Binary b) {
                return switch (b.op()) {
                    case OR -> OR;
                    case AND -> AND;
                    case EQ, NE, LT, LE, GT, GE, NULL_SAFE_EQ -> COMPARISON;
                    case BIT_OR -> BIT_OR;
                    case BIT_AND -> BIT_AND;
                    case ADD, SUBTRACT -> ADDITIVE;
                    case MULTIPLY, DIVIDE, INT_DIVIDE, MOD -> MULTIPLICATIVE;
                    case BIT_XOR -> BIT_XOR;
                };
            }
            if (e instanceof Expr.Unary u) {
                return u.op() == Expr.UnaryOp.NOT ? NOT : UNARY;
            }
            boolean predicate = e instanceof Expr.Between || e instanceof Expr.InList || e instanceof Expr.InSubquery
                    || e instanceof Expr.IsNull || e instanceof Expr.Like;
            return predicate ? COMPARISON : ATOM;
        }
    }

    /** An operand, parenthesized when it binds more weakly than its parent (or equally, on the right). */
    private static String operand(Expr e, Precedence parent, boolean right) {
        Precedence own = Precedence.of(e);
        int cmp = own.compareTo(parent);
        return cmp < 0 || (cmp == 0 && right) ? "(" + of(e) + ")" : of(e);
    }

    private static String list(List<Expr> exprs) {
        return exprs.stream().map(ColumnLabels::of).collect(Collectors.joining(", "));
    }

    private static String function(Expr.FunctionCall f) {
        StringBuilder sb = new StringBuilder(f.name().toLowerCase(Locale.ROOT)).append('(');
        if (f.distinct()) {
            sb.append("DISTINCT ");
        }
        sb.append(list(f.args()));
        if (!f.orderBy().isEmpty()) {
            sb.append(" ORDER BY ").append(orderBy(f.orderBy()));
        }
        if (f.separator() != null) {
            sb.append(" SEPARATOR ").append(of(f.separator()));
        }
        sb.append(')');
        if (f.over() != null) {
            sb.append(" OVER (").append(window(f.over())).append(')');
        }
        return sb.toString();
    }

    private static String orderBy(List<OrderItem> items) {
        return items.stream().map(i -> of(i.expr()) + (i.ascending() ? "" : " DESC")
                + (i.nulls() == OrderItem.NullOrdering.DEFAULT ? "" : " NULLS " + i.nulls().name()))
                .collect(Collectors.joining(", "));
    }

    private static String window(WindowSpec w) {
        List<String> parts = new ArrayList<>();
        if (!w.partitionBy().isEmpty()) {
            parts.add("PARTITION BY " + list(w.partitionBy()));
        }
        if (!w.orderBy().isEmpty()) {
            parts.add("ORDER BY " + orderBy(w.orderBy()));
        }
        if (w.frame() != null) {
            WindowSpec.Frame f = w.frame();
            parts.add(f.unit().name() + (f.end() == null ? " " + bound(f.start())
                    : " BETWEEN " + bound(f.start()) + " AND " + bound(f.end())));
        }
        return String.join(" ", parts);
    }

    private static String bound(WindowSpec.Bound b) {
        String type = b.type().name().replace('_', ' ');
        return b.offset() == null ? type : of(b.offset()) + " " + type;
    }
}
