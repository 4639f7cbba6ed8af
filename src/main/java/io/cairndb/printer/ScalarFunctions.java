package io.cairndb.printer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;

import java.util.ArrayList;
import java.util.List;

import static io.cairndb.printer.Call.call;

/** Math, conditional, JSON, array, map and struct functions. */
final class ScalarFunctions {
    private ScalarFunctions() {
    }

    static void register(FunctionMapper m) {
        math(m);
        conditionals(m);
        json(m);
        arrays(m);
        mapsAndStructs(m);
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
        m.scalar("ifnull nvl", 2, 2, c -> "coalesce(" + c.args() + ")");
        m.scalar("coalesce", 1, -1, c -> "coalesce(" + c.args() + ")");
        m.scalar("nullif", 2, 2, c -> "nullif(" + c.args() + ")");
        m.scalar("isnull", 1, 1, c -> "(" + c.arg(0) + " IS NULL)");
        m.scalar("isnotnull", 1, 1, c -> "(" + c.arg(0) + " IS NOT NULL)");
    }

    private static void json(FunctionMapper m) {
        // Strings come back unquoted, other values as JSON text, a missing path or text that is not
        // JSON as NULL (DuckDB would raise an error for the latter).
        m.scalar("get_json_string", 2, 2, c -> "CASE WHEN json_valid(" + c.arg(0) + ") THEN json_extract_string("
                + c.args() + ") END");
        m.scalar("get_json_int", 2, 2, c -> jsonScalar(c, "INTEGER", INTEGERS));
        m.scalar("get_json_bigint", 2, 2, c -> jsonScalar(c, "BIGINT", INTEGERS));
        m.scalar("get_json_double", 2, 2, c -> jsonScalar(c, "DOUBLE", INTEGERS + ", 'DOUBLE'"));
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
        // Doris keeps the first occurrence of each element, in order, NULL included.
        m.scalar("array_distinct", 1, 1, c -> "list_filter(" + c.arg(0)
                + ", lambda cairn_e, cairn_i: list_position(" + c.arg(0) + ", cairn_e) = cairn_i)");
        m.scalar("element_at", 2, 2, c -> c.arg(0) + "[" + c.arg(1) + "]");
        m.scalar("array_slice", 2, 3, ScalarFunctions::arraySlice);
        // Doris sorts NULLs first and reports a missing element as position 0.
        m.scalar("array_sort", 1, 1, c -> call("list_sort", c.arg(0), "'ASC'", "'NULLS FIRST'"));
        m.scalar("array_position", 2, 2, c -> "CASE WHEN " + c.arg(0) + " IS NOT NULL THEN coalesce(list_position("
                + c.args() + "), 0) END");
        // Doris passes the lambda first.
        m.scalar("array_map", 2, 2, c -> call("list_transform", c.arg(1), c.arg(0)));
        m.scalar("array_filter", 2, 2, c -> call("list_filter", c.arg(1), c.arg(0)));
    }

    /**
     * Doris's array_slice(arr, offset[, length]) takes a length where DuckDB's takes an end
     * position. A negative offset counts from the end; an offset outside the array (or 0) gives
     * [], and so does a negative length.
     */
    private static String arraySlice(Call c) {
        String a = c.arg(0);
        String off = c.arg(1);
        String start = "CASE WHEN " + off + " < 0 THEN len(" + a + ") + " + off + " + 1 ELSE " + off + " END";
        String end = c.arity() == 3 ? "(" + start + ") + greatest(" + c.arg(2) + ", 0) - 1" : "len(" + a + ")";
        String nulls = a + " IS NULL OR " + off + " IS NULL" + (c.arity() == 3 ? " OR " + c.arg(2) + " IS NULL" : "");
        return "CASE WHEN " + nulls + " THEN NULL WHEN (" + start + ") NOT BETWEEN 1 AND len(" + a + ") THEN list_slice("
                + a + ", 1, 0) ELSE list_slice(" + a + ", " + start + ", " + end + ") END";
    }

    private static void mapsAndStructs(FunctionMapper m) {
        // Doris's map(k1, v1, k2, v2, ..) alternates keys and values; DuckDB's takes a key list and a value list.
        m.scalar("map", 0, -1, ScalarFunctions::map);
        m.rename("map_contains_key", "map_contains");
        m.scalar("map_size", 1, 1, c -> "CAST(cardinality(" + c.arg(0) + ") AS BIGINT)");
        m.scalar("named_struct", 2, -1, ScalarFunctions::namedStruct);
        // struct_element(s, 'field') or struct_element(s, 1-based position).
        m.scalar("struct_element", 2, 2, c -> (c.raw(1) instanceof Expr.IntegerLiteral
                ? "struct_extract_at(" : "struct_extract(") + c.args() + ")");
    }

    private static String map(Call c) {
        if (c.arity() % 2 != 0) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "The number of arguments of map must be even");
        }
        if (c.arity() == 0) {
            return "map()";
        }
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < c.arity(); i += 2) {
            keys.add(c.arg(i));
            values.add(c.arg(i + 1));
        }
        return "map([" + String.join(", ", keys) + "], [" + String.join(", ", values) + "])";
    }

    /** named_struct('f1', v1, 'f2', v2, ..): the names must be constant strings. */
    private static String namedStruct(Call c) {
        if (c.arity() % 2 != 0) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "named_struct takes pairs of a field name and a value");
        }
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < c.arity(); i += 2) {
            String name = c.constant(i);
            if (name == null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                        "The field names of named_struct must be constant strings");
            }
            fields.add(SqlText.ident(name) + " := " + c.arg(i + 1));
        }
        return "struct_pack(" + String.join(", ", fields) + ")";
    }

    private static String positive(String x, String result) {
        return "CASE WHEN " + x + " > 0 THEN " + result + " END";
    }

    private static String nullIfAnyNull(Call c, String fn) {
        String anyNull = String.join(" OR ", c.argList().stream().map(a -> a + " IS NULL").toList());
        return "CASE WHEN " + anyNull + " THEN NULL ELSE " + fn + "(" + c.args() + ") END";
    }

    /** The JSON types (as json_type names them) that Doris reads as integers. */
    private static final String INTEGERS = "'BIGINT', 'UBIGINT'";

    /**
     * A JSON value as a number: NULL when it is missing, out of range, or of another JSON type
     * than {@code jsonTypes} (a string "2" is not the number 2, and 1.5 is not an integer).
     */
    private static String jsonScalar(Call c, String type, String jsonTypes) {
        return "CASE WHEN json_valid(" + c.arg(0) + ") AND json_type(" + c.args() + ") IN (" + jsonTypes
                + ") THEN TRY_CAST(json_extract_string(" + c.args() + ") AS " + type + ") END";
    }
}
