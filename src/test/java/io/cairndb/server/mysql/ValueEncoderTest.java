package io.cairndb.server.mysql;

import io.cairndb.catalog.DataType;
import io.cairndb.engine.TextValue;
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
    void integersAreWrittenAsLongToStringSpellsThem() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            long v = switch (i % 4) {
                case 0 -> random.nextLong();
                case 1 -> random.nextInt();
                case 2 -> random.nextInt(-1000, 1000);
                default -> (long) Math.pow(10, random.nextInt(19)) + random.nextInt(-2, 3);
            };
            assertEquals(Long.toString(v), appended(v, DataType.BIGINT));
        }
    }

    /** Doubles take a path of their own when they are short decimals; it must agree with TextValue everywhere. */
    @Test
    void doublesAreWrittenAsTextValueSpellsThem() {
        double[] edges = {0.0, -0.0, 0.5, -0.5, 0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1e-3, 1e-4, 5e-4, 0.00123,
            0.001, 0.0015, 9.999e-4, 12345.5, -12345.5, 1e7 + 0.5, 123456789.125, 999999999999999.9, 99999999999999.99,
            1e15, 1e15 + 0.5, 1e16, 1e22, 1e23, 4.35, 2.675, 1.005, 100.0, 1e-5, 1.5e-5, 123e-7, Double.MIN_VALUE,
            Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL, Math.PI, Math.E, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Math.nextUp(1e-3), Math.nextDown(1e-3),
            Math.nextUp(1e15), Math.nextDown(1e15), Math.nextUp(0.1), Math.nextDown(0.1), 4503599627370495.5,
            2251799813685247.75, 0.30000000000000004, 1.7976931348623157E308, 9007199254740993.0};
        for (double d : edges) {
            assertEquals(TextValue.doubleText(d), appended(d, DataType.DOUBLE), "for " + d);
            assertEquals(TextValue.doubleText(-d), appended(-d, DataType.DOUBLE), "for " + -d);
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        double[] scales = new double[23];
        for (int i = 0; i < scales.length; i++) {
            scales[i] = Double.parseDouble("1e" + i);
        }
        for (int i = 0; i < 300_000; i++) {
            double d = switch (i % 5) {
                case 0 -> random.nextLong((long) Math.pow(10, 1 + random.nextInt(17))) / scales[random.nextInt(20)];
                case 1 -> Double.longBitsToDouble(random.nextLong());
                case 2 -> Math.pow(10, -5 + random.nextDouble() * 21);
                case 3 -> random.nextLong(-(1L << 45), 1L << 45) * 0.25;
                default -> random.nextInt(100_000) / 100.0 + random.nextInt(100_000) / 1000.0;
            };
            assertEquals(TextValue.doubleText(d), appended(d, DataType.DOUBLE), "for " + d);
        }
    }

    @Test
    void stringsAreWrittenInUtf8() {
        String[] values = {"", "a", "héllo", "日本語", "😀 emoji", "\uD800 lone", "ascii then é", "x".repeat(250),
            "x".repeat(251), "é".repeat(200), "y".repeat(70_000), "z".repeat(1 << 24)};
        for (String v : values) {
            PayloadWriter out = new PayloadWriter();
            out.lenencString(v);
            PayloadReader in = new PayloadReader(Arrays.copyOf(out.array(), out.length()));
            assertArrayEquals(v.getBytes(java.nio.charset.StandardCharsets.UTF_8), in.lenencBytes());
            assertFalse(in.hasRemaining());
        }
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
