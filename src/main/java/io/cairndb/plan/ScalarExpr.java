package io.cairndb.plan;

import io.cairndb.catalog.DataType;

import java.util.List;

/**
 * A bound scalar expression: every node knows its Doris type and whether it can be NULL. Column
 * references point at plan columns by id; functions and operators are {@link Call}s by name.
 */
public sealed interface ScalarExpr {

    DataType type();

    boolean nullable();

    /** A reference to a column of an input of the node (or of an enclosing query: a correlated reference). */
    record ColumnRef(PlanColumn column) implements ScalarExpr {
        @Override
        public DataType type() {
            return column.type();
        }

        @Override
        public boolean nullable() {
            return column.nullable();
        }

        public int id() {
            return column.id();
        }
    }

    /**
     * A constant: {@code value} is null (NULL), a BigInteger, BigDecimal, Double, Boolean or String;
     * a DATE or DATETIME literal holds its text.
     */
    record Literal(DataType type, Object value) implements ScalarExpr {
        @Override
        public boolean nullable() {
            return value == null;
        }
    }

    /** {@code INTERVAL value unit}, the second operand of date arithmetic; it has no type of its own. */
    record Interval(ScalarExpr value, String unit) implements ScalarExpr {
        @Override
        public DataType type() {
            return DataType.NULL;
        }

        @Override
        public boolean nullable() {
            return value.nullable();
        }
    }

    /** A scalar function or an operator (see {@link Operator} for the operator names). */
    record Call(String function, List<ScalarExpr> args, DataType type, boolean nullable) implements ScalarExpr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** {@code CAST(value AS type)}; also what the binder inserts for an implicit conversion. */
    record Cast(ScalarExpr value, DataType type, boolean nullable) implements ScalarExpr {
    }

    /** {@code CASE [operand] WHEN .. THEN .. [ELSE ..] END}; operand and elseValue nullable. */
    record Case(ScalarExpr operand, List<When> whens, ScalarExpr elseValue, DataType type, boolean nullable)
            implements ScalarExpr {
        public Case {
            whens = List.copyOf(whens);
        }
    }

    record When(ScalarExpr condition, ScalarExpr result) {
    }

    enum SubqueryKind { SCALAR, EXISTS, IN }

    /**
     * A subquery used as a value: its plan may refer to columns of the enclosing query. {@code operand}
     * is the left side of IN (null otherwise).
     */
    record Subquery(SubqueryKind kind, boolean negated, ScalarExpr operand, PlanNode plan, DataType type,
                    boolean nullable) implements ScalarExpr {
    }

    /** {@code x -> body} as an argument of an array function; the parameters are columns of the body's scope. */
    record Lambda(List<PlanColumn> params, ScalarExpr body) implements ScalarExpr {
        public Lambda {
            params = List.copyOf(params);
        }

        @Override
        public DataType type() {
            return body.type();
        }

        @Override
        public boolean nullable() {
            return body.nullable();
        }
    }
}
