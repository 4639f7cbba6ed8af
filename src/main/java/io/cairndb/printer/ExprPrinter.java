package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Bound expressions as DuckDB SQL with Doris semantics. Column references are the plan printer's
 * column names; integer arithmetic is computed in the Doris type of its result; every compound
 * expression is parenthesized, so operator precedence never depends on DuckDB's grammar.
 */
final class ExprPrinter {
    /** The units of INTERVAL and of the date functions that take one. */
    static final Set<String> INTERVAL_UNITS =
            Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND");

    private final Function<PlanNode, String> queries;
    private final Function<PlanColumn, String> columns;

    /**
     * {@code queries} prints the plans of the subqueries inside expressions, {@code columns} the SQL a
     * column reference reads.
     */
    ExprPrinter(Function<PlanNode, String> queries, Function<PlanColumn, String> columns) {
        this.queries = queries;
        this.columns = columns;
    }

    static String columnName(int id) {
        return "#" + id;
    }

    static String columnName(PlanColumn c) {
        return SqlText.ident(columnName(c.id()));
    }

    String print(ScalarExpr e) {
        if (e instanceof ScalarExpr.ColumnRef c) {
            return columns.apply(c.column());
        } else if (e instanceof ScalarExpr.Literal l) {
            return literal(l);
        } else if (e instanceof ScalarExpr.Interval i) {
            return interval(print(i.value()), i.unit());
        } else if (e instanceof ScalarExpr.Call c) {
            Operator op = Operator.of(c.function());
            // Session functions are bound to their values: their registry entries refuse to print.
            return op == null ? FunctionRegistry.INSTANCE.map(new Call(c.function(), c.args(), false, List.of(), null, null, this))
                    : operator(op, c);
        } else if (e instanceof ScalarExpr.Cast c) {
            return cast(print(c.value()), c.type());
        } else if (e instanceof ScalarExpr.Case c) {
            return caseWhen(c);
        } else if (e instanceof ScalarExpr.Subquery s) {
            return switch (s.kind()) {
                case SCALAR -> "(" + queries.apply(s.plan()) + ")";
                case EXISTS -> "(" + (s.negated() ? "NOT " : "") + "EXISTS (" + queries.apply(s.plan()) + "))";
                case IN -> "(" + print(s.operand()) + (s.negated() ? " NOT IN (" : " IN (") + queries.apply(s.plan()) + "))";
            };
        }
        ScalarExpr.Lambda l = (ScalarExpr.Lambda) e;
        return "(lambda " + l.params().stream().map(ExprPrinter::columnName).collect(Collectors.joining(", ")) + ": "
                + print(l.body()) + ")";
    }

    String list(List<ScalarExpr> exprs) {
        return exprs.stream().map(this::print).collect(Collectors.joining(", "));
    }

    /**
     * An aggregate or window call computing a value of {@code type}: the Doris type, which the SUM of
     * integers and the AVG of decimals are cast to (DuckDB's own would differ). {@code window} is null
     * for a plain aggregate, {@code orderBy} empty for a window call.
     */
    String call(String function, boolean distinct, List<ScalarExpr> args, List<PlanNode.SortKey> orderBy, PlanNode.WindowCall window,
                DataType type) {
        boolean integerSum = function.equals("sum") && args.size() == 1 && args.get(0).type().kind().isInteger();
        boolean decimalAvg = function.equals("avg") && args.size() == 1 && args.get(0).type().kind() == TypeKind.DECIMAL;
        DataType resultType = integerSum || decimalAvg ? type : null;
        String call = FunctionRegistry.INSTANCE.map(new Call(function, args, distinct, orderBy, window, resultType, this));
        return resultType == null ? call : "CAST(" + call + " AS " + DuckTypes.toDuckDb(resultType) + ")";
    }

