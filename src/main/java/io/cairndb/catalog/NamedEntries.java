package io.cairndb.catalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Catalog entries of one kind, by database and name, and by id (lookups by id are on hot paths: every
 * query that rewrite considers MVs for reads base tables by id); safe for concurrent readers.
 */
final class NamedEntries<T> {
    private final Map<String, Map<String, T>> byDatabase = new ConcurrentHashMap<>();
    private final Map<Long, T> byId = new ConcurrentHashMap<>();
    private final Function<T, String> database;
    private final Function<T, String> name;
    private final ToLongFunction<T> id;
    /** Counts every change, so that what is derived from the entries knows when to derive it again. */
    private final AtomicLong version = new AtomicLong();

    NamedEntries(Function<T, String> database, Function<T, String> name, ToLongFunction<T> id) {
        this.database = database;
        this.name = name;
        this.id = id;
    }

    long version() {
        return version.get();
    }

    /** The entry with an id, or null. */
    T byId(long entryId) {
        return byId.get(entryId);
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
        byId.put(id.applyAsLong(entry), entry);
        version.incrementAndGet();
    }

    void remove(String db, String entry) {
        Map<String, T> m = byDatabase.get(db);
        if (m != null) {
            forget(m.remove(entry));
        }
        version.incrementAndGet();
    }

    void removeDatabase(String db) {
        Map<String, T> m = byDatabase.remove(db);
        if (m != null) {
            m.values().forEach(this::forget);
        }
        version.incrementAndGet();
    }

    /** Drops a removed entry from the id index, unless its id is taken by another entry since (a rename puts first). */
    private void forget(T removed) {
        if (removed != null) {
            byId.remove(id.applyAsLong(removed), removed);
        }
    }
}
