package io.cairndb.changelog;

import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Upper bounds, per table id, of two rarely moving facts of each changelog: the TSO of its newest
 * bulk-removal marker and the start of its retained history ({@code retained_from}). A reader of
 * changes asks the changelog's bookkeeping tables only when a bound says they may hold something past
 * its offsets. A bound is raised before the write that moves the fact commits, so that it is never
 * below what any snapshot can see; a write that rolls back leaves it too high, which costs one more
 * look and nothing else. Loaded from the tables when the database opens.
 */
public class ChangelogBounds {
    private final Map<Long, Long> newestMarker = new ConcurrentHashMap<>();
    private final Map<Long, Long> retainedFrom = new ConcurrentHashMap<>();

    /** Reads the bounds of every changelog from its bookkeeping tables. */
    public void load(Connection c) {
        for (List<Object> r : Sql.rows(c, "SELECT table_id, max(tso) FROM " + ChangelogTables.MARKERS + " GROUP BY table_id")) {
            marked(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue());
        }
        for (List<Object> r : Sql.rows(c, "SELECT table_id, max(retained_from) FROM " + ChangelogTables.STATE + " GROUP BY table_id")) {
            retained(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue());
        }
    }

    /** A marker of table {@code tableId} at {@code tso} is being written. */
    public void marked(long tableId, long tso) {
        newestMarker.merge(tableId, tso, Math::max);
    }

    /** The changelog of table {@code tableId} is being created, or trimmed, to start at {@code from}. */
    public void retained(long tableId, long from) {
        retainedFrom.merge(tableId, from, Math::max);
    }

    /** Whether table {@code tableId} may have a marker after {@code tso}. */
    public boolean mayHaveMarkerAfter(long tableId, long tso) {
        Long newest = newestMarker.get(tableId);
        return newest != null && newest > tso;
    }

    /**
     * Whether the history of table {@code tableId} may start later than just after {@code tso}; true
     * for a changelog whose start is not known.
     */
    public boolean mayStartAfter(long tableId, long tso) {
        Long from = retainedFrom.get(tableId);
        return from == null || from > tso + 1;
    }
}
