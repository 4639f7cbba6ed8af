package io.cairndb.printer;

import org.junit.jupiter.api.Test;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Expected values are the examples of the MySQL and Doris string function documentation. */
class StringFunctionsTest extends DuckTestBase {

    @Test
    void concatIsNullWhenAnyArgumentIs() throws Exception {
        assertEquals("MySQL", eval(fn("concat", str("My"), str("S"), str("QL"))));
        assertNull(eval(fn("concat", str("My"), nul(), str("QL"))));
        assertEquals("14.3", eval(fn("concat", dec("14.3"))));
        assertEquals("a1", eval(fn("concat", str("a"), num(1))));
    }

    @Test
    void concatWsSkipsNulls() throws Exception {
        assertEquals("First name,Second name,Last Name",
                eval(fn("concat_ws", str(","), str("First name"), str("Second name"), str("Last Name"))));
        assertEquals("First name,Last Name", eval(fn("concat_ws", str(","), str("First name"), nul(), str("Last Name"))));
        assertNull(eval(fn("concat_ws", nul(), str("a"))));
    }

    @Test
    void substringFollowsMysql() throws Exception {
        assertEquals("ratically", eval(fn("substring", str("Quadratically"), num(5))));
        assertEquals("barbar", eval(fn("substr", str("foobarbar"), num(4))));
        assertEquals("ratica", eval(fn("substring", str("Quadratically"), num(5), num(6))));
        assertEquals("ila", eval(fn("substring", str("Sakila"), num(-3))));
        assertEquals("aki", eval(fn("substring", str("Sakila"), num(-5), num(3))));
        assertEquals("ki", eval(fn("mid", str("Sakila"), num(-4), num(2))));
        assertEquals("", eval(fn("substring", str("Sakila"), num(0))));
        assertEquals("", eval(fn("substring", str("Sakila"), num(-10))));
        assertEquals("", eval(fn("substring", str("Sakila"), num(2), num(-1))));
        assertNull(eval(fn("substring", nul(), num(0))));
        assertEquals("ki", eval(fn("substring", str("Sakila"), bin(io.cairndb.sql.tree.Expr.BinaryOp.SUBTRACT, num(0),
                num(4)), num(2))));
    }

    @Test
    void leftAndRight() throws Exception {
        assertEquals("fooba", eval(fn("left", str("foobarbar"), num(5))));
        assertEquals("rbar", eval(fn("right", str("foobarbar"), num(4))));
        assertEquals("", eval(fn("left", str("abc"), num(-1))));
        assertEquals("", eval(fn("right", str("abc"), num(-1))));
        assertEquals("Hello", eval(fn("strleft", str("Hello doris"), num(5))));
        assertEquals("doris", eval(fn("strright", str("Hello doris"), num(5))));
    }

    @Test
    void lengthCountsBytesAndCharLengthCharacters() throws Exception {
        assertEquals(4L, eval(fn("length", str("text"))));
        assertEquals(2L, eval(fn("length", str("é"))));
        assertEquals(1L, eval(fn("char_length", str("é"))));
        assertEquals(1L, eval(fn("character_length", str("é"))));
        assertEquals(3L, eval(fn("length", num(123))));
    }

    @Test
    void caseAndTrimming() throws Exception {
        assertEquals("quadratically", eval(fn("lower", str("QUADRATICALLY"))));
        assertEquals("quadratically", eval(fn("lcase", str("QUADRATICALLY"))));
        assertEquals("HEJ", eval(fn("ucase", str("hej"))));
        assertEquals("HEJ", eval(fn("upper", str("hej"))));
        assertEquals("bar", eval(fn("trim", str("  bar   "))));
        assertEquals("barbar", eval(fn("ltrim", str("  barbar"))));
        assertEquals("barbar", eval(fn("rtrim", str("barbar   "))));
    }

    @Test
    void padding() throws Exception {
        assertEquals("??hi", eval(fn("lpad", str("hi"), num(4), str("??"))));
        assertEquals("h", eval(fn("lpad", str("hi"), num(1), str("??"))));
        assertEquals("hi???", eval(fn("rpad", str("hi"), num(5), str("?"))));
        assertEquals("h", eval(fn("rpad", str("hi"), num(1), str("?"))));
    }

    @Test
    void replaceReverseRepeatSpace() throws Exception {
        assertEquals("WwWwWw.mysql.com", eval(fn("replace", str("www.mysql.com"), str("w"), str("Ww"))));
        assertEquals("cba", eval(fn("reverse", str("abc"))));
        assertEquals("MySQLMySQLMySQL", eval(fn("repeat", str("MySQL"), num(3))));
        assertEquals("      ", eval(fn("space", num(6))));
    }

    @Test
    void positions() throws Exception {
        assertEquals(4L, eval(fn("instr", str("foobarbar"), str("bar"))));
        assertEquals(0L, eval(fn("instr", str("xbar"), str("foobar"))));
        assertEquals(4L, eval(fn("locate", str("bar"), str("foobarbar"))));
        assertEquals(0L, eval(fn("locate", str("xbar"), str("foobar"))));
        assertEquals(7L, ((Number) eval(fn("locate", str("bar"), str("foobarbar"), num(5)))).longValue());
        assertEquals(2, ((Number) eval(fn("find_in_set", str("b"), str("a,b,c,d")))).intValue());
        assertEquals(0, ((Number) eval(fn("find_in_set", str("z"), str("a,b,c,d")))).intValue());
        assertNull(eval(fn("find_in_set", nul(), str("a,b"))));
    }

    @Test
    void regularExpressions() throws Exception {
        assertEquals("b", eval(fn("regexp_extract", str("AbCdE"), str("([[:lower:]]+)C([[:lower:]]+)"), num(1))));
        assertEquals("d", eval(fn("regexp_extract", str("AbCdE"), str("([[:lower:]]+)C([[:lower:]]+)"), num(2))));
        assertEquals("a-b-c", eval(fn("regexp_replace", str("a b c"), str(" "), str("-"))));
        assertEquals("a <b> c", eval(fn("regexp_replace", str("a b c"), str("(b)"), str("<\\1>"))));
    }

    @Test
    void splitting() throws Exception {
        assertEquals("hello", eval(fn("split_part", str("hello world"), str(" "), num(1))));
        assertEquals("c", eval(fn("split_part", str("a,b,c"), str(","), num(-1))));
        // Field 0 is NULL, as the Doris documentation says.
        assertNull(eval(fn("split_part", str("a,b,c"), str(","), num(0))));
        assertEquals("b", eval(fn("split_part", str("a,b,c"), str(","), fn("abs", num(2)))));
        assertEquals(java.util.List.of("a", "b"), eval(fn("split_by_string", str("a,b"), str(","))));
    }

    @Test
    void decodingGivesText() throws Exception {
        assertEquals("abc", eval(fn("unhex", str("616263"))));
        assertEquals("abc", eval(fn("from_base64", str("YWJj"))));
        assertNull(eval(fn("from_base64", str("!!"))));
    }

    @Test
    void prefixesHashesAndCodes() throws Exception {
        assertEquals(true, eval(fn("starts_with", str("hello world"), str("hello"))));
        assertEquals(true, eval(fn("ends_with", str("Hello doris"), str("doris"))));
        assertEquals("900150983cd24fb0d6963f7d28e17f72", eval(fn("md5", str("abc"))));
        assertEquals(50, ((Number) eval(fn("ascii", str("2")))).intValue());
        assertEquals(100, ((Number) eval(fn("ascii", str("dx")))).intValue());
    }
}
