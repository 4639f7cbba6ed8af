package io.cairndb.server.mysql;

import io.cairndb.catalog.DataType;
import io.cairndb.engine.ResultColumn;

/** How one result column is described on the wire (Protocol::ColumnDefinition41 fields). */
record MysqlColumn(String name, DataType dataType, int typeCode, int charset, long length, int decimals,
                   int flags) {
    /** Bytes per character of {@link Protocol#CHARSET_UTF8}, which clients divide lengths by. */
    private static final int UTF8_MAX_BYTES = 3;
    /** Doris's VARCHAR limit, used as the width of strings without a declared length. */
    private static final int UNBOUNDED_CHARS = 65533;
    /** The width of a binary column: a BLOB's. */
    private static final int UNBOUNDED_BYTES = 65535;
    /** Decimals value meaning "not fixed" for floating-point columns. */
    private static final int NOT_FIXED_DECIMALS = 31;
    private static final int LARGEINT_DIGITS = 39;

    /** A result column; NOT NULL flagged when its source says it cannot be NULL. */
    static MysqlColumn of(ResultColumn column) {
        MysqlColumn c = of(column.name(), column.type());
        if (column.source() == null || column.source().nullable()) {
            return c;
        }
        return new MysqlColumn(c.name, c.dataType, c.typeCode, c.charset, c.length, c.decimals, c.flags | Protocol.FLAG_NOT_NULL);
    }

    static MysqlColumn of(String name, DataType type) {
        return switch (type.kind()) {
            // No BINARY flag: Connector/J reads a binary TINYINT(1) as BIT bytes instead of Boolean.
            case BOOLEAN -> new MysqlColumn(name, type, Protocol.TYPE_TINY, Protocol.CHARSET_BINARY, 1, 0, 0);
            case TINYINT -> numeric(name, type, Protocol.TYPE_TINY, 4, 0);
            case SMALLINT -> numeric(name, type, Protocol.TYPE_SHORT, 6, 0);
            case INT -> numeric(name, type, Protocol.TYPE_LONG, 11, 0);
            case BIGINT -> numeric(name, type, Protocol.TYPE_LONGLONG, 20, 0);
            case LARGEINT -> decimal(name, type, LARGEINT_DIGITS, 0);
            case FLOAT -> numeric(name, type, Protocol.TYPE_FLOAT, 12, NOT_FIXED_DECIMALS);
            case DOUBLE -> numeric(name, type, Protocol.TYPE_DOUBLE, 22, NOT_FIXED_DECIMALS);
            case DECIMAL -> decimal(name, type, Math.max(type.precision(), 1), type.scale());
            case DATE -> numeric(name, type, Protocol.TYPE_DATE, 10, 0);
            case DATETIME -> numeric(name, type, Protocol.TYPE_DATETIME,
                    19 + (type.scale() > 0 ? type.scale() + 1 : 0), type.scale());
            case CHAR, VARCHAR -> string(name, type, type.length() < 0 ? UNBOUNDED_CHARS : type.length());
            case STRING, JSON, ARRAY, MAP, STRUCT, BITMAP, HLL -> string(name, type, UNBOUNDED_CHARS);
            // An aggregate state is binary data, as Doris sends its serialized states.
            case AGG_STATE -> new MysqlColumn(name, type, Protocol.TYPE_BLOB, Protocol.CHARSET_BINARY, UNBOUNDED_BYTES, 0,
                    Protocol.FLAG_BINARY | Protocol.FLAG_BLOB);
            case NULL_TYPE -> new MysqlColumn(name, type, Protocol.TYPE_NULL, Protocol.CHARSET_BINARY, 0, 0,
                    Protocol.FLAG_BINARY);
        };
    }

    private static MysqlColumn numeric(String name, DataType type, int code, int length, int decimals) {
        return new MysqlColumn(name, type, code, Protocol.CHARSET_BINARY, length, decimals, Protocol.FLAG_BINARY);
    }

    /** Clients derive precision as length minus the sign and the decimal point. */
    private static MysqlColumn decimal(String name, DataType type, int precision, int scale) {
        return numeric(name, type, Protocol.TYPE_NEWDECIMAL, precision + 1 + (scale > 0 ? 1 : 0), scale);
    }

    /** JSON and the complex types are sent as text too: every client reads VAR_STRING as a String. */
    private static MysqlColumn string(String name, DataType type, int chars) {
        return new MysqlColumn(name, type, Protocol.TYPE_VAR_STRING, Protocol.CHARSET_UTF8,
                (long) chars * UTF8_MAX_BYTES, 0, 0);
    }

    /**
     * Fractional-second digits to send for a datetime value: the column's scale, or as many as
     * the value needs when it sits in a column of another type.
     */
    int datetimeScale(int nanos) {
        // A DATETIME without declared fractional digits still shows a fraction it happens to have.
        if (typeCode == Protocol.TYPE_DATETIME && decimals > 0) {
            return Math.min(decimals, 6);
        }
        return nanos == 0 ? 0 : 6;
    }
}
