package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr.BinaryOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.stream.Stream;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.BITMAP;
import static io.cairndb.catalog.DataType.BOOLEAN;
import static io.cairndb.catalog.DataType.DATE;
import static io.cairndb.catalog.DataType.DATETIME;
import static io.cairndb.catalog.DataType.DOUBLE;
import static io.cairndb.catalog.DataType.FLOAT;
import static io.cairndb.catalog.DataType.INT;
import static io.cairndb.catalog.DataType.LARGEINT;
import static io.cairndb.catalog.DataType.NULL;
import static io.cairndb.catalog.DataType.SMALLINT;
import static io.cairndb.catalog.DataType.STRING;
import static io.cairndb.catalog.DataType.TINYINT;
import static io.cairndb.catalog.DataType.decimal;
import static io.cairndb.catalog.DataType.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class OperatorTypesTest {
    private static ArgumentType col(DataType t) {
        return new ArgumentType(t, true, null);
    }

    private static ArgumentType notNull(DataType t) {
        return new ArgumentType(t, false, null);
    }

    private static ArgumentType literal(long v) {
        BigInteger b = BigInteger.valueOf(v);
        return new ArgumentType(OperatorTypes.integerLiteral(b), false, b);
    }

    static Stream<Arguments> arithmetic() {
        return Stream.of(
                // The integer ladder: one step wider than the wider operand, LARGEINT at most.
                arguments(BinaryOp.ADD, col(TINYINT), col(TINYINT), SMALLINT),
                arguments(BinaryOp.ADD, col(SMALLINT), col(TINYINT), INT),
                arguments(BinaryOp.SUBTRACT, col(SMALLINT), col(INT), BIGINT),
                arguments(BinaryOp.MULTIPLY, col(INT), col(INT), BIGINT),
                arguments(BinaryOp.SUBTRACT, col(BIGINT), col(BIGINT), LARGEINT),
                arguments(BinaryOp.ADD, col(LARGEINT), col(TINYINT), LARGEINT),
                arguments(BinaryOp.ADD, col(BOOLEAN), col(BOOLEAN), SMALLINT),
                arguments(BinaryOp.ADD, col(NULL), col(INT), BIGINT),
                // Integer division, modulo and bit operations.
                arguments(BinaryOp.DIVIDE, col(INT), col(INT), DOUBLE),
                arguments(BinaryOp.DIVIDE, col(TINYINT), col(BIGINT), DOUBLE),
                arguments(BinaryOp.MOD, col(INT), col(SMALLINT), INT),
                arguments(BinaryOp.MOD, col(BIGINT), col(TINYINT), BIGINT),
                arguments(BinaryOp.INT_DIVIDE, col(INT), col(INT), BIGINT),
                arguments(BinaryOp.INT_DIVIDE, col(DOUBLE), col(INT), BIGINT),
                arguments(BinaryOp.INT_DIVIDE, col(LARGEINT), col(INT), LARGEINT),
                arguments(BinaryOp.BIT_AND, col(INT), col(BIGINT), BIGINT),
                arguments(BinaryOp.BIT_OR, col(TINYINT), col(TINYINT), TINYINT),
                arguments(BinaryOp.BIT_XOR, col(DOUBLE), col(INT), BIGINT),
                // FLOAT, DOUBLE and strings make a DOUBLE.
                arguments(BinaryOp.ADD, col(DOUBLE), col(INT), DOUBLE),
                arguments(BinaryOp.MULTIPLY, col(FLOAT), col(decimal(10, 2)), DOUBLE),
                arguments(BinaryOp.ADD, col(varchar(10)), col(INT), DOUBLE),
                arguments(BinaryOp.DIVIDE, col(STRING), col(decimal(10, 2)), DOUBLE),
                // DECIMAL + and -: max(p1 - s1, p2 - s2) + max(s1, s2) + 1 digits, scale max(s1, s2).
                arguments(BinaryOp.ADD, col(decimal(10, 2)), col(decimal(10, 2)), decimal(11, 2)),
                arguments(BinaryOp.SUBTRACT, col(decimal(10, 2)), col(decimal(5, 4)), decimal(13, 4)),
                arguments(BinaryOp.ADD, col(decimal(38, 10)), col(decimal(38, 10)), decimal(38, 10)),
                arguments(BinaryOp.ADD, col(decimal(38, 0)), col(decimal(10, 2)), decimal(38, 0)),
                arguments(BinaryOp.ADD, col(decimal(35, 5)), col(decimal(20, 10)), decimal(38, 8)),
                // DECIMAL *: p1 + p2 and s1 + s2; beyond 38 digits the scale shrinks, to 6 at the least.
                arguments(BinaryOp.MULTIPLY, col(decimal(19, 9)), col(decimal(19, 9)), decimal(38, 18)),
                arguments(BinaryOp.MULTIPLY, col(decimal(20, 5)), col(decimal(21, 6)), decimal(38, 8)),
                arguments(BinaryOp.MULTIPLY, col(decimal(38, 10)), col(decimal(38, 10)), decimal(38, 6)),
                arguments(BinaryOp.MULTIPLY, col(decimal(30, 2)), col(decimal(30, 3)), decimal(38, 5)),
                // DECIMAL /: p1 + s2 + 4 digits, scale s1 + 4.
                arguments(BinaryOp.DIVIDE, col(decimal(19, 9)), col(decimal(19, 9)), decimal(32, 13)),
                arguments(BinaryOp.DIVIDE, col(decimal(27, 8)), col(decimal(27, 8)), decimal(38, 11)),
                arguments(BinaryOp.DIVIDE, col(decimal(38, 10)), col(decimal(10, 2)), decimal(38, 10)),
                arguments(BinaryOp.DIVIDE, col(decimal(36, 2)), col(decimal(10, 0)), decimal(38, 6)),
                // DECIMAL %: max(p1 - s1, p2 - s2) + max(s1, s2) digits.
                arguments(BinaryOp.MOD, col(decimal(10, 2)), col(decimal(5, 3)), decimal(11, 3)),
                // An integer meets a DECIMAL as the DECIMAL of its range, a literal as that of its digits.
                arguments(BinaryOp.ADD, col(INT), col(decimal(10, 2)), decimal(13, 2)),
                arguments(BinaryOp.MULTIPLY, col(BIGINT), col(decimal(10, 2)), decimal(30, 2)),
                arguments(BinaryOp.MULTIPLY, literal(2), col(decimal(10, 2)), decimal(11, 2)),
                arguments(BinaryOp.DIVIDE, col(INT), col(decimal(5, 2)), decimal(16, 4)),
                arguments(BinaryOp.DIVIDE, literal(1), col(decimal(2, 1)), decimal(6, 4)));
    }

    @ParameterizedTest(name = "{1} {0} {2} is {3}")
    @MethodSource
    void arithmetic(BinaryOp op, ArgumentType l, ArgumentType r, DataType expected) {
        assertEquals(expected, OperatorTypes.arithmetic(op, l, r).type());
    }

    @Test
    void divisionAndModuloAreAlwaysNullable() {
        for (BinaryOp op : List.of(BinaryOp.DIVIDE, BinaryOp.INT_DIVIDE, BinaryOp.MOD)) {
            assertTrue(OperatorTypes.arithmetic(op, notNull(INT), notNull(INT)).nullable(), op.name());
        }
        for (BinaryOp op : List.of(BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY, BinaryOp.BIT_AND)) {
            assertFalse(OperatorTypes.arithmetic(op, notNull(INT), notNull(INT)).nullable(), op.name());
            assertTrue(OperatorTypes.arithmetic(op, notNull(INT), col(INT)).nullable(), op.name());
        }
    }

    @Test
    void arithmeticOnSketchesHasNoType() {
        assertNull(OperatorTypes.arithmetic(BinaryOp.ADD, col(BITMAP), col(INT)));
        assertNull(OperatorTypes.arithmetic(BinaryOp.ADD, col(DataType.array(INT)), col(INT)));
    }

    @Test
    void negation() {
        assertEquals(notNull(INT), OperatorTypes.negate(notNull(INT)));
        assertEquals(col(decimal(10, 2)), OperatorTypes.negate(col(decimal(10, 2))));
        // 128 needs a SMALLINT, -128 a TINYINT.
        assertEquals(TINYINT, OperatorTypes.negate(literal(128)).type());
        assertEquals(DOUBLE, OperatorTypes.negate(col(varchar(3))).type());
        assertEquals(BIGINT, OperatorTypes.bitNot(col(DOUBLE)).type());
    }

    @Test
    void predicatesAreBoolean() {
        assertEquals(col(BOOLEAN), OperatorTypes.comparison(BinaryOp.EQ, col(INT), notNull(INT)));
        assertEquals(notNull(BOOLEAN), OperatorTypes.comparison(BinaryOp.LT, notNull(INT), notNull(STRING)));
        assertEquals(notNull(BOOLEAN), OperatorTypes.comparison(BinaryOp.NULL_SAFE_EQ, col(INT), col(INT)));
        assertEquals(col(BOOLEAN), OperatorTypes.predicate(List.of(notNull(varchar(3)), col(varchar(3)))));
        assertEquals(notNull(BOOLEAN), OperatorTypes.isNull());
    }

    static Stream<Arguments> integerLiterals() {
        BigInteger two = BigInteger.TWO;
        return Stream.of(
                arguments(BigInteger.ZERO, TINYINT),
                arguments(BigInteger.valueOf(127), TINYINT),
                arguments(BigInteger.valueOf(-128), TINYINT),
                arguments(BigInteger.valueOf(128), SMALLINT),
                arguments(BigInteger.valueOf(-129), SMALLINT),
                arguments(BigInteger.valueOf(32768), INT),
                arguments(two.pow(31), BIGINT),
                arguments(BigInteger.valueOf(Long.MAX_VALUE), BIGINT),
                arguments(two.pow(63), LARGEINT),
                arguments(two.pow(127).negate(), LARGEINT),
                arguments(two.pow(127), null));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @MethodSource
    void integerLiterals(BigInteger v, DataType expected) {
        assertEquals(expected, OperatorTypes.integerLiteral(v));
    }

    static Stream<Arguments> decimalLiterals() {
        return Stream.of(
                arguments("1.50", decimal(3, 2)),
                arguments("0.05", decimal(2, 2)),
                arguments("0.5", decimal(1, 1)),
                arguments("-123.4", decimal(4, 1)),
                arguments("1E+3", decimal(4, 0)),
                arguments("1234567890123456789012345678901234567.89", DOUBLE));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @MethodSource
    void decimalLiterals(String literal, DataType expected) {
        assertEquals(expected, OperatorTypes.decimalLiteral(new BigDecimal(literal)));
    }

    static Stream<Arguments> commonTypes() {
        return Stream.of(
                arguments(List.of(TINYINT, INT), INT),
                arguments(List.of(INT, BIGINT, SMALLINT), BIGINT),
                arguments(List.of(BOOLEAN, INT), INT),
                arguments(List.of(INT, decimal(10, 2)), decimal(12, 2)),
                arguments(List.of(decimal(10, 2), decimal(5, 4)), decimal(12, 4)),
                arguments(List.of(LARGEINT, decimal(10, 2)), decimal(38, 0)),
                arguments(List.of(INT, DOUBLE), DOUBLE),
                arguments(List.of(decimal(10, 2), FLOAT), DOUBLE),
                arguments(List.of(FLOAT, FLOAT), FLOAT),
                arguments(List.of(FLOAT, INT), DOUBLE),
                arguments(List.of(DATE, DATETIME), DATETIME),
                arguments(List.of(DATE, DataType.datetime(3), DATETIME), DataType.datetime(3)),
                arguments(List.of(varchar(5), varchar(10)), varchar(10)),
                arguments(List.of(varchar(5), varchar(-1)), varchar(-1)),
                arguments(List.of(DataType.chars(3), DataType.chars(3)), DataType.chars(3)),
                arguments(List.of(DataType.chars(3), DataType.chars(5)), varchar(5)),
                arguments(List.of(DataType.chars(3), varchar(2)), varchar(3)),
                arguments(List.of(varchar(5), STRING), STRING),
                arguments(List.of(varchar(5), INT), STRING),
                arguments(List.of(DATE, varchar(10)), STRING),
                arguments(List.of(NULL, INT), INT),
                arguments(List.of(INT, NULL, TINYINT), INT),
                arguments(List.of(NULL), NULL),
                arguments(List.of(), NULL),
                arguments(List.of(DataType.array(INT), DataType.array(BIGINT)), DataType.array(BIGINT)),
                arguments(List.of(DataType.map(varchar(1), INT), DataType.map(STRING, TINYINT)), DataType.map(STRING, INT)));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @MethodSource
    void commonTypes(List<DataType> types, DataType expected) {
        assertEquals(expected, OperatorTypes.commonType(types));
    }

    @Test
    void typesWithoutACommonType() {
        assertNull(OperatorTypes.commonType(List.of(BITMAP, INT)));
        assertNull(OperatorTypes.commonType(List.of(DataType.array(INT), INT)));
        assertNull(OperatorTypes.commonType(List.of(DataType.HLL, BITMAP)));
    }

    @Test
    void comparisonTypes() {
        assertEquals(DOUBLE, OperatorTypes.comparisonType(varchar(3), INT));
        assertEquals(DOUBLE, OperatorTypes.comparisonType(decimal(10, 2), STRING));
        assertEquals(DATE, OperatorTypes.comparisonType(varchar(10), DATE));
        assertEquals(DATETIME, OperatorTypes.comparisonType(DATETIME, STRING));
        assertEquals(BIGINT, OperatorTypes.comparisonType(INT, BIGINT));
        assertEquals(varchar(10), OperatorTypes.comparisonType(varchar(10), varchar(3)));
    }
}
