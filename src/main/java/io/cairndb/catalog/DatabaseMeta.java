package io.cairndb.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A database (a DuckDB schema of the same name). */
public record DatabaseMeta(long id, String name, Map<String, String> properties, long createTime) {
    public DatabaseMeta {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }
}
