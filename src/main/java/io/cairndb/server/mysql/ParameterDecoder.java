package io.cairndb.server.mysql;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Decodes the parameter block of COM_STMT_EXECUTE (NULL bitmap, new-params-bound flag, types,
 * binary values) into SQL literals for {@link PlaceholderSql#bind}.
 */
final class ParameterDecoder {
    /** The flag byte follows the type byte; its 0x80 bit marks an unsigned integer. */
    private static final int UNSIGNED = 0x8000;
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private ParameterDecoder() {
    }

    /** Reads the parameters that follow the iteration count; remembers newly bound types. */
    static List<String> decode(PayloadReader in, ServerPreparedStatement statement) {
        int count = statement.sql().parameterCount();
        List<String> literals = new ArrayList<>(count);
        if (count == 0) {
            return literals;
        }
        byte[] nulls = in.bytes((count + 7) / 8);
        if (in.int1() == 1) {
            int[] types = new int[count];
            for (int i = 0; i < count; i++) {
                types[i] = in.int2();
            }
            statement.setParameterTypes(types);
        }
        int[] types = statement.parameterTypes();
        if (types == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "Incorrect arguments to mysqld_stmt_execute: parameter types were never sent");
        }
        for (int i = 0; i < count; i++) {
            byte[] longData = statement.longData(i);
            if (longData != null) {
                // Long data is never repeated in the execute packet.
                literals.add(PlaceholderSql.quote(new String(longData, StandardCharsets.UTF_8)));
            } else if ((nulls[i / 8] & (1 << (i % 8))) != 0) {
                literals.add("NULL");
            } else {
                literals.add(literal(in, types[i] & 0xff, (types[i] & UNSIGNED) != 0));
            }
        }
        return literals;
    }

    /** One binary-protocol value as a SQL literal. */
    static String literal(PayloadReader in, int type, boolean unsigned) {
        return switch (type) {
            case Protocol.TYPE_NULL -> "NULL";
            case Protocol.TYPE_TINY -> Integer.toString(unsigned ? in.int1() : (byte) in.int1());
            case Protocol.TYPE_SHORT, Protocol.TYPE_YEAR -> Integer.toString(unsigned ? in.int2() : (short) in.int2());
            case Protocol.TYPE_LONG, Protocol.TYPE_INT24 -> Long.toString(unsigned ? in.int4() : (int) in.int4());
            case Protocol.TYPE_LONGLONG -> unsigned ? Long.toUnsignedString(in.int8()) : Long.toString(in.int8());
            case Protocol.TYPE_FLOAT -> floating(Float.intBitsToFloat((int) in.int4()));
            case Protocol.TYPE_DOUBLE -> floating(Double.longBitsToDouble(in.int8()));
            case Protocol.TYPE_DECIMAL, Protocol.TYPE_NEWDECIMAL -> number(utf8(in.lenencBytes()));
            case Protocol.TYPE_DATE, Protocol.TYPE_DATETIME, Protocol.TYPE_TIMESTAMP -> dateTime(in, type);
            case Protocol.TYPE_TIME -> time(in);
            case Protocol.TYPE_VARCHAR, Protocol.TYPE_BIT, Protocol.TYPE_JSON, Protocol.TYPE_ENUM,
                 Protocol.TYPE_SET, Protocol.TYPE_TINY_BLOB, Protocol.TYPE_MEDIUM_BLOB, Protocol.TYPE_LONG_BLOB,
                 Protocol.TYPE_BLOB, Protocol.TYPE_VAR_STRING, Protocol.TYPE_STRING, Protocol.TYPE_GEOMETRY ->
                    PlaceholderSql.quote(utf8(in.lenencBytes()));
            default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "Incorrect arguments to mysqld_stmt_execute: unsupported parameter type " + type);
        };
    }

    /** Java's shortest round-trip form; "1.0E10" is a valid SQL double literal. NaN and infinities are not. */
    private static String floating(double value) {
        String text = Double.toString(value);
        return Double.isNaN(value) || Double.isInfinite(value) ? PlaceholderSql.quote(text) : text;
    }

    private static String floating(float value) {
        String text = Float.toString(value);
        return Float.isNaN(value) || Float.isInfinite(value) ? PlaceholderSql.quote(text) : text;
    }

    /** A decimal arrives as text; anything that is not a plain number is quoted, never spliced in. */
    private static String number(String text) {
        return NUMBER.matcher(text).matches() ? text : PlaceholderSql.quote(text);
    }

    /** DATE/DATETIME/TIMESTAMP: a length byte, then 0, 4, 7 or 11 bytes; missing fields are zero. */
    private static String dateTime(PayloadReader in, int type) {
        int length = in.int1();
        int[] fields = new int[7]; // year, month, day, hour, minute, second, microseconds
        int consumed = 0;
        if (length >= 4) {
            fields[0] = in.int2();
            fields[1] = in.int1();
            fields[2] = in.int1();
            consumed = 4;
        }
        if (length >= 7) {
            fields[3] = in.int1();
            fields[4] = in.int1();
            fields[5] = in.int1();
            consumed = 7;
        }
        if (length >= 11) {
            fields[6] = (int) in.int4();
            consumed = 11;
        }
        in.skip(length - consumed);
        String date = String.format(Locale.ROOT, "%04d-%02d-%02d", fields[0], fields[1], fields[2]);
        if (type == Protocol.TYPE_DATE) {
            return PlaceholderSql.quote(date);
        }
        String time = String.format(Locale.ROOT, "%s %02d:%02d:%02d", date, fields[3], fields[4], fields[5]);
        return PlaceholderSql.quote(fields[6] == 0 ? time : time + String.format(Locale.ROOT, ".%06d", fields[6]));
    }

    /** TIME: a length byte, then 0, 8 or 12 bytes (sign, days, hours, minutes, seconds, micros). */
    private static String time(PayloadReader in) {
        int length = in.int1();
        if (length == 0) {
            return PlaceholderSql.quote("00:00:00");
        }
        boolean negative = in.int1() == 1;
        long hours = in.int4() * 24 + in.int1();
        int minute = in.int1();
        int second = in.int1();
        int micros = length >= 12 ? (int) in.int4() : 0;
        in.skip(length - (length >= 12 ? 12 : 8));
        String time = String.format(Locale.ROOT, "%s%02d:%02d:%02d", negative ? "-" : "", hours, minute, second);
        return PlaceholderSql.quote(micros == 0 ? time : time + String.format(Locale.ROOT, ".%06d", micros));
    }

    private static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
