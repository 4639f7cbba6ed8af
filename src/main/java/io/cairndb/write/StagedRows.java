package io.cairndb.write;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckTypes;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement's new rows, staged in a session temp table with the target table's columns, so
 * they are validated, consolidated by key and counted before they touch the table.
 */
final class StagedRows implements AutoCloseable {
    static final String NAME = "__cairn_stage";

    private final Connection connection;
    private final long count;

    private StagedRows(Connection connection, long count) {
        this.connection = connection;
        this.count = count;
    }

    /** Stages the rows of {@code select}, whose columns are the table's columns in order. */
    static StagedRows of(Connection c, TableMeta table, String select) {
        return of(c, table, List.of(), select);
    }

    /**
     * Stages the rows of {@code select}, whose columns are the table's columns in order, then the
     * {@code extra} ones ({@code name type} each).
     */
    static StagedRows of(Connection c, TableMeta table, List<String> extra, String select) {
        List<String> cols = new ArrayList<>();
        for (ColumnMeta column : table.columns()) {
            cols.add(Sql.ident(column.name()) + " " + DuckTypes.toDuckDb(column.type()));
        }
        cols.addAll(extra);
        Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + NAME + " (" + String.join(", ", cols) + ")");
        try {
            return new StagedRows(c, Sql.execute(c, "INSERT INTO " + NAME + " " + select));
        } catch (CairnException e) {
            if (e.errorCode() == ErrorCode.WRONG_VALUE.code()) {
                // A value that does not convert to its column's type is filtered data in Doris's strict mode.
                throw new CairnException(ErrorCode.WRONG_VALUE, "Insert has filtered data in strict mode. Reason: " + e.getMessage(), e);
            }
            throw e;
        }
    }

    static String table() {
        return "temp." + Sql.ident(NAME);
    }

    long count() {
        return count;
    }

    @Override
    public void close() {
        Sql.execute(connection, "DROP TABLE IF EXISTS " + table());
    }
}
