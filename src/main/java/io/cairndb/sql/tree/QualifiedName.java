package io.cairndb.sql.tree;

import java.util.List;

/** A possibly qualified object name: {@code table}, {@code db.table} or {@code catalog.db.table}. */
public record QualifiedName(List<String> parts) {
    public QualifiedName {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("empty name");
        }
        parts = List.copyOf(parts);
    }

    public static QualifiedName of(String... parts) {
        return new QualifiedName(List.of(parts));
    }

    /** The object's own name (last part). */
    public String name() {
        return parts.get(parts.size() - 1);
    }

    /** The database part, or null when unqualified. */
    public String database() {
        return parts.size() >= 2 ? parts.get(parts.size() - 2) : null;
    }

    @Override
    public String toString() {
        return String.join(".", parts);
    }
}
