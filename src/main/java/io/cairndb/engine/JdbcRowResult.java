package io.cairndb.engine;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Streams a DuckDB result set to the client; closing it ends the statement's transaction. */
public final class JdbcRowResult implements RowResult {
    /** How {@link #read} reads a column: through a typed getter, or as {@link #value}. */
    private static final byte AS_OBJECT = 0;
    private static final byte AS_LONG = 1;
    private static final byte AS_INT = 2;
    private static final byte AS_DOUBLE = 3;
    private static final byte AS_STRING = 4;

    private final Statement statement;
    private final ResultSet rs;
    private final List<ResultColumn> columns;
    private final byte[] readers;
    private final Runnable onClose;
    private final ZoneId zone;
    private boolean closed;

    /**
     * @param sources where each column comes from, by position (null when not known)
     * @param zone   the session time zone, for TIMESTAMP WITH TIME ZONE values
     */
    public JdbcRowResult(Statement statement, ResultSet rs, List<ColumnSource> sources, ZoneId zone, Runnable onClose) {
        this.statement = statement;
        this.rs = rs;
        this.onClose = onClose;
        this.zone = zone;
        try {
            ResultSetMetaData md = rs.getMetaData();
            int count = md.getColumnCount();
            List<ResultColumn> cols = new ArrayList<>(count);
            byte[] kinds = new byte[count];
            for (int i = 1; i <= count; i++) {
                String duckType = md.getColumnTypeName(i);
                DataType type = DuckResultTypes.toDataType(duckType);
                cols.add(new ResultColumn(md.getColumnLabel(i), type,
                        sources != null && i <= sources.size() ? sources.get(i - 1) : null));
                kinds[i - 1] = reader(duckType, type);
            }
            this.columns = List.copyOf(cols);
            this.readers = kinds;
        } catch (SQLException e) {
            close();
            throw new CairnException(ErrorCode.INTERNAL, e.getMessage(), e);
        }
    }

    @Override
    public List<ResultColumn> columns() {
        return columns;
    }

    @Override
    public boolean next() {
        try {
            return rs.next();
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    @Override
    public Object value(int index) {
        try {
            Object v = rs.getObject(index + 1);
            return v == null ? null : convert(v, columns.get(index).type());
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    /**
     * The typed getter that reads what {@link #value} would return for a column: DuckDB's BIGINT,
     * INTEGER and DOUBLE come back as Long, Integer and Double, VARCHAR as String.
     */
    private static byte reader(String duckType, DataType type) {
        switch (duckType) {
            case "BIGINT":
                return type.kind() == TypeKind.BIGINT ? AS_LONG : AS_OBJECT;
            case "INTEGER":
                return type.kind() == TypeKind.INT ? AS_INT : AS_OBJECT;
            case "DOUBLE":
                return type.kind() == TypeKind.DOUBLE ? AS_DOUBLE : AS_OBJECT;
            case "VARCHAR":
                return type.kind() == TypeKind.STRING ? AS_STRING : AS_OBJECT;
            default:
                return AS_OBJECT;
        }
    }

    @Override
    public void read(int index, ValueSink sink) {
        int column = index + 1;
        try {
            switch (readers[index]) {
                case AS_LONG -> {
                    long v = rs.getLong(column);
                    if (rs.wasNull()) {
                        sink.nullValue();
                    } else {
                        sink.integer(v);
                    }
                }
                case AS_INT -> {
                    int v = rs.getInt(column);
                    if (rs.wasNull()) {
                        sink.nullValue();
                    } else {
                        sink.integer(v);
                    }
                }
                case AS_DOUBLE -> {
                    double v = rs.getDouble(column);
                    if (rs.wasNull()) {
                        sink.nullValue();
                    } else {
                        sink.floating(v);
                    }
                }
                case AS_STRING -> {
                    Object v = rs.getObject(column);
                    if (v == null) {
                        sink.nullValue();
                    } else if (v instanceof String s) {
                        sink.text(s);
                    } else {
                        sink.object(convert(v, columns.get(index).type()));
                    }
                }
                default -> {
                    Object v = rs.getObject(column);
                    if (v == null) {
                        sink.nullValue();
                    } else {
                        sink.object(convert(v, columns.get(index).type()));
                    }
                }
            }
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    private Object convert(Object v, DataType type) {
        // Plain scalars, nearly every value, are checked first: the checks for nested values test
        // interfaces, which costs a scan of the value's supertypes on every value.
        if (v instanceof String || v instanceof Boolean || v instanceof LocalDate || v instanceof LocalDateTime) {
            return v;
        }
        if (v instanceof Number n) {
            if (type.kind() == TypeKind.LARGEINT && !(v instanceof BigInteger)) {
                return v instanceof BigDecimal bd ? bd.toBigInteger() : BigInteger.valueOf(n.longValue());
            }
            return v;
        }
        if (v instanceof Array || v instanceof Struct || v instanceof Map<?, ?>) {
            return ValueRenderer.render(v);
        }
        if (v instanceof java.sql.Timestamp ts) {
            return ts.toLocalDateTime();
        }
        if (v instanceof OffsetDateTime odt) {
            return odt.atZoneSameInstant(zone).toLocalDateTime();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (v instanceof byte[]) {
            return v;
        }
        if (v instanceof java.sql.Blob blob) {
            return bytes(blob);
        }
        return v.toString();
    }

    private static byte[] bytes(java.sql.Blob blob) {
        try {
            return blob.getBytes(1, (int) blob.length());
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            rs.close();
            statement.close();
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        } finally {
            onClose.run();
        }
    }
}
