package io.cairndb.catalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** Catalog entries of one kind, by database and name; safe for concurrent readers. */
final class NamedEntries<T> {
    private final Map<String, Map<String, T>> byDatabase = new ConcurrentHashMap<>();
    private final Function<T, String> database;
    private final Function<T, String> name;

    NamedEntries(Function<T, String> database, Function<T, String> name) {
        this.database = database;
        this.name = name;
    }

    T get(String db, String entry) {
        Map<String, T> m = byDatabase.get(db);
        return m == null ? null : m.get(entry);
    }

    /** The entries of a database, by name. */
    List<T> list(String db) {
        Map<String, T> m = byDatabase.get(db);
        if (m == null) {
            return List.of();
        }
        List<T> out = new ArrayList<>(m.values());
        out.sort(Comparator.comparing(name));
        return out;
    }

    void put(T entry) {
        byDatabase.computeIfAbsent(database.apply(entry), k -> new ConcurrentHashMap<>()).put(name.apply(entry), entry);
    }

    void remove(String db, String entry) {
        Map<String, T> m = byDatabase.get(db);
        if (m != null) {
            m.remove(entry);
        }
    }

    void removeDatabase(String db) {
        byDatabase.remove(db);
    }
}
