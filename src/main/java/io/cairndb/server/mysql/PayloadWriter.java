package io.cairndb.server.mysql;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Builds one server payload; reused across packets to avoid an allocation per row. */
final class PayloadWriter {
    private static final int SHRINK_ABOVE = 1 << 20;

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
        int last = length + chars - 1;
        for (int i = last; negative != 0 || i == last; i--) {
            long quotient = negative / 10;
            buffer[i] = (byte) ('0' + quotient * 10 - negative);
            negative = quotient;
        }
        if (value < 0) {
            buffer[length] = '-';
        }
        length += chars;
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

    PayloadWriter lenencString(String value) {
        return lenencBytes(value.getBytes(StandardCharsets.UTF_8));
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
