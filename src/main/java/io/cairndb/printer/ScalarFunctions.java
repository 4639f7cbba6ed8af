package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.engine.InterruptibleSleep;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.BOOLEAN;
import static io.cairndb.catalog.DataType.DOUBLE;
import static io.cairndb.catalog.DataType.INT;
import static io.cairndb.printer.Call.call;
import static io.cairndb.printer.TypeRule.VARCHAR;
import static io.cairndb.printer.TypeRule.arg;
import static io.cairndb.printer.TypeRule.arrayOf;
import static io.cairndb.printer.TypeRule.common;
import static io.cairndb.printer.TypeRule.element;
import static io.cairndb.printer.TypeRule.returns;
import static io.cairndb.printer.TypeRule.sameArray;
import static io.cairndb.printer.TypeRule.stringOf;

/** Math, conditional, JSON, array, map and struct functions. */
final class ScalarFunctions {
    private ScalarFunctions() {
    }

    static void register(FunctionRegistry m) {
        math(m);
        conditionals(m);
        json(m);
        arrays(m);
        mapsAndStructs(m);
        information(m);
        // sleep(n): TRUE after n seconds, one sleep per row; a KILL or a time limit stops it (see InterruptibleSleep).
        m.scalar("sleep", 1, 1, returns(BOOLEAN), c -> InterruptibleSleep.call(c.arg(0)));
    }

    /**
     * The session's facts. The binder folds them into literals of the statement's session, so they
     * have types and arities here but are never printed.
     */
    private static void information(FunctionRegistry m) {
        Translation bound = c -> {
            throw new IllegalStateException(c.name() + "() is bound to its value before printing");
        };
        TypeRule fact = returns(VARCHAR).neverNullable();
        m.scalar("database schema current_database current_catalog version", 0, 0, fact, bound);
        m.scalar("user session_user current_user system_user", 0, 0, fact, bound);
        m.scalar("connection_id last_insert_id", 0, 0, returns(BIGINT).neverNullable(), bound);
    }

    private static void math(FunctionRegistry m) {
        m.passThrough("abs", 1, 1, returns(ScalarFunctions::abs));
        // DuckDB's round already rounds half away from zero, for DECIMAL and DOUBLE alike.
        m.passThrough("ceil ceiling floor round", 1, 2, returns(ScalarFunctions::rounded));
        m.rename("truncate", "trunc", 1, 2, returns(ScalarFunctions::rounded));
        m.rename("pow", "power", 2, 2, returns(DOUBLE));
        m.passThrough("power atan2", 2, 2, returns(DOUBLE));
        m.passThrough("exp sin cos tan asin acos atan cot cbrt degrees radians", 1, 1, returns(DOUBLE));
        m.passThrough("pi", 0, 0, returns(DOUBLE).neverNullable());
        m.scalar("e", 0, 0, returns(DOUBLE).neverNullable(), c -> "exp(1)");
        m.passThrough("sign", 1, 1, returns(DataType.TINYINT));
        // rand(), rand(seed): a DOUBLE in [0, 1); random(a, b): a BIGINT between a and b.
        m.rename("rand random", "random", 0, 2,
                returns(args -> args.size() == 2 ? BIGINT : DOUBLE).neverNullable());
        m.passThrough("bin hex", 1, 1, returns(VARCHAR));
        // MySQL gives NULL where the result is undefined; DuckDB raises an error.
        TypeRule undefinedIsNull = returns(DOUBLE).alwaysNullable();
        m.scalar("sqrt", 1, 1, undefinedIsNull, c -> "CASE WHEN " + c.arg(0) + " >= 0 THEN sqrt(" + c.arg(0) + ") END");
        m.scalar("ln", 1, 1, undefinedIsNull, c -> positive(c.arg(0), "ln(" + c.arg(0) + ")"));
        m.scalar("log", 1, 2, undefinedIsNull, c -> c.arity() == 1
                ? positive(c.arg(0), "ln(" + c.arg(0) + ")")
                : "CASE WHEN " + c.arg(1) + " > 0 AND " + c.arg(0) + " > 0 AND " + c.arg(0) + " <> 1 THEN ln("
                        + c.arg(1) + ") / ln(" + c.arg(0) + ") END");
        m.scalar("log2", 1, 1, undefinedIsNull, c -> positive(c.arg(0), "log2(" + c.arg(0) + ")"));
        m.scalar("log10", 1, 1, undefinedIsNull, c -> positive(c.arg(0), "log10(" + c.arg(0) + ")"));
        m.scalar("mod", 2, 2, returns(ScalarFunctions::modulo).alwaysNullable(),
                c -> "(" + c.arg(0) + " % " + ExprPrinter.nonZero(c.raw(1), c.arg(1)) + ")");
        // DuckDB's greatest/least skip NULLs; MySQL's return NULL when any argument is NULL.
        m.scalar("greatest", 1, -1, returns(common(0)), c -> nullIfAnyNull(c, "greatest"));
        m.scalar("least", 1, -1, returns(common(0)), c -> nullIfAnyNull(c, "least"));
    }

