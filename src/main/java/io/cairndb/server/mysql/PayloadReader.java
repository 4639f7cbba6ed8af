package io.cairndb.server.mysql;

import io.cairndb.error.CairnException;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Reads the protocol's little-endian integers and strings from a client payload. */
final class PayloadReader {
    private final byte[] data;
    private int position;

    PayloadReader(byte[] data) {
        this.data = data;
    }

    boolean hasRemaining() {
        return position < data.length;
    }

    int remaining() {
        return data.length - position;
    }

    void skip(int count) {
        require(count);
        position += count;
    }

    int int1() {
        require(1);
        return data[position++] & 0xff;
    }

    int int2() {
        return (int) fixed(2);
    }

    long int4() {
        return fixed(4);
    }

    long int8() {
        return fixed(8);
    }

    /** A length-encoded integer (1, 3, 4 or 9 bytes). */
    long lenencInt() {
        int first = int1();
        return switch (first) {
            case 0xfc -> fixed(2);
            case 0xfd -> fixed(3);
            case 0xfe -> fixed(8);
            default -> {
                if (first == 0xfb || first == 0xff) {
                    throw malformed();
                }
                yield first;
            }
        };
    }

    byte[] bytes(int count) {
        require(count);
        byte[] result = Arrays.copyOfRange(data, position, position + count);
        position += count;
        return result;
    }

    byte[] lenencBytes() {
        long length = lenencInt();
        if (length > remaining()) {
            throw malformed();
        }
        return bytes((int) length);
    }

    /** Bytes up to a NUL terminator (or the end of the payload, which some clients omit it at). */
    byte[] nulBytes() {
        int end = position;
        while (end < data.length && data[end] != 0) {
            end++;
        }
        byte[] result = Arrays.copyOfRange(data, position, end);
        position = Math.min(end + 1, data.length);
        return result;
    }

    String nulString() {
        return new String(nulBytes(), StandardCharsets.UTF_8);
    }

    byte[] rest() {
        return bytes(remaining());
    }

    String restString() {
        return new String(rest(), StandardCharsets.UTF_8);
    }

    private long fixed(int count) {
        require(count);
        long value = 0;
        for (int i = 0; i < count; i++) {
            value |= (data[position + i] & 0xffL) << (8 * i);
        }
        position += count;
        return value;
    }

    private void require(int count) {
        if (count < 0 || count > remaining()) {
            throw malformed();
        }
    }

    private static CairnException malformed() {
        return new CairnException(Protocol.ER_MALFORMED_PACKET, "HY000", "Malformed communication packet.", null);
    }
}
