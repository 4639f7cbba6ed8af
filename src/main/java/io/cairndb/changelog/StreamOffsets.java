package io.cairndb.changelog;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where each stream has consumed to, per partition of its table: the greatest TSO it has taken.
 * Offsets advance in the transaction of the consuming INSERT, so a failed INSERT consumes nothing.
 */
public final class StreamOffsets {
    static final String TABLE = Catalog.SYSTEM_SCHEMA + ".stream_offsets";

    private StreamOffsets() {
    }

    public static void createSchema(Connection c) {
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (stream_id BIGINT NOT NULL, partition_id BIGINT NOT NULL, "
                + "offset_tso BIGINT NOT NULL, consumed_at BIGINT NOT NULL, PRIMARY KEY (stream_id, partition_id))");
        keyOlderTable(c);
    }

    /**
     * Older data directories kept offsets without a key, and two first consumers could each write a row
     * per partition. Each such pair had consumed everything up to the greater offset, which is kept.
     */
    private static void keyOlderTable(Connection c) {
        Object keyed = Sql.scalar(c, "SELECT 1 FROM duckdb_constraints() WHERE schema_name = ? AND table_name = ? "
                + "AND constraint_type = 'PRIMARY KEY'", Catalog.SYSTEM_SCHEMA, "stream_offsets");
        if (keyed != null) {
            return;
        }
        Sql.execute(c, "ALTER TABLE " + TABLE + " RENAME TO stream_offsets_unkeyed");
        Sql.execute(c, "CREATE TABLE " + TABLE + " (stream_id BIGINT NOT NULL, partition_id BIGINT NOT NULL, "
                + "offset_tso BIGINT NOT NULL, consumed_at BIGINT NOT NULL, PRIMARY KEY (stream_id, partition_id))");
        Sql.execute(c, "INSERT INTO " + TABLE + " SELECT stream_id, partition_id, max(offset_tso), max(consumed_at) FROM "
                + Catalog.SYSTEM_SCHEMA + ".stream_offsets_unkeyed GROUP BY stream_id, partition_id");
        Sql.execute(c, "DROP TABLE " + Catalog.SYSTEM_SCHEMA + ".stream_offsets_unkeyed");
    }

    /** Offsets by partition id; a partition without an entry is at the stream's start. */
    public static Map<Long, Long> read(Connection c, long streamId) {
        Map<Long, Long> out = new HashMap<>();
        for (List<Object> r : Sql.rows(c, "SELECT partition_id, offset_tso FROM " + TABLE + " WHERE stream_id = ?", streamId)) {
            out.put(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue());
        }
        return out;
    }

    /**
     * The least offset of any partition of the stream's table: no change at or below it is unconsumed.
     * The changelog is written in TSO order, so a scan bounded by it skips the consumed history.
     */
    static long floor(Map<Long, Long> offsets, StreamMeta s, TableMeta t) {
        long floor = Long.MAX_VALUE;
        for (PartitionMeta p : t.partitioning().partitions()) {
            floor = Math.min(floor, offsets.getOrDefault(p.id(), s.startTso()));
        }
        return floor == Long.MAX_VALUE ? s.startTso() : floor;
    }

    /**
     * What a stream has not consumed yet, in the reading transaction's snapshot: its offsets, the
     * newest TSO among its unconsumed changes and markers (0: none), how many change rows it has not
     * consumed (UPDATE_BEFORE images included), whether history it has not
     * consumed is gone (trimmed by retention), and the partitions whose rows were removed in bulk
     * (TRUNCATE, INSERT OVERWRITE, REPLACE and DROP PARTITION leave markers, not changes), by id.
     */
    public record Pending(Map<Long, Long> offsets, long floor, long newest, long changeRows, boolean historyTrimmed,
                          Set<Long> removedPartitions) {
        public Pending {
            removedPartitions = Set.copyOf(removedPartitions);
        }

        public boolean changes() {
            return newest > 0;
        }

        public boolean bulkRemoval() {
            return !removedPartitions.isEmpty();
        }
    }

