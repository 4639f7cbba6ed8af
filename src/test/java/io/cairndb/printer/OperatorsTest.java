package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Operators, literals, casts and other non-function expressions; expected values per MySQL/Doris docs. */
class OperatorsTest extends DuckTestBase {

    @Test
    void divisionIsExactAndNullOnZero() throws Exception {
        assertEquals(3.5, eval(bin(BinaryOp.DIVIDE, num(7), num(2))));
        assertNull(eval(bin(BinaryOp.DIVIDE, num(1), num(0))));
        assertNull(eval(bin(BinaryOp.DIVIDE, dec("1.0"), num(0))));
        assertNull(eval(bin(BinaryOp.DIVIDE, dbl(1), cast(num(0), DataType.DOUBLE))));
    }

    @Test
    void intDivideTruncatesTowardZero() throws Exception {
        assertEquals(3L, ((Number) eval(bin(BinaryOp.INT_DIVIDE, num(7), num(2)))).longValue());
        assertEquals(-3L, ((Number) eval(bin(BinaryOp.INT_DIVIDE, num(-7), num(2)))).longValue());
        assertEquals(3L, ((Number) eval(bin(BinaryOp.INT_DIVIDE, dec("7.5"), num(2)))).longValue());
        assertNull(eval(bin(BinaryOp.INT_DIVIDE, num(7), num(0))));
        assertNull(eval(bin(BinaryOp.INT_DIVIDE, dec("7.5"), num(0))));
        // Beyond 2^53, where a detour through DOUBLE would lose digits.
        assertEquals(900719925474099L, ((Number) eval(bin(BinaryOp.INT_DIVIDE,
                cast(num(9007199254740993L), DataType.BIGINT), num(10)))).longValue());
    }

    @Test
    void macrosInstallTwice() throws Exception {
        DuckMacros.install(connection, 67108864, "max_allowed_packet");
        assertEquals(2L, ((Number) eval(bin(BinaryOp.INT_DIVIDE, num(5), num(2)))).longValue());
    }

    @Test
    void moduloFollowsTheDividendAndIsNullOnZero() throws Exception {
        assertEquals(-1, ((Number) eval(bin(BinaryOp.MOD, num(-7), num(2)))).intValue());
        assertEquals(0, new BigDecimal("1.5").compareTo((BigDecimal) eval(bin(BinaryOp.MOD, dec("7.5"), num(2)))));
        assertNull(eval(bin(BinaryOp.MOD, num(7), num(0))));
        assertNull(eval(bin(BinaryOp.MOD, dbl(7.5), dbl(0))));
    }

    @Test
    void bitOperators() throws Exception {
        assertEquals(6, ((Number) eval(bin(BinaryOp.BIT_XOR, num(5), num(3)))).intValue());
        assertEquals(1, ((Number) eval(bin(BinaryOp.BIT_AND, num(5), num(3)))).intValue());
        assertEquals(7, ((Number) eval(bin(BinaryOp.BIT_OR, num(5), num(3)))).intValue());
        // Doris: bitnot(7) = -8.
        assertEquals(-8, ((Number) eval(new Expr.Unary(Expr.UnaryOp.BIT_NOT, num(7)))).intValue());
    }

    @Test
    void unaryMinusOfNegativeLiteral() throws Exception {
        assertEquals(5, ((Number) eval(new Expr.Unary(Expr.UnaryOp.MINUS, num(-5)))).intValue());
        assertEquals(5, ((Number) eval(bin(BinaryOp.SUBTRACT, num(0), num(-5)))).intValue());
    }

    @Test
    void nullSafeEquality() throws Exception {
        assertEquals(true, eval(bin(BinaryOp.NULL_SAFE_EQ, nul(), nul())));
        assertEquals(false, eval(bin(BinaryOp.NULL_SAFE_EQ, num(1), nul())));
        assertNull(eval(bin(BinaryOp.EQ, num(1), nul())));
    }

    @Test
    void likeEscapesWithBackslashByDefault() throws Exception {
        assertEquals(true, eval(like(str("a_b"), str("a\\_b"), false)));
        assertEquals(false, eval(like(str("axb"), str("a\\_b"), false)));
        assertEquals(true, eval(like(str("abc"), str("a%"), false)));
        assertEquals(true, eval(like(str("abc"), str("b%"), true)));
        assertEquals(true, eval(new Expr.Like(str("a|b"), str("a||b"), Expr.LikeKind.LIKE, false, str("|"))));
    }

    @Test
    void regexpMatchesAnywhere() throws Exception {
        assertEquals(true, eval(new Expr.Like(str("abc"), str("b"), Expr.LikeKind.REGEXP, false, null)));
        assertEquals(true, eval(new Expr.Like(str("abc"), str("^b"), Expr.LikeKind.REGEXP, true, null)));
    }

    @Test
    void castOfInvalidStringIsNull() throws Exception {
        assertNull(eval(cast(str("abc"), DataType.INT)));
        assertEquals(12, eval(cast(str("12"), DataType.INT)));
    }