    /** mod(a, b): as a % b; null (no type) for operands that are not numbers. */
    private static DataType modulo(List<ArgumentType> args) {
        ArgumentType result = OperatorTypes.arithmetic(Expr.BinaryOp.MOD, args.get(0), args.get(1));
        return result == null ? null : result.type();
    }

    /** abs: an integer widens one step (abs of the smallest TINYINT is not a TINYINT); others keep their type. */
    private static DataType abs(List<ArgumentType> args) {
        DataType t = args.get(0).type();
        return switch (t.kind()) {
            case BOOLEAN, TINYINT -> DataType.SMALLINT;
            case SMALLINT -> INT;
            case INT -> BIGINT;
            case BIGINT, LARGEINT -> DataType.LARGEINT;
            case FLOAT, DOUBLE, DECIMAL -> t;
            default -> DOUBLE;
        };
    }

    /**
     * ceil, floor, round and truncate: a DECIMAL(p, s) keeps its precision with the scale the call
     * rounds to (0, or d when d is a constant); anything else, integers included, is read as a DOUBLE.
     */
    private static DataType rounded(List<ArgumentType> args) {
        DataType t = args.get(0).type();
        if (t.kind() != TypeKind.DECIMAL) {
            return DOUBLE;
        }
        if (args.size() == 1) {
            return DataType.decimal(t.precision(), 0);
        }
        if (args.get(1).constant() instanceof BigInteger d) {
            return DataType.decimal(t.precision(), Math.min(Math.max(d.intValue(), 0), t.scale()));
        }
        return t;
    }

    private static void conditionals(FunctionRegistry m) {
        // IF gives the ELSE value for a NULL condition; IFNULL and COALESCE are NULL only when all their arguments are.
        m.scalar("if", 3, 3, returns(common(1)).nullableWhen(a -> a.get(1).nullable() || a.get(2).nullable()),
                c -> "CASE WHEN " + c.arg(0) + " THEN " + c.arg(1) + " ELSE " + c.arg(2) + " END");
        m.scalar("ifnull nvl", 2, 2, returns(common(0)).nullableWhen(TypeRule::allNullable),
                c -> "coalesce(" + c.args() + ")");
        m.scalar("coalesce", 1, -1, returns(common(0)).nullableWhen(TypeRule::allNullable),
                c -> "coalesce(" + c.args() + ")");
        m.scalar("nullif", 2, 2, returns(arg(0)).alwaysNullable(), c -> "nullif(" + c.args() + ")");
        m.scalar("isnull", 1, 1, returns(BOOLEAN).neverNullable(), c -> "(" + c.arg(0) + " IS NULL)");
        m.scalar("isnotnull", 1, 1, returns(BOOLEAN).neverNullable(), c -> "(" + c.arg(0) + " IS NOT NULL)");
    }

