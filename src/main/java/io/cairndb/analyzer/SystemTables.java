package io.cairndb.analyzer;

/**
 * Virtual tables of the system schemas ({@code information_schema}), supplied by the system
 * package so that queries can read them like any table.
 */
public interface SystemTables {
    /** Whether {@code database} is a system schema. */
    boolean isSystemSchema(String database);

    /** The DuckDB FROM item for the system table, or null when there is no such table. */
    String fromItem(StatementContext ctx, String database, String table);

    /** The DuckDB FROM item for a system table function ({@code mv_infos}, {@code tasks}, ...), or null. */
    String tableFunction(StatementContext ctx, String name, java.util.Map<String, String> properties);
}
