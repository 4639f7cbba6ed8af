package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.AggregateStates;
import io.cairndb.printer.OperatorTypes;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Doris's implicit conversions, made explicit in the plan: a string in arithmetic is a DOUBLE
 * ({@code '1' + 1} is 2, {@code 'a' + 1} NULL); a string compared with a number is compared as a
 * number, with a date as that date type. A string literal is converted once, here (an integer text
 * becomes an integer literal, so that {@code id = '5'} still compares integers); anything else gets
 * a cast, which gives NULL for a value that does not convert.
 */
final class ImplicitCasts {
    /** How a function reads an argument of another type: as it is, as a DOUBLE, as an integer or as text. */
    private enum Read { AS_IS, NUMBER, INTEGER, TEXT }

    /** By function: how it reads its arguments, by position; the last entry applies to any further ones. */
    private static final Map<String, List<Read>> READS = reads();

    private static Map<String, List<Read>> reads() {
        Map<String, List<Read>> m = new HashMap<>();
        // Functions of numbers, aggregates too: a string argument is a DOUBLE ({@code exp(bin(x))}, {@code sum(s)}).
        for (String f : List.of("abs", "ceil", "ceiling", "floor", "round", "truncate", "pow", "power", "atan2", "exp", "sin",
                "cos", "tan", "asin", "acos", "atan", "cot", "cbrt", "degrees", "radians", "sign", "sqrt", "ln", "log", "log2",
                "log10", "mod", "sum", "avg", "stddev", "std", "stddev_pop", "stddev_samp", "variance", "var_pop", "variance_pop",
                "variance_samp", "var_samp")) {
            m.put(f, List.of(Read.NUMBER));
        }
        // Functions of a string (their first argument): a number or a date there is read as its text.
        for (String f : List.of("length", "char_length", "character_length", "octet_length", "upper", "lower", "ucase", "lcase",
                "trim", "ltrim", "rtrim", "reverse", "left", "right", "strleft", "strright", "substr", "substring", "mid", "repeat",
                "md5", "ascii")) {
            m.put(f, List.of(Read.TEXT, Read.AS_IS));
        }
        // Functions of several strings.
        for (String f : List.of("instr", "starts_with", "ends_with", "replace", "bit_length")) {
            m.put(f, List.of(Read.TEXT));
        }
        m.put("locate", List.of(Read.TEXT, Read.TEXT, Read.AS_IS));
        m.put("split_part", List.of(Read.TEXT, Read.TEXT, Read.AS_IS));
        m.put("substring_index", List.of(Read.TEXT, Read.TEXT, Read.INTEGER));
        m.put("lpad", List.of(Read.TEXT, Read.AS_IS, Read.TEXT));
        m.put("rpad", List.of(Read.TEXT, Read.AS_IS, Read.TEXT));
        // Counts of days, and the amounts added to a date: a string is read as an integer.
        for (String f : List.of("makedate", "from_days")) {
            m.put(f, List.of(Read.INTEGER));
        }
        for (String f : List.of("date_add", "adddate", "days_add", "date_sub", "subdate", "days_sub", "years_add", "years_sub",
                "quarters_add", "quarters_sub", "months_add", "months_sub", "weeks_add", "weeks_sub", "hours_add", "hours_sub",
                "minutes_add", "minutes_sub", "seconds_add", "seconds_sub")) {
            m.put(f, List.of(Read.AS_IS, Read.INTEGER));
        }
        return Map.copyOf(m);
    }

    private ImplicitCasts() {
    }