    /** {@code expr ASC|DESC NULLS FIRST|LAST}. */
    String orderBy(List<PlanNode.SortKey> keys) {
        return keys.stream().map(k -> print(k.expr()) + (k.ascending() ? " ASC" : " DESC") + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"))
                .collect(Collectors.joining(", "));
    }

    /** {@code (PARTITION BY .. ORDER BY .. frame)} of a window call. */
    String window(PlanNode.WindowCall w) {
        List<String> parts = new ArrayList<>();
        if (!w.partitionBy().isEmpty()) {
            parts.add("PARTITION BY " + list(w.partitionBy()));
        }
        if (!w.orderBy().isEmpty()) {
            parts.add("ORDER BY " + orderBy(w.orderBy()));
        }
        if (w.frame() != null) {
            PlanNode.Frame f = w.frame();
            parts.add(f.unit().name() + (f.end() == null ? " " + bound(f.start())
                    : " BETWEEN " + bound(f.start()) + " AND " + bound(f.end())));
        }
        return "(" + String.join(" ", parts) + ")";
    }

    private String bound(PlanNode.FrameBound b) {
        return switch (b.kind()) {
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

    /** The text of a string literal, or null for any other expression. */
    static String text(ScalarExpr e) {
        return e instanceof ScalarExpr.Literal l && l.value() instanceof String s && !l.type().kind().isTemporal() ? s : null;
    }

    /** The value of an integer literal, or null for any other expression. */
    static BigInteger integer(ScalarExpr e) {
        return e instanceof ScalarExpr.Literal l && l.value() instanceof BigInteger i ? i : null;
    }

    /** True for an integer literal at least {@code min}. */
    static boolean isIntAtLeast(ScalarExpr e, long min) {
        BigInteger i = integer(e);
        return i != null && i.compareTo(BigInteger.valueOf(min)) >= 0;
    }

    /**
     * A divisor that yields NULL when zero, as division and modulo by zero do in Doris (DuckDB
     * gives infinity or NaN for floating point).
     */
    static String nonZero(ScalarExpr divisor, String sql) {
        BigInteger i = integer(divisor);
        boolean nonZeroLiteral = i != null && i.signum() != 0
                || divisor instanceof ScalarExpr.Literal l && l.value() instanceof BigDecimal d && d.signum() != 0;
        return nonZeroLiteral ? sql : "NULLIF(" + sql + ", 0)";
    }

    private static String literal(ScalarExpr.Literal l) {
        Object v = l.value();
        if (v == null) {
            return "NULL";
        } else if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        } else if (v instanceof BigInteger i) {
            return number(i.toString());
        } else if (v instanceof BigDecimal d) {
            return number(d.toPlainString());
        } else if (v instanceof Double d) {
            // A plain digit string would be a DECIMAL to DuckDB.
            return "CAST(" + SqlText.string(Double.toString(d)) + " AS DOUBLE)";
        }
        TypeKind kind = l.type().kind();
        if (kind == TypeKind.DATE || kind == TypeKind.DATETIME) {
            // A literal keeps the fraction it is written with, whatever precision its type name implies.
            return "CAST(" + SqlText.string(v.toString()) + " AS " + (kind == TypeKind.DATETIME ? "TIMESTAMP" : DuckTypes.toDuckDb(l.type())) + ")";
        }
        return SqlText.string(v.toString());
    }

    /** Negative literals are parenthesized so that a preceding minus never forms a comment. */
    private static String number(String digits) {
        return digits.startsWith("-") ? "(" + digits + ")" : digits;
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

    private String operator(Operator op, ScalarExpr.Call c) {
        List<ScalarExpr> a = c.args();
        return switch (op) {
            case ADD, SUBTRACT, MULTIPLY -> arithmetic(op, c);
            case DIVIDE -> "(" + print(a.get(0)) + " / " + nonZero(a.get(1), print(a.get(1))) + ")";
            // DuckDB's // is not integer division for DECIMAL and DOUBLE; the macro truncates all.
            case INT_DIVIDE -> "cairn_div(" + print(a.get(0)) + ", " + print(a.get(1)) + ")";
            case MOD -> "(" + print(a.get(0)) + " % " + nonZero(a.get(1), print(a.get(1))) + ")";
            // ^ is exponentiation in DuckDB.
            case BITXOR -> "xor(" + print(a.get(0)) + ", " + print(a.get(1)) + ")";
            case EQ_FOR_NULL -> "(" + print(a.get(0)) + " IS NOT DISTINCT FROM " + print(a.get(1)) + ")";
            case BITAND, BITOR, EQ, NE, LT, LE, GT, GE -> "(" + print(a.get(0)) + " " + op.symbol() + " " + print(a.get(1)) + ")";
            // Normalized plans (rewrite, matching) flatten AND and OR chains into one call of many arguments.
            case AND, OR -> "(" + a.stream().map(this::print).collect(Collectors.joining(" " + op.symbol() + " ")) + ")";
            case NEGATIVE -> "(- " + print(a.get(0)) + ")";
            case BITNOT -> "(~ " + print(a.get(0)) + ")";
            case NOT -> not(a.get(0));
            case IS_NULL -> "(" + print(a.get(0)) + " IS NULL)";
            case IS_NOT_NULL -> "(" + print(a.get(0)) + " IS NOT NULL)";
            case LIKE, REGEXP -> like(op, a, false);
            case IN -> in(a, false);
            case BETWEEN -> between(a, false);
            case ARRAY -> "[" + list(a) + "]";
            case ELEMENT_AT -> print(a.get(0)) + "[" + print(a.get(1)) + "]";
        };
    }

    /** NOT over a predicate that has a negated spelling keeps that spelling. */
    private String not(ScalarExpr operand) {
        Operator inner = operand instanceof ScalarExpr.Call c ? Operator.of(c.function()) : null;
        if (inner != null) {
            List<ScalarExpr> a = ((ScalarExpr.Call) operand).args();
            switch (inner) {
                case LIKE, REGEXP:
                    return like(inner, a, true);
                case IN:
                    return in(a, true);
                case BETWEEN:
                    return between(a, true);
                default:
                    break;
            }
        }
        return "(NOT " + print(operand) + ")";
    }

    private String in(List<ScalarExpr> a, boolean negated) {
        return "(" + print(a.get(0)) + (negated ? " NOT IN (" : " IN (") + list(a.subList(1, a.size())) + "))";
    }

    private String between(List<ScalarExpr> a, boolean negated) {
        return "(" + print(a.get(0)) + (negated ? " NOT" : "") + " BETWEEN " + print(a.get(1)) + " AND " + print(a.get(2)) + ")";
    }

    /**
     * Date arithmetic with an INTERVAL operand, or integer {@code +}, {@code -} and {@code *}
     * computed in the Doris type of the call, one step wider than the operands.
     */
    private String arithmetic(Operator op, ScalarExpr.Call c) {
        ScalarExpr left = c.args().get(0);
        ScalarExpr right = c.args().get(1);
        if (right instanceof ScalarExpr.Interval i && op != Operator.MULTIPLY) {
            return DateFunctions.plus(print(left), print(i.value()), i.unit(), op == Operator.SUBTRACT);
        }
        if (left instanceof ScalarExpr.Interval i && op == Operator.ADD) {
            return DateFunctions.plus(print(right), print(i.value()), i.unit(), false);
        }
        String l = print(left);
        String r = print(right);
        if (left.type().kind().isInteger() && right.type().kind().isInteger() && c.type().kind().isInteger()) {
            String type = DuckTypes.toDuckDb(c.type());
            return "(CAST(" + l + " AS " + type + ") " + op.symbol() + " CAST(" + r + " AS " + type + "))";
        }
        return "(" + l + " " + op.symbol() + " " + r + ")";
    }

    private String like(Operator op, List<ScalarExpr> a, boolean negated) {
        String value = print(a.get(0));
        String pattern = print(a.get(1));
        if (op == Operator.REGEXP) {
            // REGEXP matches anywhere in the string, as regexp_matches does.
            String match = "regexp_matches(" + value + ", " + pattern + ")";
            return negated ? "(NOT " + match + ")" : match;
        }
        String sql = "(" + value + (negated ? " NOT LIKE " : " LIKE ") + pattern;
        String text = text(a.get(1));
        if (a.size() > 2) {
            sql += " ESCAPE " + print(a.get(2));
        } else if (text == null || text.indexOf('\\') >= 0) {
            // MySQL escapes LIKE patterns with a backslash unless told otherwise; DuckDB has no default.
            sql += " ESCAPE '\\'";
        }
        return sql + ")";
    }

    private String caseWhen(ScalarExpr.Case c) {
        StringBuilder sb = new StringBuilder("CASE");
        if (c.operand() != null) {
            sb.append(' ').append(print(c.operand()));
        }
        for (ScalarExpr.When w : c.whens()) {
            sb.append(" WHEN ").append(print(w.condition())).append(" THEN ").append(print(w.result()));
        }
        if (c.elseValue() != null) {
            sb.append(" ELSE ").append(print(c.elseValue()));
        }
        return sb.append(" END").toString();
    }
}
