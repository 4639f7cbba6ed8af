package io.cairndb.plan;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The operators of the dialect as the names of plan {@link ScalarExpr.Call}s, so that rules treat
 * {@code a + b} and {@code add(a, b)} alike. Names are Doris's function names where it has one.
 * Arguments: {@code in(x, v1, .., vn)}, {@code between(x, low, high)}, {@code like(x, pattern[, escape])};
 * the negated forms are {@code not(..)} around them.
 */
public enum Operator {
    ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), INT_DIVIDE("DIV"), MOD("%"),
    BITAND("&"), BITOR("|"), BITXOR("^"), BITNOT("~"), NEGATIVE("-"),
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), EQ_FOR_NULL("<=>"),
    AND("AND"), OR("OR"), NOT("NOT"),
    IS_NULL("IS NULL"), IS_NOT_NULL("IS NOT NULL"),
    LIKE("LIKE"), REGEXP("REGEXP"), IN("IN"), BETWEEN("BETWEEN"),
    ARRAY("[]"), ELEMENT_AT("[i]");

    private final String symbol;

    Operator(String symbol) {
        this.symbol = symbol;
    }

    /** The call name: {@code add}, {@code eq}, ... */
    public String function() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String symbol() {
        return symbol;
    }

    private static final Map<String, Operator> BY_FUNCTION = new HashMap<>();

    static {
        for (Operator op : values()) {
            BY_FUNCTION.put(op.function(), op);
        }
    }

    /** The operator a call name stands for, or null for an ordinary function. */
    public static Operator of(String function) {
        return BY_FUNCTION.get(function);
    }

    public boolean is(ScalarExpr e) {
        return e instanceof ScalarExpr.Call c && c.function().equals(function());
    }
}
