package io.cairndb.plan;

/**
 * Where an output column of a query comes from, for partition tracking: a column of a base table
 * (by id), unchanged or truncated to a date unit ({@code unit} nullable). {@code nullable} is true
 * when the base table sits on the null-producing side of an outer join.
 */
public record ColumnOrigin(long tableId, String database, String table, String column, String unit, boolean nullable) {

    public ColumnOrigin withUnit(String newUnit) {
        return new ColumnOrigin(tableId, database, table, column, newUnit, nullable);
    }

    public ColumnOrigin asNullable() {
        return new ColumnOrigin(tableId, database, table, column, unit, true);
    }
}
