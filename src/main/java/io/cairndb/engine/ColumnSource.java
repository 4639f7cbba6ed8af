package io.cairndb.engine;

/**
 * Where a result column's values come from, as the MySQL protocol describes a column: the table
 * column it reads unchanged ({@code database}, {@code table} and {@code column} null for a computed
 * one) and whether it can be NULL.
 */
public record ColumnSource(String database, String table, String column, boolean nullable) {
}
