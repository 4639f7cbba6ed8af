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
    private final Statement statement;
    private final ResultSet rs;
    private final List<ResultColumn> columns;
    private final Runnable onClose;
    private final ZoneId zone;
    private boolean closed;

    /**
     * @param labels column labels to report instead of DuckDB's (null to keep DuckDB's)
     * @param zone   the session time zone, for TIMESTAMP WITH TIME ZONE values
     */
    public JdbcRowResult(Statement statement, ResultSet rs, List<String> labels, ZoneId zone, Runnable onClose) {
        this.statement = statement;
        this.rs = rs;
        this.onClose = onClose;
        this.zone = zone;
        try {
            ResultSetMetaData md = rs.getMetaData();
            List<ResultColumn> cols = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                String name = labels != null && i <= labels.size() ? labels.get(i - 1) : md.getColumnLabel(i);
                cols.add(new ResultColumn(name, DuckResultTypes.toDataType(md.getColumnTypeName(i))));
            }
            this.columns = List.copyOf(cols);
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
        return v.toString();
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