    private static void json(FunctionRegistry m) {
        // Strings come back unquoted, other values as JSON text, a missing path or text that is not
        // JSON as NULL (DuckDB would raise an error for the latter).
        // json_extract(json, path): the JSON text at the path (Doris's result is a JSON value).
        m.passThrough("json_extract", 2, -1, returns(DataType.JSON).alwaysNullable());
        // json_object(key, value, ...) and json_array(value, ...) build JSON; NULL values become JSON nulls.
        m.passThrough("json_object json_array", 0, -1, returns(DataType.JSON).neverNullable());
        m.scalar("get_json_string", 2, 2, returns(stringOf(0)).alwaysNullable(), c -> "CASE WHEN json_valid(" + c.arg(0)
                + ") THEN json_extract_string(" + c.args() + ") END");
        m.scalar("get_json_int", 2, 2, returns(INT).alwaysNullable(), c -> jsonScalar(c, "INTEGER", INTEGERS));
        m.scalar("get_json_bigint", 2, 2, returns(BIGINT).alwaysNullable(), c -> jsonScalar(c, "BIGINT", INTEGERS));
        m.scalar("get_json_double", 2, 2, returns(DOUBLE).alwaysNullable(),
                c -> jsonScalar(c, "DOUBLE", INTEGERS + ", 'DOUBLE'"));
    }

