package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Math, conditional, JSON and array functions; expected values from the MySQL and Doris docs. */
class ScalarFunctionsTest extends DuckTestBase {

    @Test
    void roundHalfAwayFromZero() throws Exception {
        assertNumber("3", fn("round", dec("2.5")));
        assertNumber("-3", fn("round", dec("-2.5")));
        assertNumber("3", fn("round", cast(dec("2.5"), DataType.DOUBLE)));
        assertNumber("-3", fn("round", cast(dec("-2.5"), DataType.DOUBLE)));
        assertNumber("-1", fn("round", dec("-1.23")));
        assertNumber("-2", fn("round", dec("-1.58")));
        assertNumber("1.3", fn("round", dec("1.298"), num(1)));
        assertNumber("1", fn("round", dec("1.298"), num(0)));
        assertNumber("20", fn("round", dec("23.298"), num(-1)));
    }

    @Test
    void truncateFloorCeiling() throws Exception {
        assertNumber("1.2", fn("truncate", dec("1.223"), num(1)));
        assertNumber("1.9", fn("truncate", dec("1.999"), num(1)));
        assertNumber("1", fn("truncate", dec("1.999"), num(0)));
        assertNumber("-1.9", fn("truncate", dec("-1.999"), num(1)));
        assertNumber("100", fn("truncate", num(122), num(-2)));
        assertNumber("1", fn("floor", dec("1.23")));
        assertNumber("-2", fn("floor", dec("-1.23")));
        assertNumber("2", fn("ceiling", dec("1.23")));
        assertNumber("-1", fn("ceil", dec("-1.23")));
    }

    @Test
    void powersRootsAndLogs() throws Exception {
        assertNumber("4", fn("pow", num(2), num(2)));
        assertNumber("0.25", fn("power", num(2), num(-2)));
        assertNumber("2", fn("sqrt", num(4)));
        assertNull(eval(fn("sqrt", num(-16))));
        assertClose(0.69314718055995, fn("ln", num(2)));
        assertNull(eval(fn("ln", num(-2))));
        assertNull(eval(fn("ln", num(0))));
        assertClose(0.69314718055995, fn("log", num(2)));
        assertClose(16, fn("log", num(2), num(65536)));
        assertClose(2, fn("log", num(10), num(100)));
        assertNull(eval(fn("log", num(1), num(100))));
        assertClose(16, fn("log2", num(65536)));
        assertNull(eval(fn("log2", num(-100))));
        assertClose(0.30102999566398, fn("log10", num(2)));
        assertNull(eval(fn("log10", num(-100))));
        assertClose(7.3890560989307, fn("exp", num(2)));
        assertClose(Math.PI, fn("pi"));
    }

    @Test
    void signModRandom() throws Exception {
        assertNumber("-1", fn("sign", num(-32)));
        assertNumber("0", fn("sign", num(0)));
        assertNumber("1", fn("sign", num(234)));
        assertNumber("4", fn("mod", num(234), num(10)));
        assertNumber("1", fn("mod", num(253), num(7)));
        assertNumber("1.5", fn("mod", dec("34.5"), num(3)));
        assertNull(eval(fn("mod", num(7), num(0))));
        double r = ((Number) eval(fn("rand"))).doubleValue();
        assertTrue(r >= 0 && r < 1);
        assertTrue(((Number) eval(fn("random"))).doubleValue() < 1);
        assertNumber("32", fn("abs", num(-32)));
    }

    @Test
    void greatestAndLeastAreNullWithANull() throws Exception {
        assertNumber("2", fn("greatest", num(2), num(0)));
        assertNumber("767.0", fn("greatest", dec("34.0"), dec("3.0"), dec("5.0"), dec("767.0")));
        assertEquals("C", eval(fn("greatest", str("B"), str("A"), str("C"))));
        assertNumber("0", fn("least", num(2), num(0)));
        assertNumber("3.0", fn("least", dec("34.0"), dec("3.0"), dec("5.0"), dec("767.0")));
        assertNull(eval(fn("greatest", num(1), nul())));
        assertNull(eval(fn("least", num(1), nul())));
    }

    @Test
    void binaryAndHex() throws Exception {
        assertEquals("1100", eval(fn("bin", num(12))));
        assertEquals("FF", eval(fn("hex", num(255))));
        assertEquals("616263", eval(fn("hex", str("abc"))));
    }

    @Test
    void conditionals() throws Exception {
        assertNumber("3", fn("if", bin(BinaryOp.GT, num(1), num(2)), num(2), num(3)));
        assertEquals("yes", eval(fn("if", bin(BinaryOp.LT, num(1), num(2)), str("yes"), str("no"))));
        assertNumber("1", fn("ifnull", num(1), num(0)));
        assertNumber("10", fn("ifnull", nul(), num(10)));
        assertNumber("10", fn("nvl", nul(), num(10)));
        assertNull(eval(fn("nullif", num(1), num(1))));
        assertNumber("1", fn("nullif", num(1), num(2)));
        assertNumber("1", fn("coalesce", nul(), num(1)));
        assertEquals(true, eval(fn("isnull", nul())));
        assertEquals(false, eval(fn("isnotnull", nul())));
    }

