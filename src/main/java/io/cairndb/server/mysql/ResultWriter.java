package io.cairndb.server.mysql;

import io.cairndb.engine.ColumnSource;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.engine.ValueSink;
import io.cairndb.error.CairnException;

import java.util.ArrayList;
import java.util.List;

/** Writes OK, ERR and EOF packets and text or binary result sets. */
final class ResultWriter {
    private final PacketSender sender;
    private final PayloadWriter payload = new PayloadWriter();
    /** The largest row sent (max_allowed_packet): clients refuse larger packets and lose the connection. */
    private final int maxRow;
    private boolean deprecateEof;

    ResultWriter(PacketSender sender, int maxRow) {
        this.sender = sender;
        this.maxRow = maxRow;
    }

    /** Whether the client asked for OK packets in place of EOF packets (CLIENT_DEPRECATE_EOF). */
    void setDeprecateEof(boolean deprecateEof) {
        this.deprecateEof = deprecateEof;
    }

    void ok() {
        ok(0, Protocol.SERVER_STATUS_AUTOCOMMIT, "", 0);
    }

    void ok(long affectedRows, int status, String info, long warnings) {
        payload.reset().int1(0).lenencInt(affectedRows).lenencInt(0).int2(status).int2((int) Math.min(warnings, 0xffff));
        if (info != null && !info.isEmpty()) {
            // Documented as running to the end, but servers send and clients read it length-encoded.
            payload.lenencString(info);
        }
        sender.send(payload);
    }

    void error(int code, String sqlState, String message) {
        String state = sqlState != null && sqlState.length() == 5 ? sqlState : "HY000";
        payload.reset().int1(0xff).int2(code).int1('#').restString(state)
                .restString(message == null ? "Unknown error" : message);
        sender.send(payload);
    }

    /**
     * An ERR packet sent in place of the greeting. The client has not said yet that it speaks
     * protocol 4.1, so, as in MySQL, it carries no SQLSTATE: clients derive it from the code.
     */
    static PayloadWriter errorBeforeGreeting(int code, String message) {
        return new PayloadWriter().int1(0xff).int2(code).restString(message);
    }

    /** CairnException keeps its code and state; anything else is reported as ER_UNKNOWN_ERROR. */
    void error(Throwable failure) {
        if (failure instanceof CairnException e) {
            error(e.errorCode(), e.sqlState(), e.getMessage());
        } else {
            String message = failure.getMessage();
            error(1105, "HY000", message == null ? failure.toString() : message);
        }
    }

    /** COM_STMT_PREPARE_OK; the column and parameter definitions follow separately. */
    void prepareOk(int statementId, int columns, int parameters) {
        payload.reset().int1(0).int4(statementId).int2(columns).int2(parameters).int1(0).int2(0);
        sender.send(payload);
    }

    /** LOCAL INFILE request: 0xFB and the name of the file the client is to send. */
    void localInfileRequest(String file) {
        payload.reset().int1(0xfb).restString(file);
        sender.send(payload);
    }

    /** A payload that is nothing but text (the COM_STATISTICS reply). */
    void rawString(String text) {
        payload.reset().restString(text);
        sender.send(payload);
    }

    /** Ends a row or column list: an EOF packet, or an OK packet with the EOF header. */
    void endOfData(int status) {
        if (deprecateEof) {
            payload.reset().int1(0xfe).lenencInt(0).lenencInt(0).int2(status).int2(0);
        } else {
            payload.reset().int1(0xfe).int2(0).int2(status);
        }
        sender.send(payload);
    }

    /** The EOF that follows column definitions is gone entirely under CLIENT_DEPRECATE_EOF. */
    void endOfColumns() {
        if (!deprecateEof) {
            payload.reset().int1(0xfe).int2(0).int2(Protocol.SERVER_STATUS_AUTOCOMMIT);
            sender.send(payload);
        }
    }

    /**
     * Sends every result, flagging all but the last with SERVER_MORE_RESULTS_EXISTS. Every
     * cursor is closed, also when sending stops half-way.
     */
    void results(List<StatementResult> results, boolean binary, int sessionStatus) {
        try {
            if (results.isEmpty()) {
                ok(0, sessionStatus, "", 0);
                return;
            }
            for (int i = 0; i < results.size(); i++) {
                int status = sessionStatus | (i < results.size() - 1 ? Protocol.SERVER_MORE_RESULTS_EXISTS : 0);
                StatementResult result = results.get(i);
                if (result instanceof UpdateCount count) {
                    ok(count.affectedRows(), status, count.info(), count.warnings());
                } else {
                    rows((RowResult) result, binary, status);
                }
            }
        } finally {
            for (StatementResult result : results) {
                if (result instanceof RowResult rows) {
                    rows.close();
                }
            }
        }
    }

