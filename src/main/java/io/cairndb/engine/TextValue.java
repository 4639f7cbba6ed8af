package io.cairndb.engine;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * The text form of a result value, as the MySQL text protocol sends it; binary data, which the
 * protocol sends as it is, in hex as the mysql client shows it. Null stays null.
 */
public final class TextValue {
    private TextValue() {
    }

    public static String of(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        if (v instanceof Boolean b) {
            return b ? "1" : "0";
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof Double d) {
            return doubleText(d);
        }
        if (v instanceof Float f) {
            String s = Float.toString(f);
            return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
        }
        if (v instanceof LocalDateTime t) {
            int scale = type.kind() == TypeKind.DATETIME ? type.scale() : 0;
            return ValueFormat.datetime(t, scale == 0 && t.getNano() != 0 ? 6 : scale);
        }
        if (v instanceof LocalDate d) {
            return d.toString();
        }
        if (v instanceof byte[] bytes) {
            // Binary data (what a client is shown of an aggregate state) reads as the mysql client shows it.
            return "0x" + java.util.HexFormat.of().withUpperCase().formatHex(bytes);
        }
        return v.toString();
    }

    /** Doubles without a trailing ".0" and without exponent for ordinary magnitudes, as Doris prints them. */
    public static String doubleText(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.isNaN(d) ? "NaN" : (d > 0 ? "Infinity" : "-Infinity");
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        String s = Double.toString(d);
        if (s.contains("E") && Math.abs(d) >= 1e-4 && Math.abs(d) < 1e15) {
            return new BigDecimal(s).toPlainString();
        }
        return s;
    }
}
