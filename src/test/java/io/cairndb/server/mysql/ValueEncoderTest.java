package io.cairndb.server.mysql;

import io.cairndb.catalog.DataType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

class ValueEncoderTest {
    private static String text(Object value, DataType type) {
        return ValueEncoder.textString(value, MysqlColumn.of("c", type));
    }

    private static byte[] binary(Object value, DataType type) {
        PayloadWriter out = new PayloadWriter();
        ValueEncoder.binary(out, value, MysqlColumn.of("c", type));
        return Arrays.copyOf(out.array(), out.length());
    }

    /** What the text protocol appends for a value: its length-encoded text, decoded back. */
    private static String appended(Object value, DataType type) {
        PayloadWriter out = new PayloadWriter();
        ValueEncoder.text(out, value, MysqlColumn.of("c", type));
        PayloadReader in = new PayloadReader(Arrays.copyOf(out.array(), out.length()));
        return new String(in.lenencBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void integersAndStringsAreAppendedAsTheirText() {
        for (long v : new long[]{0, 7, -7, 9, 10, -10, 99, 100, -100, 1234567890123L, 999_999_999_999_999_999L,
                1_000_000_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1}) {
            assertEquals(Long.toString(v), appended(v, DataType.BIGINT));
        }
        assertEquals("-2147483648", appended(Integer.MIN_VALUE, DataType.INT));
        assertEquals("-32768", appended((short) -32768, DataType.SMALLINT));
        assertEquals("127", appended((byte) 127, DataType.TINYINT));
        assertEquals("héllo", appended("héllo", DataType.STRING));
        assertEquals("2.5", appended(2.5, DataType.DOUBLE));
    }

    @Test
    void textForms() {
        assertEquals("1", text(true, DataType.BOOLEAN));
        assertEquals("0", text(false, DataType.BOOLEAN));
        assertEquals("3", text(3.0, DataType.DOUBLE));
        assertEquals("0.1", text(0.1f, DataType.FLOAT));
        assertEquals("10000000000", text(1e10, DataType.DOUBLE));
        assertEquals("NaN", text(Double.NaN, DataType.DOUBLE));
        assertEquals("-Infinity", text(Double.NEGATIVE_INFINITY, DataType.DOUBLE));
        assertEquals("1000", text(new BigDecimal("1E+3"), DataType.decimal(10, 0)));
        assertEquals("0001-02-03", text(LocalDate.of(1, 2, 3), DataType.DATE));
        LocalDateTime t = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 987_654_321);
        assertEquals("2024-01-02 03:04:05.987654", text(t, DataType.DATETIME));
        assertEquals("2024-01-02 03:04:05.98", text(t, DataType.datetime(2)));
        assertEquals("2024-01-02 03:04:05.987654", text(t, DataType.datetime(6)));
        assertEquals("2024-01-02 03:04:05.987654", text(t, DataType.STRING));
        assertEquals("2024-01-02 03:04:05", text(t.withNano(0), DataType.STRING));
    }

    @Test
    void binaryForms() {
        assertArrayEquals(new byte[] {1}, binary(true, DataType.BOOLEAN));
        assertArrayEquals(new byte[] {-2, -1}, binary((short) -2, DataType.SMALLINT));
        assertArrayEquals(new byte[] {4, (byte) 0xe8, 7, 12, 31}, binary(LocalDate.of(2024, 12, 31), DataType.DATE));
        assertArrayEquals(new byte[] {7, (byte) 0xe8, 7, 1, 2, 3, 4, 5},
                binary(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 999), DataType.DATETIME));
        assertArrayEquals(new byte[] {11, (byte) 0xe8, 7, 1, 2, 3, 4, 5, 0x78, (byte) 0xe0, 1, 0},
                binary(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), DataType.datetime(3)));
        assertArrayEquals(new byte[] {2, '4', '2'}, binary(new java.math.BigInteger("42"), DataType.LARGEINT));
    }
}
