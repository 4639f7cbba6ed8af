package io.cairndb.server.mysql;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/** A statement prepared with COM_STMT_PREPARE, with what the client has bound to it so far. */
final class ServerPreparedStatement {
    private final int id;
    private final PlaceholderSql sql;
    /** Type code and flags of each parameter from the last execute that sent them; null before. */
    private int[] parameterTypes;
    /** Data sent with COM_STMT_SEND_LONG_DATA per parameter since the last execute. */
    private final ByteArrayOutputStream[] longData;

    ServerPreparedStatement(int id, PlaceholderSql sql) {
        this.id = id;
        this.sql = sql;
        this.longData = new ByteArrayOutputStream[sql.parameterCount()];
    }

    int id() {
        return id;
    }

    PlaceholderSql sql() {
        return sql;
    }

    int[] parameterTypes() {
        return parameterTypes;
    }

    void setParameterTypes(int[] types) {
        parameterTypes = types;
    }

    /** Appends a chunk of long data; chunks for a parameter index out of range are ignored. */
    void appendLongData(int parameter, byte[] chunk) {
        if (parameter < 0 || parameter >= longData.length) {
            return;
        }
        if (longData[parameter] == null) {
            longData[parameter] = new ByteArrayOutputStream();
        }
        longData[parameter].writeBytes(chunk);
    }

    /** The long data of a parameter, or null if none was sent. */
    byte[] longData(int parameter) {
        return longData[parameter] == null ? null : longData[parameter].toByteArray();
    }

    /** Long data lasts for one execution (and COM_STMT_RESET drops it). */
    void clearLongData() {
        Arrays.fill(longData, null);
    }
}