    /** A function's (or an aggregate's) arguments brought to what it takes. */
    static List<ScalarExpr> arguments(String function, List<ScalarExpr> args) {
        List<Read> reads = READS.get(function);
        if (reads == null && function.endsWith("_state")) {
            // sum_state(x) reads x as sum does: the state is of sum over what sum would take.
            String aggregate = AggregateStates.stateOf(function);
            reads = aggregate == null ? null : READS.get(aggregate);
        }
        if (reads == null) {
            return args;
        }
        List<ScalarExpr> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            ScalarExpr a = args.get(i);
            out.add(switch (reads.get(Math.min(i, reads.size() - 1))) {
                case AS_IS -> a;
                case NUMBER -> numeric(a);
                case INTEGER -> integer(a);
                case TEXT -> text(a);
            });
        }
        return out;
    }

    /** A string read as an integer: an integer literal when it is one (NULL when it is no number), else a cast. */
    private static ScalarExpr integer(ScalarExpr e) {
        if (!e.type().kind().isString()) {
            return e;
        }
        if (e instanceof ScalarExpr.Literal l && l.value() instanceof String s) {
            ScalarExpr n = numberLiteral(s);
            return n.type().kind().isInteger() ? n : new ScalarExpr.Cast(n, DataType.BIGINT, true);
        }
        return new ScalarExpr.Cast(e, DataType.BIGINT, true);
    }

    /** A number, boolean or date read as its text. */
    private static ScalarExpr text(ScalarExpr e) {
        TypeKind k = e.type().kind();
        boolean convertible = k.isNumeric() || k.isTemporal() || k == TypeKind.BOOLEAN;
        return convertible ? new ScalarExpr.Cast(e, DataType.STRING, e.nullable()) : e;
    }

    /**
     * A branch of CASE brought to the type of the whole: a number among strings becomes a string
     * (the engine would read the strings as numbers instead).
     */
    static ScalarExpr to(ScalarExpr e, DataType type) {
        boolean family = e.type().kind().isString() == type.kind().isString();
        return family || e.type().kind() == TypeKind.NULL_TYPE ? e : new ScalarExpr.Cast(e, type, e.nullable());
    }

    /** An arithmetic operand: strings and JSON become DOUBLE. */
    static ScalarExpr numeric(ScalarExpr e) {
        TypeKind k = e.type().kind();
        if (!k.isString() && k != TypeKind.JSON) {
            return e;
        }
        if (e instanceof ScalarExpr.Literal l && l.value() instanceof String s) {
            BigDecimal v = number(s);
            return new ScalarExpr.Literal(DataType.DOUBLE, v == null ? null : v.doubleValue());
        }
        return new ScalarExpr.Cast(e, DataType.DOUBLE, true);
    }

    /**
     * The operands of a comparison, IN or BETWEEN, each brought to what it is compared with: the
     * first operand (the value) against every other.
     */
    static List<ScalarExpr> comparedWithFirst(List<ScalarExpr> operands) {
        ScalarExpr value = operands.get(0);
        for (ScalarExpr other : operands.subList(1, operands.size())) {
            value = comparedWith(value, other.type());
        }
        List<ScalarExpr> out = new ArrayList<>();
        out.add(value);
        for (ScalarExpr other : operands.subList(1, operands.size())) {
            out.add(comparedWith(other, value.type()));
        }
        return out;
    }

    /** {@code e} as compared with a value of type {@code other}. */
    private static ScalarExpr comparedWith(ScalarExpr e, DataType other) {
        TypeKind k = e.type().kind();
        TypeKind o = other.kind();
        if (!k.isString() || o.isString() || o == TypeKind.NULL_TYPE) {
            return e;
        }
        if (o.isNumeric() || o == TypeKind.BOOLEAN) {
            if (e instanceof ScalarExpr.Literal l && l.value() instanceof String s) {
                return numberLiteral(s);
            }
            return new ScalarExpr.Cast(e, OperatorTypes.comparisonType(e.type(), other), true);
        }
        // A date literal in text compares with a date as the engine reads it; a string column needs the cast.
        if (o.isTemporal() && !(e instanceof ScalarExpr.Literal)) {
            return new ScalarExpr.Cast(e, other, true);
        }
        return e;
    }

    /** A string literal read as a number: an integer literal when it is one, else a DOUBLE; NULL when it is none. */
    private static ScalarExpr numberLiteral(String text) {
        BigDecimal v = number(text);
        if (v == null) {
            return new ScalarExpr.Literal(DataType.DOUBLE, null);
        }
        if (v.scale() <= 0 || v.stripTrailingZeros().scale() <= 0) {
            BigInteger i = v.toBigIntegerExact();
            DataType t = OperatorTypes.integerLiteral(i);
            if (t != null) {
                return new ScalarExpr.Literal(t, i);
            }
        }
        return new ScalarExpr.Literal(DataType.DOUBLE, v.doubleValue());
    }

    private static BigDecimal number(String text) {
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
