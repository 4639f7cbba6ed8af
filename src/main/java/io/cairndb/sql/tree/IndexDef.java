package io.cairndb.sql.tree;

import java.util.List;
import java.util.Map;

/** {@code INDEX name (cols) [USING type] [PROPERTIES (..)] [COMMENT '..']}; type and comment nullable. */
public record IndexDef(String name, List<String> columns, String type, Map<String, String> properties, String comment) {
    public IndexDef {
        columns = List.copyOf(columns);
        properties = Properties.copyOf(properties);
    }
}
