package io.cairndb.printer;

import static io.cairndb.printer.Call.call;

/** Math, conditional, JSON and array functions. */
final class ScalarFunctions {
    private ScalarFunctions() {
    }

    static void register(FunctionMapper m) {
        math(m);
        conditionals(m);
        json(m);
        arrays(m);
    }

    private static void math(FunctionMapper m) {
        // DuckDB's round already rounds half away from zero, for DECIMAL and DOUBLE alike.
        m.rename("truncate", "trunc");
        m.rename("pow", "power");
        m.rename("rand random", "random");
        // MySQL gives NULL where the result is undefined; DuckDB raises an error.
        m.scalar("sqrt", 1, 1, c -> "CASE WHEN " + c.arg(0) + " >= 0 THEN sqrt(" + c.arg(0) + ") END");
        m.scalar("ln", 1, 1, c -> positive(c.arg(0), "ln(" + c.arg(0) + ")"));
        m.scalar("log", 1, 2, c -> c.arity() == 1
                ? positive(c.arg(0), "ln(" + c.arg(0) + ")")
                : "CASE WHEN " + c.arg(1) + " > 0 AND " + c.arg(0) + " > 0 AND " + c.arg(0) + " <> 1 THEN ln("
                        + c.arg(1) + ") / ln(" + c.arg(0) + ") END");
        m.scalar("log2", 1, 1, c -> positive(c.arg(0), "log2(" + c.arg(0) + ")"));
        m.scalar("log10", 1, 1, c -> positive(c.arg(0), "log10(" + c.arg(0) + ")"));
        m.scalar("mod", 2, 2, c -> "(" + c.arg(0) + " % " + ExprPrinter.nonZero(c.raw(1), c.arg(1)) + ")");
        // DuckDB's greatest/least skip NULLs; MySQL's return NULL when any argument is NULL.
        m.scalar("greatest", 1, -1, c -> nullIfAnyNull(c, "greatest"));
        m.scalar("least", 1, -1, c -> nullIfAnyNull(c, "least"));
    }

    private static void conditionals(FunctionMapper m) {
        m.scalar("if", 3, 3, c -> "CASE WHEN " + c.arg(0) + " THEN " + c.arg(1) + " ELSE " + c.arg(2) + " END");
        m.rename("ifnull nvl", "coalesce");
        m.scalar("isnull", 1, 1, c -> "(" + c.arg(0) + " IS NULL)");
        m.scalar("isnotnull", 1, 1, c -> "(" + c.arg(0) + " IS NOT NULL)");
    }

    private static void json(FunctionMapper m) {
        // Strings come back unquoted, other values as JSON text, a missing path as NULL.
        m.rename("get_json_string", "json_extract_string");
        m.scalar("get_json_int", 2, 2, c -> jsonScalar(c, "INTEGER"));
        m.scalar("get_json_bigint", 2, 2, c -> jsonScalar(c, "BIGINT"));
        m.scalar("get_json_double", 2, 2, c -> jsonScalar(c, "DOUBLE"));
    }

    private static void arrays(FunctionMapper m) {
        m.rename("array", "list_value");
        m.rename("array_contains", "list_contains");
        m.rename("array_size size cardinality", "len");
        m.rename("array_join", "array_to_string");
        m.rename("array_min", "list_min");
        m.rename("array_max", "list_max");
        m.rename("array_sum", "list_sum");
        m.rename("array_avg", "list_avg");
        m.rename("arrays_overlap", "list_has_any");
        m.rename("array_distinct", "list_distinct");
        m.scalar("element_at", 2, 2, c -> c.arg(0) + "[" + c.arg(1) + "]");
        // Doris sorts NULLs first and reports a missing element as position 0.
        m.scalar("array_sort", 1, 1, c -> call("list_sort", c.arg(0), "'ASC'", "'NULLS FIRST'"));
        m.scalar("array_position", 2, 2, c -> "coalesce(list_position(" + c.args() + "), 0)");
        // Doris passes the lambda first.
        m.scalar("array_map", 2, 2, c -> call("list_transform", c.arg(1), c.arg(0)));
        m.scalar("array_filter", 2, 2, c -> call("list_filter", c.arg(1), c.arg(0)));
    }

    private static String positive(String x, String result) {
        return "CASE WHEN " + x + " > 0 THEN " + result + " END";
    }

    private static String nullIfAnyNull(Call c, String fn) {
        String anyNull = String.join(" OR ", c.argList().stream().map(a -> a + " IS NULL").toList());
        return "CASE WHEN " + anyNull + " THEN NULL ELSE " + fn + "(" + c.args() + ") END";
    }

    /** A JSON value as a number, NULL when it is missing or not a number. */
    private static String jsonScalar(Call c, String type) {
        return "TRY_CAST(json_extract_string(" + c.args() + ") AS " + type + ")";
    }
}
