package io.cairndb.server.mysql;

import io.cairndb.engine.TextValue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Encodes result values for the text protocol (every value a string) and the binary protocol
 * (each value in the fixed layout of its column's type code).
 */
final class ValueEncoder {
    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1000, 10_000, 100_000, 1_000_000,
        10_000_000, 100_000_000, 1_000_000_000};

    private ValueEncoder() {
    }

    /**
     * Appends a non-null value in the text protocol. Integers and strings, the bulk of most results,
     * go straight into the payload, without a String or a byte array per value in between.
     */
    static void text(PayloadWriter out, Object value, MysqlColumn column) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            out.lenencDecimal(((Number) value).longValue());
        } else if (value instanceof String s) {
            out.lenencString(s);
        } else if (value instanceof Double d) {
            out.lenencDouble(d);
        } else if (value instanceof byte[] bytes) {
            out.lenencBytes(bytes);
        } else {
            out.lenencBytes(text(value, column));
        }
    }

    /** The text-protocol form of a non-null value. */
    static byte[] text(Object value, MysqlColumn column) {
        return textString(value, column).getBytes(StandardCharsets.UTF_8);
    }

    static String textString(Object value, MysqlColumn column) {
        return TextValue.of(value, column.dataType());
    }

    /** True when the binary protocol sends this value as NULL (the NULL type has no value layout). */
    static boolean isBinaryNull(Object value, MysqlColumn column) {
        return value == null || column.typeCode() == Protocol.TYPE_NULL;
    }

    /** Appends a non-null value in the binary layout of its column type. */
    static void binary(PayloadWriter out, Object value, MysqlColumn column) {
        switch (column.typeCode()) {
            case Protocol.TYPE_TINY -> out.int1((int) asLong(value));
            case Protocol.TYPE_SHORT -> out.int2((int) asLong(value));
            case Protocol.TYPE_LONG -> out.int4(asLong(value));
            case Protocol.TYPE_LONGLONG -> out.int8(asLong(value));
            case Protocol.TYPE_FLOAT -> out.float4(asNumber(value).floatValue());
            case Protocol.TYPE_DOUBLE -> out.double8(asNumber(value).doubleValue());
            case Protocol.TYPE_DATE -> writeDate(out, asDate(value));
            case Protocol.TYPE_DATETIME -> writeDateTime(out, asDateTime(value), column);
            default -> out.lenencBytes(value instanceof byte[] bytes ? bytes : text(value, column));
        }
    }

    private static void writeDate(PayloadWriter out, LocalDate d) {
        out.int1(4).int2(d.getYear()).int1(d.getMonthValue()).int1(d.getDayOfMonth());
    }

    private static void writeDateTime(PayloadWriter out, LocalDateTime t, MysqlColumn column) {
        int scale = column.datetimeScale(t.getNano());
        int micros = t.getNano() / 1000;
        micros -= micros % POWERS_OF_TEN[6 - scale];
        out.int1(micros == 0 ? 7 : 11)
                .int2(t.getYear()).int1(t.getMonthValue()).int1(t.getDayOfMonth())
                .int1(t.getHour()).int1(t.getMinute()).int1(t.getSecond());
        if (micros != 0) {
            out.int4(micros);
        }
    }

    private static Number asNumber(Object value) {
        if (value instanceof Number n) {
            return n;
        } else if (value instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return new BigDecimal(value.toString());
    }

    private static long asLong(Object value) {
        return asNumber(value).longValue();
    }

    private static LocalDate asDate(Object value) {
        if (value instanceof LocalDateTime t) {
            return t.toLocalDate();
        } else if (value instanceof LocalDate d) {
            return d;
        }
        return LocalDate.parse(value.toString());
    }

    private static LocalDateTime asDateTime(Object value) {
        if (value instanceof LocalDate d) {
            return d.atStartOfDay();
        } else if (value instanceof LocalDateTime t) {
            return t;
        }
        return LocalDateTime.parse(value.toString().replace(' ', 'T'));
    }
}
