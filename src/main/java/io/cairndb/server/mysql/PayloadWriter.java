package io.cairndb.server.mysql;

import io.cairndb.engine.TextValue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Builds one server payload; reused across packets to avoid an allocation per row. */
final class PayloadWriter {
    private static final int SHRINK_ABOVE = 1 << 20;
    /** Below this magnitude every whole double is exact in a long, and decimals of 15 digits are distinct doubles. */
    private static final double FIFTEEN_DIGITS = 1e15;
    /** Double.toString writes smaller magnitudes with an exponent (which TextValue keeps or expands). */
    private static final double SMALLEST_PLAIN = 1e-3;
    /** "00" to "99": integers are written two digits per division. */
    private static final byte[] DIGIT_PAIRS = new byte[200];
    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19};

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    private byte[] buffer = new byte[256];
    private int length;

    PayloadWriter reset() {
        // Drop a buffer grown for one huge value so an idle connection does not keep it.
        if (buffer.length > SHRINK_ABOVE) {
            buffer = new byte[256];
        }
        length = 0;
        return this;
    }

    byte[] array() {
        return buffer;
    }

    int length() {
        return length;
    }

    PayloadWriter int1(int value) {
        ensure(1);
        buffer[length++] = (byte) value;
        return this;
    }

    PayloadWriter int2(int value) {
        return fixed(value, 2);
    }

    PayloadWriter int3(int value) {
        return fixed(value, 3);
    }

    PayloadWriter int4(long value) {
        return fixed(value, 4);
    }

    PayloadWriter int8(long value) {
        return fixed(value, 8);
    }

    PayloadWriter float4(float value) {
        return int4(Float.floatToIntBits(value));
    }

    PayloadWriter double8(double value) {
        return int8(Double.doubleToLongBits(value));
    }

    /** A length-encoded integer; {@code value} is treated as unsigned. */
    PayloadWriter lenencInt(long value) {
        if (value >= 0 && value < 0xfb) {
            return int1((int) value);
        } else if (value >= 0 && value < (1 << 16)) {
            return int1(0xfc).int2((int) value);
        } else if (value >= 0 && value < (1 << 24)) {
            return int1(0xfd).int3((int) value);
        }
        return int1(0xfe).int8(value);
    }

    /** The decimal digits of {@code value} as a length-encoded string, written without a String in between. */
    PayloadWriter lenencDecimal(long value) {
        // Digits come off the negated value, which, unlike the positive one, exists for Long.MIN_VALUE.
        long negative = value < 0 ? value : -value;
        int digits = 1;
        for (long bound = -10; digits < 19 && negative <= bound; bound *= 10) {
            digits++;
        }
        int chars = value < 0 ? digits + 1 : digits;
        int1(chars); // at most 20, a one-byte length
        ensure(chars);
        int end = length + chars;
        int i = end;
        while (negative <= -100) {
            long quotient = negative / 100;
            int pair = (int) (quotient * 100 - negative) << 1;
            buffer[--i] = DIGIT_PAIRS[pair + 1];
            buffer[--i] = DIGIT_PAIRS[pair];
            negative = quotient;
        }
        int last = (int) -negative;
        if (last >= 10) {
            buffer[--i] = DIGIT_PAIRS[(last << 1) + 1];
            buffer[--i] = DIGIT_PAIRS[last << 1];
        } else {
            buffer[--i] = (byte) ('0' + last);
        }
        if (value < 0) {
            buffer[--i] = '-';
        }
        length = end;
        return this;
    }

    /**
     * A double as {@link TextValue#doubleText} spells it, written without a String in between when
     * that is a plain decimal of at most 15 significant digits: a whole number, or the shortest
     * decimal that reads back as this double (with 15 digits or fewer there is exactly one, and it is
     * what {@link Double#toString} prints). Anything else takes the String.
     */
    PayloadWriter lenencDouble(double value) {
        double magnitude = Math.abs(value);
        if (magnitude < FIFTEEN_DIGITS) {
            if (value == Math.rint(value)) {
                return lenencDecimal((long) value);
            }
            if (magnitude >= SMALLEST_PLAIN) {
                for (int scale = 1; scale < POWERS_OF_TEN.length; scale++) {
                    double unscaled = Math.rint(magnitude * POWERS_OF_TEN[scale]);
                    if (unscaled >= FIFTEEN_DIGITS) {
                        break;
                    }
                    // Division is correctly rounded: equality means this decimal reads back as the value.
                    if (unscaled / POWERS_OF_TEN[scale] == magnitude) {
                        return lenencFixedPoint(value < 0, (long) unscaled, scale);
                    }
                }
            }
        }
        return lenencString(TextValue.doubleText(value));
    }

    /** {@code unscaled / 10^scale} in plain digits, {@code scale} of them after the point. */
    private PayloadWriter lenencFixedPoint(boolean negative, long unscaled, int scale) {
        int digits = 1;
        for (long bound = 10; digits < 19 && unscaled >= bound; bound *= 10) {
            digits++;
        }
        int chars = (negative ? 1 : 0) + Math.max(digits - scale, 1) + 1 + scale;
        int1(chars); // at most 1 + 15 + 1 + 19 bytes: a one-byte length
        ensure(chars);
        int end = length + chars;
        int i = end - 1;
        long rest = unscaled;
        for (int d = 0; d < scale; d++) {
            buffer[i--] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        buffer[i--] = '.';
        do {
            buffer[i--] = (byte) ('0' + rest % 10);
            rest /= 10;
        } while (rest != 0);
        if (negative) {
            buffer[i] = '-';
        }
        length = end;
        return this;
    }

    PayloadWriter bytes(byte[] value) {
        return bytes(value, 0, value.length);
    }

    PayloadWriter bytes(byte[] value, int offset, int count) {
        ensure(count);
        System.arraycopy(value, offset, buffer, length, count);
        length += count;
        return this;
    }

    PayloadWriter zeros(int count) {
        ensure(count);
        Arrays.fill(buffer, length, length + count, (byte) 0);
        length += count;
        return this;
    }

    PayloadWriter lenencBytes(byte[] value) {
        return lenencInt(value.length).bytes(value);
    }

    /** A string in UTF-8; ASCII, most strings, is copied in without a byte array in between. */
    PayloadWriter lenencString(String value) {
        int chars = value.length();
        int start = length;
        lenencInt(chars);
        ensure(chars);
        byte[] b = buffer;
        int at = length;
        for (int i = 0; i < chars; i++) {
            char c = value.charAt(i);
            if (c >= 0x80) {
                length = start;
                return lenencBytes(value.getBytes(StandardCharsets.UTF_8));
            }
            b[at + i] = (byte) c;
        }
        length = at + chars;
        return this;
    }

    PayloadWriter nulString(String value) {
        return bytes(value.getBytes(StandardCharsets.UTF_8)).int1(0);
    }

    /** A string that runs to the end of the payload. */
    PayloadWriter restString(String value) {
        return bytes(value.getBytes(StandardCharsets.UTF_8));
    }

    private PayloadWriter fixed(long value, int count) {
        ensure(count);
        for (int i = 0; i < count; i++) {
            buffer[length++] = (byte) (value >>> (8 * i));
        }
        return this;
    }

    private void ensure(int extra) {
        if (length + extra > buffer.length) {
            long wanted = Math.max((long) buffer.length * 2, (long) length + extra);
            buffer = Arrays.copyOf(buffer, (int) Math.min(wanted, Integer.MAX_VALUE - 8));
        }
    }
}