    private static void arrays(FunctionRegistry m) {
        m.rename("array", "list_value", 0, -1, returns(arrayOf(common(0))).neverNullable());
        m.rename("array_contains", "list_contains", 2, 2, returns(BOOLEAN));
        m.rename("array_size size cardinality", "len", 1, 1, returns(BIGINT));
        m.rename("array_join", "array_to_string", 2, 3, returns(VARCHAR));
        // An empty array has no minimum, maximum, sum or average.
        m.rename("array_min", "list_min", 1, 1, returns(element(0)).alwaysNullable());
        m.rename("array_max", "list_max", 1, 1, returns(element(0)).alwaysNullable());
        m.rename("array_sum", "list_sum", 1, 1, returns(a -> AggregateFunctions.sumType(TypeRule.element(a.get(0).type())))
                .alwaysNullable());
        m.rename("array_avg", "list_avg", 1, 1, returns(a -> AggregateFunctions.avgType(TypeRule.element(a.get(0).type())))
                .alwaysNullable());
        m.rename("arrays_overlap", "list_has_any", 2, 2, returns(BOOLEAN));
        // Doris keeps the first occurrence of each element, in order, NULL included.
        m.scalar("array_distinct", 1, 1, returns(sameArray(0)), c -> "list_filter(" + c.arg(0)
                + ", lambda cairn_e, cairn_i: list_position(" + c.arg(0) + ", cairn_e) = cairn_i)");
        m.scalar("element_at", 2, 2, returns(element(0)).alwaysNullable(), c -> c.arg(0) + "[" + c.arg(1) + "]");
        m.scalar("array_slice", 2, 3, returns(sameArray(0)), ScalarFunctions::arraySlice);
        // Doris sorts NULLs first and reports a missing element as position 0.
        m.scalar("array_sort", 1, 1, returns(sameArray(0)), c -> call("list_sort", c.arg(0), "'ASC'", "'NULLS FIRST'"));
        m.scalar("array_position", 2, 2, returns(BIGINT).nullableWhen(a -> a.get(0).nullable()),
                c -> "CASE WHEN " + c.arg(0) + " IS NOT NULL THEN coalesce(list_position(" + c.args() + "), 0) END");
        // Doris passes the lambda first; its argument type is that of the lambda's body.
        m.scalar("array_map", 2, 2, returns(arrayOf(arg(0))).nullableWhen(a -> a.get(1).nullable()),
                c -> call("list_transform", c.arg(1), c.arg(0)));
        m.scalar("array_filter", 2, 2, returns(sameArray(1)).nullableWhen(a -> a.get(1).nullable()),
                c -> call("list_filter", c.arg(1), c.arg(0)));
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

    private static void mapsAndStructs(FunctionRegistry m) {
        // Doris's map(k1, v1, k2, v2, ..) alternates keys and values; DuckDB's takes a key list and a value list.
        m.scalar("map", 0, -1, returns(ScalarFunctions::mapType).neverNullable(), ScalarFunctions::map);
        m.rename("map_contains_key", "map_contains", 2, 2, returns(BOOLEAN));
        m.scalar("map_size", 1, 1, returns(BIGINT), c -> "CAST(cardinality(" + c.arg(0) + ") AS BIGINT)");
        m.passThrough("map_keys", 1, 1, returns(args -> mapPart(args, 0)));
        m.passThrough("map_values", 1, 1, returns(args -> mapPart(args, 1)));
        m.scalar("named_struct", 2, -1, returns(ScalarFunctions::structType).neverNullable(), ScalarFunctions::namedStruct);
        // struct_element(s, 'field') or struct_element(s, 1-based position).
        m.scalar("struct_element", 2, 2, returns(ScalarFunctions::fieldType).alwaysNullable(),
                c -> (ExprPrinter.integer(c.raw(1)) != null ? "struct_extract_at(" : "struct_extract(") + c.args() + ")");
    }

    /** The keys (part 0) or values (part 1) of a map argument as an array. */
    private static DataType mapPart(List<ArgumentType> args, int part) {
        DataType map = args.get(0).type();
        return DataType.array(map.kind() == TypeKind.MAP ? map.children().get(part) : DataType.NULL);
    }

    private static DataType mapType(List<ArgumentType> args) {
        if (args.size() % 2 != 0) {
            throw oddMap();
        }
        List<DataType> keys = new ArrayList<>();
        List<DataType> values = new ArrayList<>();
        for (int i = 0; i < args.size(); i += 2) {
            keys.add(args.get(i).type());
            values.add(args.get(i + 1).type());
        }
        DataType k = OperatorTypes.commonType(keys);
        DataType v = OperatorTypes.commonType(values);
        return k == null || v == null ? null : DataType.map(k, v);
    }

    private static DataType structType(List<ArgumentType> args) {
        if (args.size() % 2 != 0) {
            throw oddStruct();
        }
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (int i = 0; i < args.size(); i += 2) {
            if (!(args.get(i).constant() instanceof String name)) {
                throw unnamedField();
            }
            names.add(name);
            types.add(args.get(i + 1).type());
        }
        return DataType.struct(names, types);
    }

    /** The type of the field struct_element names, by name or 1-based position; NULL when it cannot tell. */
    private static DataType fieldType(List<ArgumentType> args) {
        DataType s = args.get(0).type();
        if (s.kind() != TypeKind.STRUCT) {
            return DataType.NULL;
        }
        Object field = args.get(1).constant();
        if (field instanceof String name) {
            for (int i = 0; i < s.fieldNames().size(); i++) {
                if (s.fieldNames().get(i).equalsIgnoreCase(name)) {
                    return s.children().get(i);
                }
            }
        } else if (field instanceof BigInteger pos && pos.signum() > 0 && pos.intValue() <= s.children().size()) {
            return s.children().get(pos.intValue() - 1);
        }
        return DataType.NULL;
    }

    private static CairnException oddMap() {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "The number of arguments of map must be even");
    }

    private static CairnException oddStruct() {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "named_struct takes pairs of a field name and a value");
    }

    private static CairnException unnamedField() {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "The field names of named_struct must be constant strings");
    }

    private static String map(Call c) {
        if (c.arity() % 2 != 0) {
            throw oddMap();
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
            throw oddStruct();
        }
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < c.arity(); i += 2) {
            String name = c.constant(i);
            if (name == null) {
                throw unnamedField();
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
