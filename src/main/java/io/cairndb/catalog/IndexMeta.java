package io.cairndb.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An index of a table as Doris declares it ({@code INDEX name (cols) USING INVERTED | NGRAM_BF |
 * BITMAP | ANN [PROPERTIES (..)] [COMMENT '..']}). It is kept, shown and dropped with its columns;
 * DuckDB answers every query by scanning, so it changes no result and no plan.
 */
public record IndexMeta(String name, List<String> columns, String type, Map<String, String> properties, String comment) {

    public IndexMeta {
        columns = List.copyOf(columns);
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties == null ? Map.of() : properties));
        comment = comment == null ? "" : comment;
    }

    /** Whether a column (by name, as the catalog compares them) is one of the index's. */
    public boolean uses(String column) {
        return columns.stream().anyMatch(c -> c.equalsIgnoreCase(column));
    }

    public IndexMeta withColumns(List<String> newColumns) {
        return new IndexMeta(name, newColumns, type, properties, comment);
    }
}
