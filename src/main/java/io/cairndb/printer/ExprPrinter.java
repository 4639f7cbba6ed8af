package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.WindowSpec;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Expressions as DuckDB SQL with Doris semantics. Every compound expression is parenthesized, so
 * operator precedence never depends on DuckDB's grammar.
 */
final class ExprPrinter {
    /** The units of INTERVAL and of the date functions that take one. */
    static final Set<String> INTERVAL_UNITS =
            Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND");

    private final TypedNodes types;
    private final Function<Query, String> queries;

    /** {@code types} gives the bound types of nodes; {@code queries} prints the subqueries inside expressions. */
    ExprPrinter(TypedNodes types, Function<Query, String> queries) {
        this.types = types;
        this.queries = queries;
    }

    String print(Expr e) {
        if (e instanceof Expr.Identifier id) {
            return identifier(id);
        } else if (e instanceof Expr.NullLiteral) {
            return "NULL";
        } else if (e instanceof Expr.BooleanLiteral b) {
            return b.value() ? "TRUE" : "FALSE";
        } else if (e instanceof Expr.IntegerLiteral i) {
            return number(i.value().toString());
        } else if (e instanceof Expr.DecimalLiteral d) {
            return number(d.value().toPlainString());
        } else if (e instanceof Expr.DoubleLiteral d) {
            // A plain digit string would be a DECIMAL to DuckDB.
            return "CAST(" + SqlText.string(Double.toString(d.value())) + " AS DOUBLE)";
        } else if (e instanceof Expr.StringLiteral s) {
            return SqlText.string(s.value());
        } else if (e instanceof Expr.TypedLiteral t) {
            // A literal keeps the fraction it is written with, whatever precision its type name implies.
            String type = t.type().kind() == io.cairndb.catalog.TypeKind.DATETIME ? "TIMESTAMP" : DuckTypes.toDuckDb(t.type());
            return "CAST(" + SqlText.string(t.value()) + " AS " + type + ")";
        } else if (e instanceof Expr.Interval i) {
            return interval(print(i.value()), i.unit());
        } else if (e instanceof Expr.Parameter || e instanceof Expr.Variable) {
            throw new IllegalStateException(e.getClass().getSimpleName() + " is bound to its value before printing");
        } else if (e instanceof Expr.Star) {
            return "*";
        } else if (e instanceof Expr.FunctionCall f) {
            // Session functions are bound to their values too: their registry entries refuse to print.
            io.cairndb.catalog.DataType type = types.resultType(f);
            String call = FunctionRegistry.INSTANCE.map(f, this);
            return type == null ? call : "CAST(" + call + " AS " + DuckTypes.toDuckDb(type) + ")";
        } else if (e instanceof Expr.Unary u) {
            return unary(u);
        } else if (e instanceof Expr.Binary b) {
            return binary(b);
        } else if (e instanceof Expr.Between b) {
            return "(" + print(b.value()) + (b.negated() ? " NOT" : "") + " BETWEEN " + print(b.low())
                    + " AND " + print(b.high()) + ")";
        } else if (e instanceof Expr.InList in) {
            return "(" + print(in.value()) + (in.negated() ? " NOT IN (" : " IN (") + list(in.list()) + "))";
        } else if (e instanceof Expr.InSubquery in) {
            return "(" + print(in.value()) + (in.negated() ? " NOT IN (" : " IN (") + queries.apply(in.query()) + "))";
        } else if (e instanceof Expr.Exists ex) {
            return "(" + (ex.negated() ? "NOT " : "") + "EXISTS (" + queries.apply(ex.query()) + "))";
        } else if (e instanceof Expr.ScalarSubquery s) {
            return "(" + queries.apply(s.query()) + ")";
        } else if (e instanceof Expr.IsNull n) {
            return "(" + print(n.value()) + (n.negated() ? " IS NOT NULL)" : " IS NULL)");
        } else if (e instanceof Expr.Like like) {
            return like(like);
        } else if (e instanceof Expr.Case c) {
            return caseWhen(c);
        } else if (e instanceof Expr.Cast c) {
            return cast(print(c.value()), c.type());
        } else if (e instanceof Expr.ArrayConstructor a) {
            return "[" + list(a.elements()) + "]";
        } else if (e instanceof Expr.Subscript s) {
            return print(s.base()) + "[" + print(s.index()) + "]";
        } else if (e instanceof Expr.Lambda l) {
            return "(lambda " + SqlText.idents(l.params()) + ": " + print(l.body()) + ")";
        }
        throw new CairnException(ErrorCode.NOT_SUPPORTED,
                "Expression not supported here: " + e.getClass().getSimpleName());
    }