    @Test
    void castToAnIntegerDropsTheFraction() throws Exception {
        // Doris truncates DECIMAL, DOUBLE and numeric strings ("Cast to INT Types"); DuckDB would round.
        assertEquals(12, eval(cast(dec("12.5"), DataType.INT)));
        assertEquals(-12, eval(cast(dec("-12.9"), DataType.INT)));
        assertEquals(3L, eval(cast(dbl(3.7), DataType.BIGINT)));
        assertEquals(12345678901234567L, eval(cast(dec("12345678901234567.89"), DataType.BIGINT)));
        assertEquals(123, eval(cast(str("123.456"), DataType.INT)));
        assertEquals(-7L, eval(cast(str(" -7.2 "), DataType.BIGINT)));
        assertEquals(0, eval(cast(str(".5"), DataType.INT)));
        assertEquals(9223372036854775807L, eval(cast(str("9223372036854775807"), DataType.BIGINT)));
        assertNull(eval(cast(str("1.23456e5"), DataType.INT)));
        assertNull(eval(cast(str("2147483648"), DataType.INT)));
        assertNull(eval(cast(num(300), DataType.TINYINT)));
        assertEquals(1, eval(cast(bool(true), DataType.INT)));
        assertNull(eval(cast(nul(), DataType.INT)));
        assertEquals("12", eval(cast(num(12), DataType.varchar(10))));
        assertEquals("2024-01-02", text(cast(str("2024-01-02 10:00:00"), DataType.DATE)));
        assertNull(eval(cast(str("2024-13-01"), DataType.DATE)));
        assertEquals(0, new BigDecimal("1.25").compareTo((BigDecimal) eval(cast(str("1.25"), DataType.decimal(10, 2)))));
    }

    @Test
    void intervalArithmeticKeepsDates() throws Exception {
        assertEquals("2024-02-29", text(bin(BinaryOp.ADD, date("2024-01-31"), interval(num(1), "MONTH"))));
        assertEquals("2023-12-31", text(bin(BinaryOp.SUBTRACT, date("2024-01-01"), interval(num(1), "DAY"))));
        assertEquals("2024-01-01 09:00:00.0",
                text(bin(BinaryOp.SUBTRACT, datetime("2024-01-01 10:00:00"), interval(num(1), "HOUR"))));
        assertEquals("2024-04-30", text(bin(BinaryOp.ADD, interval(num(1), "QUARTER"), date("2024-01-30"))));
    }

    @Test
    void literals() throws Exception {
        assertEquals(100000.0, eval(dbl(1e5)));
        assertEquals("it's", eval(str("it's")));
        assertEquals("a\\b", eval(str("a\\b")));
        assertEquals(true, eval(bool(true)));
        assertEquals("2024-01-02 03:04:05.0", text(datetime("2024-01-02 03:04:05")));
        assertEquals(0, new BigDecimal("1.50").compareTo((BigDecimal) eval(dec("1.50"))));
    }

    @Test
    void predicates() throws Exception {
        assertEquals(true, eval(new Expr.Between(num(2), num(1), num(3), false)));
        assertEquals(true, eval(new Expr.Between(num(5), num(1), num(3), true)));
        assertEquals(true, eval(new Expr.InList(num(2), List.of(num(1), num(2)), false)));
        assertEquals(true, eval(new Expr.InList(num(3), List.of(num(1), num(2)), true)));
        assertEquals(true, eval(new Expr.IsNull(nul(), false)));
        assertEquals(false, eval(new Expr.IsNull(nul(), true)));
        assertEquals(true, eval(new Expr.Unary(Expr.UnaryOp.NOT, bool(false))));
    }

    @Test
    void caseExpressions() throws Exception {
        Expr searched = new Expr.Case(null, List.of(new Expr.WhenClause(bin(BinaryOp.GT, num(1), num(2)), str("a"))),
                str("b"));
        assertEquals("b", eval(searched));
        Expr simple = new Expr.Case(num(2), List.of(new Expr.WhenClause(num(1), str("one")),
                new Expr.WhenClause(num(2), str("two"))), null);
        assertEquals("two", eval(simple));
    }

    @Test
    void arraysAreOneBasedAndTakeLambdas() throws Exception {
        assertEquals(2, eval(new Expr.Subscript(array(num(1), num(2), num(3)), num(2))));
        assertNull(eval(new Expr.Subscript(array(num(1)), num(5))));
        Expr plusOne = new Expr.Lambda(List.of("x"), bin(BinaryOp.ADD, col("x"), num(1)));
        // x + 1 over TINYINT elements is a SMALLINT, as Doris widens integer addition.
        assertEquals(List.of((short) 2, (short) 3), eval(fn("array_map", plusOne, array(num(1), num(2)))));
        Expr big = new Expr.Lambda(List.of("x"), bin(BinaryOp.GT, col("x"), num(1)));
        assertEquals(List.of(2), eval(fn("array_filter", big, array(num(1), num(2)))));
    }

    @Test
    void variablesComeFromTheSessionAndParametersFromTheClient() throws Exception {
        assertEquals("UTC", eval(new Expr.Variable("time_zone", true, null)));
        assertEquals(42, eval(prepared(new Expr.Parameter(0), "42")));
        // A parameter bound to a string can serve as a constant format.
        assertEquals("2024", eval(prepared(fn("date_format", date("2024-05-06"), new Expr.Parameter(0)), "'%Y'")));
    }

    private static Expr like(Expr value, Expr pattern, boolean negated) {
        return new Expr.Like(value, pattern, Expr.LikeKind.LIKE, negated, null);
    }
}