    /**
     * The definitions of result columns and their end: a column read unchanged from a table names it
     * (schema, table, original name), as MySQL's do.
     */
    void describe(List<ResultColumn> columns) {
        for (ResultColumn c : columns) {
            ColumnSource source = c.source();
            boolean fromTable = source != null && source.table() != null;
            columnDefinition(MysqlColumn.of(c), fromTable ? source.database() : "", fromTable ? source.table() : "",
                    fromTable ? source.column() : c.name(), false);
        }
        endOfColumns();
    }

    void columnDefinition(MysqlColumn column, String schema, String table, boolean withDefault) {
        columnDefinition(column, schema, table, column.name(), withDefault);
    }

    /** A column definition; {@code originalName} is the table column's name (the column's own for a computed one). */
    void columnDefinition(MysqlColumn column, String schema, String table, String originalName, boolean withDefault) {
        payload.reset()
                .lenencString("def")
                .lenencString(schema)
                .lenencString(table)
                .lenencString(table)
                .lenencString(column.name())
                .lenencString(originalName)
                .lenencInt(0x0c)
                .int2(column.charset())
                .int4(column.length())
                .int1(column.typeCode())
                .int2(column.flags())
                .int1(column.decimals())
                .int2(0);
        if (withDefault) {
            payload.int1(0xfb); // COM_FIELD_LIST appends the default value; none is known
        }
        sender.send(payload);
    }

    private void rows(RowResult result, boolean binary, int status) {
        List<MysqlColumn> columns = new ArrayList<>();
        for (ResultColumn column : result.columns()) {
            columns.add(MysqlColumn.of(column));
        }
        if (columns.isEmpty()) {
            ok(0, status, "", 0); // a zero column count would read as an OK packet anyway
            return;
        }
        payload.reset().lenencInt(columns.size());
        sender.send(payload);
        describe(result.columns());
        if (binary) {
            Object[] values = new Object[columns.size()];
            while (result.next()) {
                for (int i = 0; i < values.length; i++) {
                    values[i] = result.value(i);
                }
                binaryRow(columns, values);
                sendRow();
            }
        } else {
            TextRow row = new TextRow();
            int count = columns.size();
            while (result.next()) {
                payload.reset();
                for (int i = 0; i < count; i++) {
                    row.column = columns.get(i);
                    result.read(i, row);
                }
                sendRow();
            }
        }
        endOfData(status);
    }

    /**
     * A row larger than max_allowed_packet ends the result with MySQL's error in its place; the
     * connection stays usable.
     */
    private void sendRow() {
        if (payload.length() > maxRow) {
            throw new CairnException(Protocol.ER_NET_PACKET_TOO_LARGE, "HY000",
                    "Got a packet bigger than 'max_allowed_packet' bytes", null);
        }
        sender.send(payload);
    }

    /** Appends each value of a text-protocol row as it is read. */
    private final class TextRow implements ValueSink {
        private MysqlColumn column;

        @Override
        public void nullValue() {
            payload.int1(0xfb);
        }

        @Override
        public void integer(long value) {
            payload.lenencDecimal(value);
        }

        @Override
        public void floating(double value) {
            payload.lenencDouble(value);
        }

        @Override
        public void text(String value) {
            payload.lenencString(value);
        }

        @Override
        public void object(Object value) {
            ValueEncoder.text(payload, value, column);
        }
    }

    /** Binary rows start with 0x00 and a NULL bitmap whose first two bits are reserved. */
    private void binaryRow(List<MysqlColumn> columns, Object[] values) {
        payload.reset().int1(0);
        byte[] nulls = new byte[(values.length + 7 + 2) / 8];
        for (int i = 0; i < values.length; i++) {
            if (ValueEncoder.isBinaryNull(values[i], columns.get(i))) {
                nulls[(i + 2) / 8] |= (byte) (1 << ((i + 2) % 8));
            }
        }
        payload.bytes(nulls);
        for (int i = 0; i < values.length; i++) {
            if (!ValueEncoder.isBinaryNull(values[i], columns.get(i))) {
                ValueEncoder.binary(payload, values[i], columns.get(i));
            }
        }
    }
}