    @Test
    void json() throws Exception {
        assertEquals("v1", eval(fn("get_json_string", str("{\"k1\":\"v1\", \"k2\":\"v2\"}"), str("$.k1"))));
        assertEquals("v1", eval(fn("get_json_string", str("{\"k1.key\":{\"k2\":[\"v1\", \"v2\"]}}"),
                str("$.\"k1.key\".k2[0]"))));
        assertNull(eval(fn("get_json_string", str("{\"k1\":\"v1\"}"), str("$.k9"))));
        assertEquals(1, eval(fn("get_json_int", str("{\"k1\":1, \"k2\":\"2\"}"), str("$.k1"))));
        assertEquals(2, eval(fn("get_json_int", str("{\"k1\":\"v1\", \"my.key\":[1, 2, 3]}"), str("$.\"my.key\"[1]"))));
        assertNull(eval(fn("get_json_int", str("{\"k1\":\"v1\"}"), str("$.k1"))));
        assertEquals(1.3, eval(fn("get_json_double", str("{\"k1\":1.3, \"k2\":\"2\"}"), str("$.k1"))));
        // The string "2" is not a number to get_json_int/double, nor 1.5 an integer; text that is not JSON gives NULL.
        assertNull(eval(fn("get_json_int", str("{\"k1\":1, \"k2\":\"2\"}"), str("$.k2"))));
        assertNull(eval(fn("get_json_double", str("{\"k1\":1.3, \"k2\":\"2\"}"), str("$.k2"))));
        assertNull(eval(fn("get_json_int", str("{\"k\":1.5}"), str("$.k"))));
        assertEquals(2.0, eval(fn("get_json_double", str("{\"k\":2}"), str("$.k"))));
        assertNull(eval(fn("get_json_string", str("not json"), str("$.k"))));
        assertNull(eval(fn("get_json_int", str("not json"), str("$.k"))));
        assertEquals(9007199254740993L, eval(fn("get_json_bigint", str("{\"k1\":9007199254740993}"), str("$.k1"))));
        assertEquals("123", eval(fn("json_extract", str("{\"id\": 123, \"name\": \"doris\"}"), str("$.id"))).toString());
        assertEquals("{\"id\":87,\"name\":\"carrot\"}",
                eval(fn("json_object", str("id"), num(87), str("name"), str("carrot"))).toString());
        assertEquals("[1,\"abc\",null,true]", eval(fn("json_array", num(1), str("abc"), nul(), bool(true))).toString());
    }

    @Test
    void arrays() throws Exception {
        Expr a = array(num(1), num(2), num(3));
        assertEquals(true, eval(fn("array_contains", a, num(2))));
        assertEquals(3L, eval(fn("array_size", a)));
        assertEquals(3L, eval(fn("size", a)));
        assertEquals(3L, eval(fn("cardinality", a)));
        assertEquals("1_2_3", eval(fn("array_join", a, str("_"))));
        assertEquals(1, eval(fn("array_min", a)));
        assertEquals(3, eval(fn("array_max", a)));
        assertNumber("6", fn("array_sum", a));
        assertEquals(2.0, eval(fn("array_avg", a)));
        assertNumber("3", fn("array_position", a, num(3)));
        assertNumber("0", fn("array_position", a, num(9)));
        assertNull(eval(fn("array_position", cast(nul(), DataType.array(DataType.INT)), num(9))));
        // array_distinct keeps the first occurrences in order.
        assertEquals(Arrays.asList(3, 1, null, 2), eval(fn("array_distinct", array(num(3), num(1), num(3), nul(), num(2), nul()))));
        assertEquals(true, eval(fn("arrays_overlap", array(num(1), num(2)), array(num(2), num(3)))));
        assertEquals(Arrays.asList(null, 1, 3), eval(fn("array_sort", array(num(3), nul(), num(1)))));
        assertEquals(List.of(1, 2), eval(fn("array_sort", fn("array_distinct", array(num(2), num(1), num(2))))));
        assertEquals(2, eval(fn("element_at", a, num(2))));
        assertEquals(List.of(1, 2), eval(fn("array", num(1), num(2))));
        // array_slice(arr, offset, length), the Doris documentation's examples.
        assertEquals(List.of(2, 3, 6), eval(fn("array_slice", array(num(1), num(2), num(3), num(6)), num(2), num(3))));
        assertEquals(List.of(5), eval(fn("array_slice", array(num(1), num(4), num(3), num(5), nul()), num(-2), num(1))));
        assertEquals(List.of(), eval(fn("array_slice", array(num(1), num(3), num(5)), num(0))));
        assertEquals(List.of(3, 5), eval(fn("array_slice", array(num(1), num(3), num(5)), num(2))));
        assertEquals(List.of(), eval(fn("array_slice", array(num(1), num(3), num(5)), num(9), num(1))));
        assertEquals(List.of(), eval(fn("array_slice", array(num(1), num(3), num(5)), num(1), num(-1))));
        assertNull(eval(fn("array_slice", array(num(1)), nul(), num(1))));
    }

    @Test
    void mapsAndStructs() throws Exception {
        Expr m = fn("map", str("a"), num(1), str("b"), num(2));
        assertEquals(2, eval(fn("element_at", m, str("b"))));
        assertEquals(List.of("a", "b"), eval(fn("map_keys", m)));
        assertEquals(List.of(1, 2), eval(fn("map_values", m)));
        assertEquals(true, eval(fn("map_contains_key", m, str("a"))));
        assertEquals(false, eval(fn("map_contains_key", m, str("z"))));
        assertEquals(2L, eval(fn("map_size", m)));
        assertEquals(0L, eval(fn("map_size", fn("map"))));
        Expr s = fn("named_struct", str("id"), num(7), str("name"), str("seven"));
        assertEquals("seven", eval(fn("struct_element", s, str("name"))));
        assertEquals(7, eval(fn("struct_element", s, num(1))));
    }

    private static void assertNumber(String expected, Expr e) throws Exception {
        Object v = eval(e);
        assertEquals(0, new BigDecimal(expected).compareTo(new BigDecimal(v.toString())), () -> "got " + v);
    }

    private static void assertClose(double expected, Expr e) throws Exception {
        assertEquals(expected, ((Number) eval(e)).doubleValue(), 1e-9);
    }
}
