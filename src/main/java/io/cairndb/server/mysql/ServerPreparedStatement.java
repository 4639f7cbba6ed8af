package io.cairndb.server.mysql;

import io.cairndb.error.CairnException;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/** A statement prepared with COM_STMT_PREPARE, with what the client has bound to it so far. */
final class ServerPreparedStatement {
    private final int id;
    private final PlaceholderSql sql;
    /** The most long data held at once for this statement (max_allowed_packet). */
    private final long maxLongData;
    /** Type code and flags of each parameter from the last execute that sent them; null before. */
    private int[] parameterTypes;
    /** Data sent with COM_STMT_SEND_LONG_DATA per parameter since the last execute. */
    private final ByteArrayOutputStream[] longData;
    private long longDataBytes;
    /** Long data went over the limit; the next execute fails. */
    private boolean longDataTooLong;

    ServerPreparedStatement(int id, PlaceholderSql sql, long maxLongData) {
        this.id = id;
        this.sql = sql;
        this.maxLongData = maxLongData;
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

    /**
     * Appends a chunk of long data; chunks for a parameter index out of range are ignored. Past
     * max_allowed_packet for the whole statement (MySQL counts each parameter alone; the total is
     * what bounds memory) the data is dropped and the failure kept for the next execute, since
     * COM_STMT_SEND_LONG_DATA itself takes no reply.
     */
    void appendLongData(int parameter, byte[] chunk) {
        if (parameter < 0 || parameter >= longData.length || longDataTooLong) {
            return;
        }
        longDataBytes += chunk.length;
        if (longDataBytes > maxLongData) {
            Arrays.fill(longData, null);
            longDataTooLong = true;
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

    /**
     * Fails an execute after long data went over the limit, as MySQL 5.6 and later do: error 1105
     * with this text (max_long_data_size no longer exists there).
     */
    void checkLongData() {
        if (longDataTooLong) {
            throw new CairnException(Protocol.ER_UNKNOWN_ERROR, "HY000", "Parameter of prepared statement which is "
                    + "set through mysql_send_long_data() is longer than 'max_allowed_packet' bytes", null);
        }
    }

    /** Long data, and its failure, last for one execution (and COM_STMT_RESET drops them). */
    void clearLongData() {
        Arrays.fill(longData, null);
        longDataBytes = 0;
        longDataTooLong = false;
    }
}
