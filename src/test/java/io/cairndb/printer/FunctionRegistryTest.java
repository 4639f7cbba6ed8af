package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.BITMAP;
import static io.cairndb.catalog.DataType.BOOLEAN;
import static io.cairndb.catalog.DataType.DATE;
import static io.cairndb.catalog.DataType.DATETIME;
import static io.cairndb.catalog.DataType.DOUBLE;
import static io.cairndb.catalog.DataType.FLOAT;
import static io.cairndb.catalog.DataType.HLL;
import static io.cairndb.catalog.DataType.INT;
import static io.cairndb.catalog.DataType.LARGEINT;
import static io.cairndb.catalog.DataType.SMALLINT;
import static io.cairndb.catalog.DataType.STRING;
import static io.cairndb.catalog.DataType.TINYINT;
import static io.cairndb.catalog.DataType.array;
import static io.cairndb.catalog.DataType.decimal;
import static io.cairndb.catalog.DataType.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class FunctionRegistryTest {
    private static final FunctionRegistry REGISTRY = FunctionRegistry.instance();
    private static final DataType VARCHAR = varchar(-1);
    private static final boolean NULLABLE = true;
    private static final boolean NOT_NULL = false;

    /** A nullable column of a type. */
    private static ArgumentType col(DataType t) {
        return new ArgumentType(t, true, null);
    }

    private static ArgumentType notNull(DataType t) {
        return new ArgumentType(t, false, null);
    }

    /** A literal, typed as the binder types it. */
    private static ArgumentType lit(Object v) {
        if (v == null) {
            return new ArgumentType(DataType.NULL, true, null);
        }
        if (v instanceof Integer i) {
            BigInteger b = BigInteger.valueOf(i);
            return new ArgumentType(OperatorTypes.integerLiteral(b), false, b);
        }
        if (v instanceof BigDecimal d) {
            return new ArgumentType(OperatorTypes.decimalLiteral(d), false, d);
        }
        if (v instanceof String s) {
            return new ArgumentType(varchar(s.length()), false, s);
        }
        return new ArgumentType(BOOLEAN, false, v);
    }

    /** An INTERVAL n UNIT argument. */
    private static ArgumentType interval(String unit) {
        return new ArgumentType(TINYINT, false, unit);
    }

    private static Arguments call(String name, List<ArgumentType> args, DataType type, boolean nullable) {
        return arguments(name, args, type, nullable);
    }

    static Stream<Arguments> scalars() {
        DataType dec = decimal(10, 4);
        DataType struct = DataType.struct(List.of("a", "b"), List.of(INT, STRING));
        return Stream.of(
                // Math.
                call("abs", List.of(col(TINYINT)), SMALLINT, NULLABLE),
                call("abs", List.of(notNull(INT)), BIGINT, NOT_NULL),
                call("abs", List.of(col(BIGINT)), LARGEINT, NULLABLE),
                call("abs", List.of(col(dec)), dec, NULLABLE),
                call("abs", List.of(col(FLOAT)), FLOAT, NULLABLE),
                call("round", List.of(col(dec)), decimal(10, 0), NULLABLE),
                call("round", List.of(col(dec), lit(2)), decimal(10, 2), NULLABLE),
                call("round", List.of(col(dec), lit(6)), dec, NULLABLE),
                call("round", List.of(col(dec), col(INT)), dec, NULLABLE),
                call("round", List.of(notNull(INT)), DOUBLE, NOT_NULL),
                call("ceil", List.of(col(DOUBLE)), DOUBLE, NULLABLE),
                call("floor", List.of(col(dec)), decimal(10, 0), NULLABLE),
                call("truncate", List.of(col(dec), lit(1)), decimal(10, 1), NULLABLE),
                call("sqrt", List.of(notNull(INT)), DOUBLE, NULLABLE),
                call("ln", List.of(notNull(DOUBLE)), DOUBLE, NULLABLE),
                call("log", List.of(notNull(DOUBLE), notNull(DOUBLE)), DOUBLE, NULLABLE),
                call("exp", List.of(notNull(DOUBLE)), DOUBLE, NOT_NULL),
                call("pow", List.of(col(INT), notNull(INT)), DOUBLE, NULLABLE),
                call("atan2", List.of(notNull(DOUBLE), notNull(DOUBLE)), DOUBLE, NOT_NULL),
                call("pi", List.of(), DOUBLE, NOT_NULL),
                call("e", List.of(), DOUBLE, NOT_NULL),
                call("sign", List.of(col(DOUBLE)), TINYINT, NULLABLE),
                call("rand", List.of(), DOUBLE, NOT_NULL),
                call("random", List.of(lit(1), lit(10)), BIGINT, NOT_NULL),
                call("mod", List.of(notNull(INT), notNull(SMALLINT)), INT, NULLABLE),
                call("mod", List.of(col(decimal(10, 2)), col(decimal(5, 3))), decimal(11, 3), NULLABLE),
                call("greatest", List.of(notNull(INT), notNull(BIGINT)), BIGINT, NOT_NULL),
                call("least", List.of(notNull(INT), col(decimal(10, 2))), decimal(12, 2), NULLABLE),
                call("hex", List.of(col(BIGINT)), VARCHAR, NULLABLE),
                call("bin", List.of(notNull(BIGINT)), VARCHAR, NOT_NULL),
                // Conditionals.
                call("if", List.of(col(BOOLEAN), notNull(INT), notNull(BIGINT)), BIGINT, NOT_NULL),
                call("if", List.of(notNull(BOOLEAN), col(varchar(3)), notNull(varchar(5))), varchar(5), NULLABLE),
                call("ifnull", List.of(col(INT), notNull(BIGINT)), BIGINT, NOT_NULL),
                call("nvl", List.of(col(INT), col(INT)), INT, NULLABLE),
                call("coalesce", List.of(col(DATE), col(DATETIME), notNull(DATE)), DATETIME, NOT_NULL),
                call("coalesce", List.of(col(INT), col(varchar(3))), STRING, NULLABLE),
                call("nullif", List.of(notNull(INT), notNull(INT)), INT, NULLABLE),
                call("isnull", List.of(col(INT)), BOOLEAN, NOT_NULL),
                call("isnotnull", List.of(col(INT)), BOOLEAN, NOT_NULL),
                // Strings.
                call("concat", List.of(notNull(varchar(3)), notNull(INT)), VARCHAR, NOT_NULL),
                call("concat", List.of(col(varchar(3)), notNull(STRING)), STRING, NULLABLE),
                call("concat_ws", List.of(notNull(varchar(1)), col(varchar(3)), col(INT)), VARCHAR, NOT_NULL),
                call("concat_ws", List.of(col(varchar(1)), notNull(varchar(3))), VARCHAR, NULLABLE),
                call("length", List.of(notNull(STRING)), INT, NOT_NULL),
                call("char_length", List.of(col(varchar(3))), INT, NULLABLE),
                call("upper", List.of(col(STRING)), STRING, NULLABLE),
                call("lcase", List.of(notNull(varchar(5))), VARCHAR, NOT_NULL),
                call("trim", List.of(notNull(varchar(5))), VARCHAR, NOT_NULL),
                call("substr", List.of(notNull(STRING), lit(2), lit(3)), STRING, NOT_NULL),
                call("left", List.of(notNull(varchar(9)), lit(2)), VARCHAR, NOT_NULL),
                call("lpad", List.of(notNull(varchar(9)), lit(5), lit("x")), VARCHAR, NULLABLE),
                call("repeat", List.of(notNull(varchar(2)), lit(3)), VARCHAR, NOT_NULL),
                call("replace", List.of(notNull(STRING), lit("a"), lit("b")), STRING, NOT_NULL),
                call("instr", List.of(notNull(STRING), lit("a")), INT, NOT_NULL),
                call("locate", List.of(lit("a"), col(STRING), lit(2)), INT, NULLABLE),
                call("split_part", List.of(notNull(STRING), lit(","), lit(1)), STRING, NULLABLE),
                call("starts_with", List.of(col(STRING), lit("a")), BOOLEAN, NULLABLE),
                call("regexp_extract", List.of(notNull(STRING), lit("(a)"), lit(1)), STRING, NULLABLE),
                call("regexp_replace", List.of(notNull(STRING), lit("a"), lit("b")), STRING, NOT_NULL),
                call("md5", List.of(notNull(STRING)), VARCHAR, NOT_NULL),
                call("sha2", List.of(notNull(STRING), lit(256)), VARCHAR, NULLABLE),
                call("unhex", List.of(notNull(varchar(4))), VARCHAR, NULLABLE),
                call("space", List.of(lit(3)), VARCHAR, NOT_NULL),
                call("find_in_set", List.of(lit("b"), col(STRING)), INT, NULLABLE),
                call("split_by_string", List.of(notNull(STRING), lit(",")), array(STRING), NOT_NULL),
                call("format", List.of(lit("{}"), notNull(INT)), VARCHAR, NOT_NULL),
                // Dates.
                call("now", List.of(), DATETIME, NOT_NULL),
                call("now", List.of(lit(3)), DataType.datetime(3), NOT_NULL),
                call("curdate", List.of(), DATE, NOT_NULL),
                call("current_timestamp", List.of(), DATETIME, NOT_NULL),
                call("year", List.of(notNull(DATE)), SMALLINT, NOT_NULL),
                call("year", List.of(notNull(varchar(10))), SMALLINT, NULLABLE),
                call("month", List.of(col(DATETIME)), TINYINT, NULLABLE),
                call("day", List.of(notNull(DATETIME)), TINYINT, NOT_NULL),
                call("hour", List.of(notNull(DATETIME)), TINYINT, NOT_NULL),
                call("dayofyear", List.of(notNull(DATE)), SMALLINT, NOT_NULL),
                call("dayofweek", List.of(notNull(DATE)), TINYINT, NOT_NULL),
                call("quarter", List.of(notNull(DATE)), TINYINT, NOT_NULL),
                call("dayname", List.of(notNull(DATE)), VARCHAR, NOT_NULL),
                call("to_date", List.of(notNull(DATETIME)), DATE, NOT_NULL),
                call("date", List.of(lit("2024-01-01")), DATE, NULLABLE),
                call("date_add", List.of(notNull(DATE), lit(1)), DATE, NOT_NULL),
                call("date_add", List.of(notNull(DATE), interval("HOUR")), DATETIME, NOT_NULL),
                call("date_sub", List.of(notNull(DATE), interval("MONTH")), DATE, NOT_NULL),
                call("adddate", List.of(col(DataType.datetime(3)), lit(1)), DataType.datetime(3), NULLABLE),
                call("months_add", List.of(notNull(DATE), lit(1)), DATE, NOT_NULL),
                call("hours_add", List.of(notNull(DATE), lit(1)), DATETIME, NOT_NULL),
                call("days_sub", List.of(lit("2024-01-01"), lit(1)), DATETIME, NULLABLE),
                call("datediff", List.of(notNull(DATETIME), notNull(DATE)), INT, NOT_NULL),
                call("timestampdiff", List.of(lit("DAY"), notNull(DATE), notNull(DATE)), BIGINT, NOT_NULL),
                call("years_diff", List.of(notNull(DATE), col(DATE)), BIGINT, NULLABLE),
                call("days_diff", List.of(notNull(DATE), notNull(DATE)), BIGINT, NOT_NULL),
                call("unix_timestamp", List.of(), INT, NOT_NULL),
                call("unix_timestamp", List.of(notNull(DATETIME)), INT, NULLABLE),
                call("from_unixtime", List.of(notNull(BIGINT)), VARCHAR, NULLABLE),
                call("str_to_date", List.of(notNull(STRING), lit("%Y-%m-%d")), DATE, NULLABLE),
                call("str_to_date", List.of(notNull(STRING), lit("%Y-%m-%d %H:%i:%s")), DATETIME, NULLABLE),
                call("str_to_date", List.of(notNull(STRING), lit("%Y-%m-%d %H:%i:%s.%f")), DataType.datetime(6), NULLABLE),
                call("date_trunc", List.of(notNull(DATE), lit("month")), DATE, NOT_NULL),
                call("date_trunc", List.of(lit("day"), notNull(DataType.datetime(6))), DataType.datetime(6), NOT_NULL),
                call("date_trunc", List.of(lit("2024-01-01 10:00:00"), lit("hour")), DATETIME, NULLABLE),
                call("date_format", List.of(notNull(DATE), lit("%Y")), VARCHAR, NOT_NULL),
                call("last_day", List.of(notNull(DATE)), DATE, NOT_NULL),
                call("makedate", List.of(lit(2024), lit(10)), DATE, NULLABLE),
                call("to_days", List.of(notNull(DATE)), INT, NOT_NULL),
                call("from_days", List.of(notNull(INT)), DATE, NOT_NULL),
                // JSON.
                call("get_json_int", List.of(notNull(STRING), lit("$.a")), INT, NULLABLE),
                call("get_json_bigint", List.of(notNull(STRING), lit("$.a")), BIGINT, NULLABLE),
                call("get_json_double", List.of(notNull(STRING), lit("$.a")), DOUBLE, NULLABLE),
                call("get_json_string", List.of(notNull(STRING), lit("$.a")), STRING, NULLABLE),
                // Arrays, maps and structs.
                call("array", List.of(lit(1), notNull(BIGINT)), array(BIGINT), NOT_NULL),
                call("array_contains", List.of(notNull(array(INT)), lit(1)), BOOLEAN, NOT_NULL),
                call("size", List.of(col(array(INT))), BIGINT, NULLABLE),
                call("element_at", List.of(notNull(array(INT)), lit(1)), INT, NULLABLE),
                call("element_at", List.of(notNull(DataType.map(STRING, DOUBLE)), lit("k")), DOUBLE, NULLABLE),
                call("array_sum", List.of(notNull(array(INT))), BIGINT, NULLABLE),
                call("array_avg", List.of(notNull(array(decimal(10, 2)))), decimal(38, 4), NULLABLE),
                call("array_max", List.of(notNull(array(DATE))), DATE, NULLABLE),
                call("array_sort", List.of(notNull(array(INT))), array(INT), NOT_NULL),
                call("array_slice", List.of(notNull(array(STRING)), lit(1), lit(2)), array(STRING), NOT_NULL),
                call("array_position", List.of(notNull(array(INT)), lit(3)), BIGINT, NOT_NULL),
                call("array_map", List.of(notNull(DOUBLE), notNull(array(INT))), array(DOUBLE), NOT_NULL),
                call("array_filter", List.of(notNull(BOOLEAN), col(array(INT))), array(INT), NULLABLE),
                call("array_join", List.of(notNull(array(INT)), lit(",")), VARCHAR, NOT_NULL),
                call("map", List.of(lit("a"), lit(1), lit("bb"), notNull(INT)), DataType.map(varchar(2), INT), NOT_NULL),
                call("map_size", List.of(notNull(DataType.map(INT, INT))), BIGINT, NOT_NULL),
                call("named_struct", List.of(lit("a"), col(INT), lit("b"), notNull(STRING)), struct, NOT_NULL),
                call("struct_element", List.of(notNull(struct), lit("b")), STRING, NULLABLE),
                call("struct_element", List.of(notNull(struct), lit(1)), INT, NULLABLE),
                // Sketches and hashes.
                call("to_bitmap", List.of(col(BIGINT)), BITMAP, NOT_NULL),
                call("bitmap_count", List.of(col(BITMAP)), BIGINT, NOT_NULL),
                call("bitmap_contains", List.of(notNull(BITMAP), lit(3)), BOOLEAN, NOT_NULL),
                call("bitmap_from_string", List.of(notNull(STRING)), BITMAP, NULLABLE),
                call("bitmap_to_string", List.of(notNull(BITMAP)), VARCHAR, NOT_NULL),
                call("bitmap_min", List.of(notNull(BITMAP)), BIGINT, NULLABLE),
                call("bitmap_or", List.of(notNull(BITMAP), notNull(BITMAP)), BITMAP, NOT_NULL),
                call("hll_hash", List.of(col(STRING)), HLL, NOT_NULL),
                call("hll_cardinality", List.of(col(HLL)), BIGINT, NOT_NULL),
                call("percentile_approx_raw", List.of(notNull(array(FLOAT)), lit(new BigDecimal("0.5"))), DOUBLE, NULLABLE),
                call("murmur_hash3_32", List.of(notNull(STRING)), INT, NOT_NULL),
                call("murmur_hash3_64", List.of(col(STRING), notNull(INT)), BIGINT, NULLABLE),
                // The session.
                call("database", List.of(), VARCHAR, NOT_NULL),
                call("connection_id", List.of(), BIGINT, NOT_NULL),
                call("uuid", List.of(), VARCHAR, NOT_NULL));
    }

    static Stream<Arguments> aggregates() {
        return Stream.of(
                call("count", List.of(), BIGINT, NOT_NULL),
                call("count", List.of(col(STRING)), BIGINT, NOT_NULL),
                call("count", List.of(col(INT), col(STRING)), BIGINT, NOT_NULL),
                call("sum", List.of(notNull(TINYINT)), BIGINT, NULLABLE),
                call("sum", List.of(col(BIGINT)), BIGINT, NULLABLE),
                call("sum", List.of(col(LARGEINT)), LARGEINT, NULLABLE),
                call("sum", List.of(col(decimal(10, 2))), decimal(38, 2), NULLABLE),
                call("sum", List.of(col(FLOAT)), DOUBLE, NULLABLE),
                call("avg", List.of(notNull(INT)), DOUBLE, NULLABLE),
                call("avg", List.of(col(decimal(10, 2))), decimal(38, 4), NULLABLE),
                call("avg", List.of(col(decimal(38, 9))), decimal(38, 9), NULLABLE),
                call("min", List.of(notNull(varchar(10))), varchar(10), NULLABLE),
                call("max", List.of(notNull(DATE)), DATE, NULLABLE),
                call("any_value", List.of(notNull(INT)), INT, NULLABLE),
                call("max_by", List.of(notNull(STRING), notNull(INT)), STRING, NULLABLE),
                call("multi_distinct_count", List.of(col(INT)), BIGINT, NOT_NULL),
                call("multi_distinct_sum", List.of(col(INT)), BIGINT, NULLABLE),
                call("approx_count_distinct", List.of(col(STRING)), BIGINT, NOT_NULL),
                call("ndv", List.of(col(STRING)), BIGINT, NOT_NULL),
                call("stddev", List.of(notNull(INT)), DOUBLE, NULLABLE),
                call("variance_samp", List.of(notNull(DOUBLE)), DOUBLE, NULLABLE),
                call("corr", List.of(notNull(DOUBLE), notNull(DOUBLE)), DOUBLE, NULLABLE),
                call("percentile", List.of(notNull(INT), lit(new BigDecimal("0.5"))), DOUBLE, NULLABLE),
                call("percentile_approx", List.of(notNull(DOUBLE), lit(new BigDecimal("0.9"))), DOUBLE, NULLABLE),
                call("group_bit_or", List.of(notNull(INT)), INT, NULLABLE),
                call("bool_and", List.of(notNull(BOOLEAN)), BOOLEAN, NULLABLE),
                call("grouping", List.of(col(INT)), BIGINT, NOT_NULL),
                call("group_concat", List.of(notNull(varchar(3))), VARCHAR, NULLABLE),
                call("group_concat", List.of(notNull(STRING), lit("-")), STRING, NULLABLE),
                call("array_agg", List.of(col(INT)), array(INT), NOT_NULL),
                call("collect_list", List.of(col(STRING)), array(STRING), NOT_NULL),
                call("collect_set", List.of(col(DATE), lit(3)), array(DATE), NOT_NULL),
                call("bitmap_union", List.of(col(BITMAP)), BITMAP, NOT_NULL),
                call("bitmap_union_count", List.of(col(BITMAP)), BIGINT, NOT_NULL),
                call("bitmap_agg", List.of(col(BIGINT)), BITMAP, NOT_NULL),
                call("hll_union", List.of(col(HLL)), HLL, NOT_NULL),
                call("hll_union_agg", List.of(col(HLL)), BIGINT, NOT_NULL),
                call("percentile_union", List.of(col(array(FLOAT))), array(FLOAT), NOT_NULL));
    }

    static Stream<Arguments> windows() {
        return Stream.of(
                call("row_number", List.of(), BIGINT, NOT_NULL),
                call("rank", List.of(), BIGINT, NOT_NULL),
                call("dense_rank", List.of(), BIGINT, NOT_NULL),
                call("ntile", List.of(lit(4)), BIGINT, NOT_NULL),
                call("percent_rank", List.of(), DOUBLE, NOT_NULL),
                call("cume_dist", List.of(), DOUBLE, NOT_NULL),
                call("lag", List.of(notNull(INT)), INT, NULLABLE),
                call("lag", List.of(notNull(INT), lit(1), notNull(BIGINT)), BIGINT, NOT_NULL),
                call("lead", List.of(notNull(INT), lit(1), lit(null)), INT, NULLABLE),
                call("first_value", List.of(notNull(STRING)), STRING, NULLABLE),
                call("last_value", List.of(notNull(DATE)), DATE, NULLABLE),
                call("nth_value", List.of(notNull(INT), lit(2)), INT, NULLABLE));
    }

    @ParameterizedTest(name = "{0}{1} is {2}, nullable {3}")
    @MethodSource({"scalars", "aggregates", "windows"})
    void returnTypesAndNullability(String name, List<ArgumentType> args, DataType type, boolean nullable) {
        FunctionSignature s = REGISTRY.resolve(name, args);
        assertNotNull(s, name);
        assertEquals(type, s.returnType(), name + " type");
        assertEquals(nullable, s.nullable(), name + " nullable");
        assertEquals(name, s.name());
    }

    @Test
    void kinds() {
        assertEquals(FunctionKind.SCALAR, REGISTRY.kind("abs"));
        assertEquals(FunctionKind.SCALAR, REGISTRY.kind("date_add"));
        assertEquals(FunctionKind.AGGREGATE, REGISTRY.kind("sum"));
        assertEquals(FunctionKind.AGGREGATE, REGISTRY.kind("bitmap_union"));
        assertEquals(FunctionKind.WINDOW, REGISTRY.kind("row_number"));
        assertEquals(FunctionKind.WINDOW, REGISTRY.kind("lag"));
        assertNull(REGISTRY.kind("no_such_fn"));
        assertEquals(FunctionKind.AGGREGATE, REGISTRY.resolve("count", List.of()).kind());
    }

    @Test
    void unknownFunctionsResolveToNull() {
        assertFalse(REGISTRY.isKnown("no_such_fn"));
        assertNull(REGISTRY.resolve("no_such_fn", List.of(col(INT))));
    }

    @Test
    void wrongArityIsRejectedInTheWordsThePrinterUses() {
        CairnException e = assertThrows(CairnException.class, () -> REGISTRY.resolve("substr", List.of(lit("abc"))));
        assertEquals(ErrorCode.WRONG_ARGUMENTS.code(), e.errorCode());
        assertEquals("Incorrect parameter count in the call to function 'substr'", e.getMessage());
        assertThrows(CairnException.class, () -> REGISTRY.resolve("ifnull", List.of(lit(1), lit(2), lit(3))));
        assertThrows(CairnException.class, () -> REGISTRY.resolve("abs", List.of()));
        assertThrows(CairnException.class, () -> REGISTRY.resolve("row_number", List.of(lit(1))));
    }

    @Test
    void argumentsWithoutACommonTypeAreRejected() {
        assertThrows(CairnException.class, () -> REGISTRY.resolve("coalesce", List.of(col(BITMAP), col(INT))));
        assertThrows(CairnException.class, () -> REGISTRY.resolve("map", List.of(lit("a"))));
        assertThrows(CairnException.class, () -> REGISTRY.resolve("named_struct", List.of(col(STRING), lit(1))));
    }

    /** Every function with a translation has a type rule that answers for any arguments of a fitting count. */
    @Test
    void everyRegisteredFunctionHasATypeRule() {
        List<String> names = new ArrayList<>(REGISTRY.names());
        Collections.sort(names);
        assertTrue(names.size() > 250, "registered: " + names.size());
        for (String name : names) {
            int[] arity = REGISTRY.arity(name);
            assertNotNull(arity, name);
            assertNotNull(REGISTRY.kind(name), name);
            for (DataType t : List.of(DataType.NULL, INT, STRING, decimal(10, 2), DATETIME, array(INT), BITMAP)) {
                int n = Math.max(arity[0], Math.min(arity[0] + 1, arity[1] < 0 ? arity[0] + 1 : arity[1]));
                for (int count : new int[] {arity[0], n}) {
                    List<ArgumentType> args = Collections.nCopies(count, col(t));
                    try {
                        FunctionSignature s = REGISTRY.resolve(name, args);
                        assertNotNull(s.returnType(), name + " of " + t);
                    } catch (CairnException e) {
                        // Arguments that do not fit together (a BITMAP and a STRING have no common type).
                    } catch (RuntimeException e) {
                        fail(name + "(" + count + " x " + t + "): " + e, e);
                    }
                }
            }
        }
    }

    @Test
    void passThroughFunctionsAreKnown() {
        String names = "abs ceil ceiling floor round truncate sqrt pow power exp ln log log2 log10 sign pi e sin cos "
                + "tan asin acos atan atan2 degrees radians greatest least mod rand random bin hex unhex "
                + "concat concat_ws length char_length lower lcase upper ucase trim ltrim rtrim substr substring left "
                + "right lpad rpad repeat reverse replace instr locate split_part starts_with ends_with regexp_extract "
                + "regexp_replace md5 sha2 ascii space strleft strright format "
                + "now curdate current_date current_timestamp year month day hour minute second dayofweek dayofyear "
                + "weekofyear quarter to_date date date_format date_trunc date_add date_sub adddate subdate datediff "
                + "timestampdiff unix_timestamp from_unixtime str_to_date last_day makedate years_add months_sub "
                + "weeks_diff days_add hours_sub minutes_diff seconds_add "
                + "if ifnull nvl nullif coalesce get_json_string get_json_int array element_at array_contains size "
                + "to_bitmap bitmap_count hll_hash murmur_hash3_32 "
                + "count sum avg min max any_value group_concat array_agg collect_list collect_set multi_distinct_count "
                + "multi_distinct_sum stddev stddev_samp variance var_samp percentile percentile_approx "
                + "approx_count_distinct ndv bitmap_union bitmap_union_count hll_union hll_union_agg bool_and bool_or "
                + "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value";
        for (String name : names.split(" ")) {
            assertTrue(REGISTRY.isKnown(name), name);
        }
    }
}
