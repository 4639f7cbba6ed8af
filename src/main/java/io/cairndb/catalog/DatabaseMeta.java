package io.cairndb.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A database: the DuckDB schema {@code schema}. Database names are case-sensitive (as in Doris) but
 * DuckDB's are not, so the schema is named after the database only while no other differs from it in
 * case alone (see {@link Catalog#freeSchemaName}).
 */
public record DatabaseMeta(long id, String name, Map<String, String> properties, long createTime, String schema) {
    public DatabaseMeta {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        // Entries saved before databases had their own schema name live in a schema named after them.
        schema = schema == null ? name : schema;
    }
}