    public static Pending pending(Connection c, StreamMeta s, TableMeta t) {
        return pending(c, List.of(s), List.of(t)).get(0);
    }

    /**
     * {@link #pending(Connection, StreamMeta, TableMeta)} of several streams ({@code streams}, each of
     * the table at the same position of {@code tables}), as one refresh reads them: one query for all
     * their offsets and one for all they have not consumed.
     */
    public static List<Pending> pending(Connection c, List<StreamMeta> streams, List<TableMeta> tables) {
        return pending(c, streams, tables, java.util.Collections.nCopies(streams.size(), null), null);
    }

    /**
     * As {@link #pending(Connection, List, List)}, with the offsets of the streams whose offsets the
     * caller knows as the table holds them in its snapshot ({@code known}: each stream's, or null to
     * read them), which are not read again; and with {@code bounds} (null: none), which spare the look
     * for markers and trimmed history when there can be none past the streams' offsets.
     */
    public static List<Pending> pending(Connection c, List<StreamMeta> streams, List<TableMeta> tables, List<Map<Long, Long>> known,
                                        ChangelogBounds bounds) {
        if (streams.isEmpty()) {
            return List.of();
        }
        List<StreamMeta> unknown = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            if (known.get(i) == null) {
                unknown.add(streams.get(i));
            }
        }
        Map<Long, Map<Long, Long>> offsets = unknown.isEmpty() ? new HashMap<>() : read(c, unknown);
        for (int i = 0; i < streams.size(); i++) {
            if (known.get(i) != null) {
                offsets.put(streams.get(i).id(), known.get(i));
            }
        }
        List<String> surveys = new ArrayList<>();
        List<Object> floors = new ArrayList<>();
        boolean[] spared = new boolean[streams.size()];
        long[] floorOf = new long[streams.size()];
        for (int i = 0; i < streams.size(); i++) {
            StreamMeta s = streams.get(i);
            TableMeta t = tables.get(i);
            long floor = floor(offsets.get(s.id()), s, t);
            floorOf[i] = floor;
            // The floor is a parameter: the statement is the same on each read of the streams, and kept prepared.
            boolean markers = bounds == null || bounds.mayHaveMarkerAfter(t.id(), floor);
            boolean retained = bounds == null || bounds.mayStartAfter(t.id(), floor);
            spared[i] = !markers || !retained;
            surveys.add("SELECT " + i + " AS i, u.newest, u.n, " + (markers ? "(SELECT max(tso)" + markers(t) + ")" : "NULL") + ", "
                    + (retained ? "(SELECT retained_from FROM " + ChangelogTables.STATE + " WHERE table_id = " + t.id() + ")" : "NULL")
                    + " FROM (SELECT max(" + ChangelogTables.TSO + ") AS newest, count(*) AS n FROM ("
                    + StreamPlanner.unconsumed(s, t, "?") + ")) AS u");
            if (markers) {
                floors.add(floor);
            }
            floors.add(floor);
        }
        List<Pending> out = new ArrayList<>(java.util.Collections.nCopies(streams.size(), (Pending) null));
        for (List<Object> r : Sql.rows(c, String.join(" UNION ALL ", surveys), floors.toArray())) {
            int i = ((Number) r.get(0)).intValue();
            StreamMeta s = streams.get(i);
            out.set(i, pending(c, s, tables.get(i), offsets.get(s.id()), floorOf[i], r.subList(1, r.size())));
        }
        if (bounds != null && boundsRose(tables, floorOf, bounds, spared)) {
            // A write raised a bound between their reading and the start of this transaction's snapshot,
            // which may hold its marker or trimmed history: ask again, looking everything up, in the
            // same snapshot.
            return pending(c, streams, tables, known, null);
        }
        return out;
    }

    /**
     * Whether a bound now says the bookkeeping may hold something past the floor of a stream whose
     * look-ups the survey {@code spared}. Bounds rise before their write commits, so after the survey
     * began its snapshot, they cover all it can see.
     */
    private static boolean boundsRose(List<TableMeta> tables, long[] floorOf, ChangelogBounds bounds, boolean[] spared) {
        for (int i = 0; i < tables.size(); i++) {
            if (!spared[i]) {
                continue;
            }
            long id = tables.get(i).id();
            if (bounds.mayHaveMarkerAfter(id, floorOf[i]) || bounds.mayStartAfter(id, floorOf[i])) {
                return true;
            }
        }
        return false;
    }

    /** Offsets by partition id of each of {@code streams}, by stream id (see {@link #read(Connection, long)}). */
    private static Map<Long, Map<Long, Long>> read(Connection c, List<StreamMeta> streams) {
        Map<Long, Map<Long, Long>> out = new HashMap<>();
        List<Object> ids = new ArrayList<>();
        for (StreamMeta s : streams) {
            out.put(s.id(), new HashMap<>());
            ids.add(s.id());
        }
        String in = String.join(", ", java.util.Collections.nCopies(ids.size(), "?"));
        for (List<Object> r : Sql.rows(c, "SELECT stream_id, partition_id, offset_tso FROM " + TABLE + " WHERE stream_id IN (" + in + ")",
                ids.toArray())) {
            out.get(((Number) r.get(0)).longValue()).put(((Number) r.get(1)).longValue(), ((Number) r.get(2)).longValue());
        }
        return out;
    }

    private static String markers(TableMeta t) {
        return " FROM " + ChangelogTables.MARKERS + " WHERE table_id = " + t.id() + " AND tso > ?";
    }

    /** What one stream has not consumed, from its row of the survey ({@code r}: newest change, rows, newest marker, retained from). */
    private static Pending pending(Connection c, StreamMeta s, TableMeta t, Map<Long, Long> offsets, long floor, List<Object> r) {
        String markers = markers(t);
        long newestChange = r.get(0) == null ? 0 : ((Number) r.get(0)).longValue();
        long changeRows = ((Number) r.get(1)).longValue();
        long anyMarker = r.get(2) == null ? 0 : ((Number) r.get(2)).longValue();
        long retainedFrom = r.get(3) == null ? 0 : ((Number) r.get(3)).longValue();
        Set<Long> removed = new HashSet<>();
        long newestMarker = 0;
        if (anyMarker > 0) {
            // Rare: asked only when there are markers, so the common read stays one query. A marker is
            // unconsumed when it is past its own partition's offset (a partition added later starts at
            // the stream's start, below markers other partitions have consumed).
            for (List<Object> m : Sql.rows(c, "SELECT partition_id, max(tso)" + markers + " GROUP BY partition_id", floor)) {
                long partition = ((Number) m.get(0)).longValue();
                long tso = ((Number) m.get(1)).longValue();
                if (tso > offsets.getOrDefault(partition, s.startTso())) {
                    removed.add(partition);
                    newestMarker = Math.max(newestMarker, tso);
                }
            }
        }
        // A bulk removal is consumed too: the offsets move past it, or every later read would find it again.
        return new Pending(offsets, floor, Math.max(newestChange, newestMarker), changeRows, retainedFrom > floor + 1, removed);
    }

    /**
     * Marks what {@code pending} found as consumed, as {@link #advance(Connection, StreamMeta, TableMeta, long)}
     * does, without reading the changelog again; nothing is written when nothing moves. Returns the
     * stream's offsets as they are now.
     */
    public static Map<Long, Long> advance(Connection c, StreamMeta s, TableMeta t, Pending pending, long nowMillis) {
        return write(c, s, t, pending.offsets(), pending.changes() ? pending.newest() : s.startTso(), nowMillis);
    }

    /** The partitions (by id) of the changes {@code pending} found unconsumed, read in the caller's snapshot. */
    public static Set<Long> changedPartitions(Connection c, StreamMeta s, TableMeta t, Pending pending) {
        Set<Long> out = new HashSet<>();
        if (!pending.changes()) {
            return out;
        }
        for (List<Object> r : Sql.rows(c, "SELECT DISTINCT " + ChangelogTables.PARTITION + " FROM ("
                + StreamPlanner.unconsumed(s, t, pending.floor()) + ")")) {
            out.add(((Number) r.get(0)).longValue());
        }
        return out;
    }

    /** Whether the stream has never been consumed (its initial rows are still pending). */
    public static boolean neverConsumed(Connection c, long streamId) {
        return Sql.scalar(c, "SELECT 1 FROM " + TABLE + " WHERE stream_id = ? LIMIT 1", streamId) == null;
    }

    /**
     * Marks everything the consuming statement could see as consumed: every partition's offset moves
     * to the greatest TSO of the table's changes visible in this transaction. Writers of a table commit
     * in TSO order (they hold its lock from TSO to commit), so no change at or below it can appear later;
     * and with every offset there, the next read's scan starts past all consumed history. Returns the
     * stream's offsets as they are now.
     */
    public static Map<Long, Long> advance(Connection c, StreamMeta s, TableMeta t, long nowMillis) {
        Map<Long, Long> current = read(c, s.id());
        Object newest = Sql.scalar(c, "SELECT max(" + ChangelogTables.TSO + ") FROM " + ChangelogTables.name(t) + " WHERE "
                + ChangelogTables.TSO + " > " + floor(current, s, t));
        return write(c, s, t, current, newest == null ? s.startTso() : ((Number) newest).longValue(), nowMillis);
    }

    /**
     * Moves every partition's offset of {@code current} up to {@code latest}. Stored offsets are
     * UPDATEd, a fraction of the cost of an upsert (the common case: one refresh or consuming INSERT
     * after another); a partition's first offset is inserted. Returns the offsets written, by partition id.
     */
    private static Map<Long, Long> write(Connection c, StreamMeta s, TableMeta t, Map<Long, Long> current, long latest, long nowMillis) {
        List<String> moved = new ArrayList<>();
        List<String> added = new ArrayList<>();
        Set<Long> live = new HashSet<>();
        Map<Long, Long> now = new HashMap<>();
        for (PartitionMeta p : t.partitioning().partitions()) {
            live.add(p.id());
            Long was = current.get(p.id());
            if (was == null) {
                // A partition gets its row at the first consumption even if nothing changed: the stream has been consumed.
                added.add("(" + s.id() + ", " + p.id() + ", " + Math.max(s.startTso(), latest) + ", " + nowMillis + ")");
                now.put(p.id(), Math.max(s.startTso(), latest));
            } else if (latest > was) {
                moved.add(Long.toString(p.id()));
                now.put(p.id(), latest);
            } else {
                now.put(p.id(), was);
            }
        }
        if (!moved.isEmpty()) {
            // The same statement on each consumption of the stream's partitions, kept prepared.
            Sql.update(c, "UPDATE " + TABLE + " SET offset_tso = ?, consumed_at = ? WHERE stream_id = " + s.id()
                    + " AND partition_id IN (" + String.join(", ", moved) + ")", latest, nowMillis);
        }
        if (!added.isEmpty()) {
            Sql.execute(c, "INSERT INTO " + TABLE + " VALUES " + String.join(", ", added)
                    + " ON CONFLICT (stream_id, partition_id) DO UPDATE SET offset_tso = excluded.offset_tso, "
                    + "consumed_at = excluded.consumed_at");
        }
        if (!live.containsAll(current.keySet())) {
            // Offsets of dropped partitions.
            Sql.execute(c, "DELETE FROM " + TABLE + " WHERE stream_id = " + s.id() + " AND partition_id NOT IN (SELECT unnest(["
                    + String.join(", ", live.stream().map(String::valueOf).toList()) + "]::BIGINT[]))");
        }
        return now;
    }

    /** Removes the offsets of streams that no longer exist (a DROP DATABASE of older versions left them). */
    public static void dropOrphans(Connection c, Set<Long> streamIds) {
        Sql.deleteExcept(c, TABLE, "stream_id", streamIds.stream().map(String::valueOf).toList());
    }

    public static void drop(Connection c, long streamId) {
        Sql.execute(c, "DELETE FROM " + TABLE + " WHERE stream_id = " + streamId);
    }
}
