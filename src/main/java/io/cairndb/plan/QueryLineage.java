package io.cairndb.plan;

import java.util.List;

/**
 * What a query reads and what its output columns are made of: the lineage of each output column by
 * position, the base tables (views expanded; MVs count as tables) and the non-deterministic functions
 * it calls.
 */
public record QueryLineage(List<ColumnLineage> columns, List<BaseTable> baseTables, List<String> nondeterministicFunctions) {

    public QueryLineage {
        columns = List.copyOf(columns);
        baseTables = List.copyOf(baseTables);
        nondeterministicFunctions = List.copyOf(nondeterministicFunctions);
    }

    /** A table the query reads, by id and name at analysis time. */
    public record BaseTable(long id, String database, String name) {
    }
}
