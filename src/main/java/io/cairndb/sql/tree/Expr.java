package io.cairndb.sql.tree;

import io.cairndb.catalog.DataType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/** Scalar expressions of the dialect. Nullable components are documented per record. */
public sealed interface Expr {

    /** A column reference: {@code a}, {@code t.a} or {@code db.t.a}; parts as written (unquoted). */
    record Identifier(List<String> parts) implements Expr {
        public Identifier {
            parts = List.copyOf(parts);
        }

        public String name() {
            return parts.get(parts.size() - 1);
        }
    }

    record NullLiteral() implements Expr {
    }

    record BooleanLiteral(boolean value) implements Expr {
    }

    /** An integer literal such as {@code 42}. */
    record IntegerLiteral(BigInteger value) implements Expr {
    }

    /** An exact decimal literal such as {@code 1.50}. */
    record DecimalLiteral(BigDecimal value) implements Expr {
    }

    /** An approximate literal with an exponent such as {@code 1e5}. */
    record DoubleLiteral(double value) implements Expr {
    }

    record StringLiteral(String value) implements Expr {
    }

    /** {@code DATE '2024-01-01'}, {@code TIMESTAMP '...'} / {@code DATETIME '...'}. */
    record TypedLiteral(DataType type, String value) implements Expr {
    }

    /** {@code INTERVAL value unit}; unit upper-case: YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND. */
    record Interval(Expr value, String unit) implements Expr {
    }

    /** A {@code ?} placeholder, numbered from 0 in text order. */
    record Parameter(int index) implements Expr {
    }

    /** {@code DEFAULT} as an INSERT VALUES item or an UPDATE / SET value: the column's (variable's) default. */
    record DefaultValue() implements Expr {
    }

    /** {@code *} as a function argument, as in {@code count(*)}. */
    record Star() implements Expr {
    }

    /**
     * A function or aggregate call. {@code name} is lower-case as written (may be qualified by a
     * dot, e.g. a database-qualified UDF). {@code orderBy} is the ORDER BY inside the parentheses
     * (group_concat, array_agg); {@code separator} is group_concat's SEPARATOR (nullable);
     * {@code over} is the window of an analytic call (nullable).
     */
    record FunctionCall(String name, boolean distinct, List<Expr> args, List<OrderItem> orderBy,
                        Expr separator, WindowSpec over) implements Expr {
        public FunctionCall {
            args = List.copyOf(args);
            orderBy = List.copyOf(orderBy);
        }

        public static FunctionCall of(String name, Expr... args) {
            return new FunctionCall(name, false, List.of(args), List.of(), null, null);
        }
    }

    enum UnaryOp { MINUS, PLUS, NOT, BIT_NOT }

    record Unary(UnaryOp op, Expr operand) implements Expr {
    }

    enum BinaryOp {
        ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), INT_DIVIDE("DIV"), MOD("%"),
        BIT_AND("&"), BIT_OR("|"), BIT_XOR("^"),
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), NULL_SAFE_EQ("<=>"),
        AND("AND"), OR("OR");

        private final String symbol;

        BinaryOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    record Binary(BinaryOp op, Expr left, Expr right) implements Expr {
    }

    record Between(Expr value, Expr low, Expr high, boolean negated) implements Expr {
    }

    record InList(Expr value, List<Expr> list, boolean negated) implements Expr {
        public InList {
            list = List.copyOf(list);
        }
    }

    record InSubquery(Expr value, Query query, boolean negated) implements Expr {
    }

    record Exists(Query query, boolean negated) implements Expr {
    }

    record ScalarSubquery(Query query) implements Expr {
    }

    record IsNull(Expr value, boolean negated) implements Expr {
    }

    enum LikeKind { LIKE, REGEXP }

    /** {@code LIKE} / {@code REGEXP} / {@code RLIKE}; escape is nullable. */
    record Like(Expr value, Expr pattern, LikeKind kind, boolean negated, Expr escape) implements Expr {
    }

    /** {@code CASE [operand] WHEN .. THEN .. [ELSE ..] END}; operand and elseValue nullable. */
    record Case(Expr operand, List<WhenClause> whens, Expr elseValue) implements Expr {
        public Case {
            whens = List.copyOf(whens);
        }
    }

    record WhenClause(Expr condition, Expr result) {
    }

    record Cast(Expr value, DataType type) implements Expr {
    }

    /** {@code [e1, e2, ...]}. */
    record ArrayConstructor(List<Expr> elements) implements Expr {
        public ArrayConstructor {
            elements = List.copyOf(elements);
        }
    }

    /** {@code base[index]}. */
    record Subscript(Expr base, Expr index) implements Expr {
    }

    /** {@code x -> body} or {@code (x, y) -> body}, as an argument of array functions. */
    record Lambda(List<String> params, Expr body) implements Expr {
        public Lambda {
            params = List.copyOf(params);
        }
    }

    /** A variable: {@code @@[session.|global.]name} (system) or {@code @name} (user). */
    record Variable(String name, boolean system, String scope) implements Expr {
    }
}
