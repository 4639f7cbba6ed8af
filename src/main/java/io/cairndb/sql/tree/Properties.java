package io.cairndb.sql.tree;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Immutable, insertion-ordered copies of {@code PROPERTIES ("k" = "v", ...)} maps. */
public final class Properties {
    private Properties() {
    }

    public static Map<String, String> copyOf(Map<String, String> properties) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }
}