    String list(List<Expr> exprs) {
        return exprs.stream().map(this::print).collect(Collectors.joining(", "));
    }

    /** {@code expr ASC|DESC NULLS FIRST|LAST}; DEFAULT is MySQL's: NULLs are the smallest value. */
    String orderItem(OrderItem item) {
        boolean nullsFirst = switch (item.nulls()) {
            case FIRST -> true;
            case LAST -> false;
            case DEFAULT -> item.ascending();
        };
        return print(item.expr()) + (item.ascending() ? " ASC" : " DESC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }

    String orderBy(List<OrderItem> items) {
        return items.stream().map(this::orderItem).collect(Collectors.joining(", "));
    }

    /** {@code (PARTITION BY .. ORDER BY .. frame)}. */
    String window(WindowSpec w) {
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
        return "(" + String.join(" ", parts) + ")";
    }

    private String bound(WindowSpec.Bound b) {
        return switch (b.type()) {
            case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
            case PRECEDING -> print(b.offset()) + " PRECEDING";
            case CURRENT_ROW -> "CURRENT ROW";
            case FOLLOWING -> print(b.offset()) + " FOLLOWING";
            case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
        };
    }

    /** {@code INTERVAL (n) UNIT}; DuckDB truncates a fractional n. */
    static String interval(String valueSql, String unit) {
        if (!INTERVAL_UNITS.contains(unit)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Interval unit not supported: " + unit);
        }
        return "INTERVAL (" + valueSql + ") " + unit;
    }

    /**
     * A cast with Doris semantics: a value that does not convert becomes NULL instead of failing
     * the query, hence TRY_CAST (casts to strings cannot fail); a cast to an integer type drops the
     * fraction (12.9 gives 12) where DuckDB would round.
     */
    private static String cast(String valueSql, DataType type) {
        String target = DuckTypes.toDuckDb(type);
        if (type.kind().isInteger()) {
            return "TRY_CAST(cairn_int_part(" + valueSql + ") AS " + target + ")";
        }
        return (type.kind().isString() ? "CAST(" : "TRY_CAST(") + valueSql + " AS " + target + ")";
    }

    /**
     * A column reference. Tables are aliased by their own name in FROM, so a database-qualified
     * reference {@code db.t.c} resolves as {@code "t"."c"}.
     */
    private static String identifier(Expr.Identifier id) {
        List<String> parts = id.parts();
        return parts.subList(Math.max(0, parts.size() - 2), parts.size()).stream().map(SqlText::ident)
                .collect(Collectors.joining("."));
    }

    /** Negative literals are parenthesized so that a preceding minus never forms a comment. */
    private static String number(String digits) {
        return digits.startsWith("-") ? "(" + digits + ")" : digits;
    }

    private String unary(Expr.Unary u) {
        String operand = print(u.operand());
        return switch (u.op()) {
            case MINUS -> "(- " + operand + ")";
            case PLUS -> operand;
            case NOT -> "(NOT " + operand + ")";
            case BIT_NOT -> "(~ " + operand + ")";
        };
    }

    /** The Doris type the analyzer gave a call's result, or null when it left it to DuckDB. */
    io.cairndb.catalog.DataType resultType(Expr.FunctionCall f) {
        return types.resultType(f);
    }

    private String binary(Expr.Binary b) {
        if (b.right() instanceof Expr.Interval i && (b.op() == Expr.BinaryOp.ADD || b.op() == Expr.BinaryOp.SUBTRACT)) {
            return DateFunctions.plus(print(b.left()), print(i.value()), i.unit(), b.op() == Expr.BinaryOp.SUBTRACT);
        }
        if (b.left() instanceof Expr.Interval i && b.op() == Expr.BinaryOp.ADD) {
            return DateFunctions.plus(print(b.right()), print(i.value()), i.unit(), false);
        }
        String l = print(b.left());
        String r = print(b.right());
        io.cairndb.catalog.DataType widened = types.arithmeticType(b);
        if (widened != null) {
            String type = DuckTypes.toDuckDb(widened);
            return "(CAST(" + l + " AS " + type + ") " + b.op().symbol() + " CAST(" + r + " AS " + type + "))";
        }
        return switch (b.op()) {
            case DIVIDE -> "(" + l + " / " + nonZero(b.right(), r) + ")";
            // DuckDB's // is not integer division for DECIMAL and DOUBLE; the macro truncates all.
            case INT_DIVIDE -> "cairn_div(" + l + ", " + r + ")";
            case MOD -> "(" + l + " % " + nonZero(b.right(), r) + ")";
            // ^ is exponentiation in DuckDB.
            case BIT_XOR -> "xor(" + l + ", " + r + ")";
            case NULL_SAFE_EQ -> "(" + l + " IS NOT DISTINCT FROM " + r + ")";
            default -> "(" + l + " " + b.op().symbol() + " " + r + ")";
        };
    }

    /**
     * A divisor that yields NULL when zero, as division and modulo by zero do in Doris (DuckDB
     * gives infinity or NaN for floating point).
     */
    static String nonZero(Expr divisor, String sql) {
        boolean nonZeroLiteral = divisor instanceof Expr.IntegerLiteral i && i.value().signum() != 0
                || divisor instanceof Expr.DecimalLiteral d && d.value().signum() != 0;
        return nonZeroLiteral ? sql : "NULLIF(" + sql + ", 0)";
    }

    private String like(Expr.Like like) {
        String value = print(like.value());
        String pattern = print(like.pattern());
        if (like.kind() == Expr.LikeKind.REGEXP) {
            // REGEXP matches anywhere in the string, as regexp_matches does.
            String match = "regexp_matches(" + value + ", " + pattern + ")";
            return like.negated() ? "(NOT " + match + ")" : match;
        }
        String sql = "(" + value + (like.negated() ? " NOT LIKE " : " LIKE ") + pattern;
        if (like.escape() != null) {
            sql += " ESCAPE " + print(like.escape());
        } else if (!(like.pattern() instanceof Expr.StringLiteral s) || s.value().indexOf('\\') >= 0) {
            // MySQL escapes LIKE patterns with a backslash unless told otherwise; DuckDB has no default.
            sql += " ESCAPE '\\'";
        }
        return sql + ")";
    }

    private String caseWhen(Expr.Case c) {
        StringBuilder sb = new StringBuilder("CASE");
        if (c.operand() != null) {
            sb.append(' ').append(print(c.operand()));
        }
        for (Expr.WhenClause w : c.whens()) {
            sb.append(" WHEN ").append(print(w.condition())).append(" THEN ").append(print(w.result()));
        }
        if (c.elseValue() != null) {
            sb.append(" ELSE ").append(print(c.elseValue()));
        }
        return sb.append(" END").toString();
    }

    /** True for an integer literal at least {@code min}. */
    static boolean isIntAtLeast(Expr e, long min) {
        return e instanceof Expr.IntegerLiteral i && i.value().compareTo(BigInteger.valueOf(min)) >= 0;
    }
}
