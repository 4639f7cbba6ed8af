package io.cairndb.error;

/**
 * The errors of a query that is well-formed but wrong (a misplaced aggregate, a column that is not
 * grouped, an unknown function), worded as Doris words them. The binder raises them; the engine's
 * error translation raises the same texts for what reaches the engine.
 */
public final class QueryErrors {
    private QueryErrors() {
    }

    public static CairnException unknownFunction(String name, Throwable cause) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not found function '" + name + "'", cause);
    }

    public static CairnException notAggregate(String name, Throwable cause) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "'" + name + "' is not an aggregate or window function", cause);
    }

    /** An aggregate in WHERE, GROUP BY or a join condition. */
    public static String aggregateIn(String clause) {
        return clause + " clause must not contain aggregate functions";
    }

    /** A window call in WHERE, GROUP BY, HAVING or a join condition. */
    public static String analyticIn(String clause) {
        return clause + " clause must not contain analytic expressions";
    }

    public static final String NESTED_AGGREGATE = "aggregate function cannot contain aggregate parameters";
    public static final String ANALYTIC_IN_AGGREGATE = "aggregate function cannot contain analytic expressions";
    public static final String UNEQUAL_COLUMNS = "Operands have unequal number of columns";

    public static String notGrouped(String column) {
        return "select list expression not produced by aggregation output (missing from GROUP BY clause?): " + column;
    }

    /** {@code ORDER BY 9} / {@code GROUP BY 9} over a select list of {@code size} items. */
    public static String positionNotInSelectList(String clause, int size) {
        return clause + " position is not in select list: it must be between 1 and " + size;
    }

    public static String operandColumns(int expected) {
        return "Operand should contain " + expected + " column(s)";
    }

    public static CairnException ambiguous(String column, Throwable cause) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "Column '" + column + "' is ambiguous", cause);
    }

    public static CairnException wrong(String message) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, message);
    }
}
