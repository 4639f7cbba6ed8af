package io.cairndb.changelog;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.HashMap;
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
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + TABLE
                + " (stream_id BIGINT NOT NULL, partition_id BIGINT NOT NULL, offset_tso BIGINT NOT NULL, consumed_at BIGINT NOT NULL)");
    }

    /** Offsets by partition id; a partition without an entry is at the stream's start. */
    public static Map<Long, Long> read(Connection c, long streamId) {
        Map<Long, Long> out = new HashMap<>();
        for (List<Object> r : Sql.rows(c, "SELECT partition_id, offset_tso FROM " + TABLE + " WHERE stream_id = ?", streamId)) {
            out.put(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue());
        }
        return out;
    }

    /** Whether the stream has never been consumed (its initial rows are still pending). */
    public static boolean neverConsumed(Connection c, long streamId) {
        return Sql.scalar(c, "SELECT 1 FROM " + TABLE + " WHERE stream_id = ? LIMIT 1", streamId) == null;
    }

    /**
     * Marks everything the consuming statement could see as consumed: each partition's offset
     * moves to the greatest TSO of its changes visible in this transaction.
     */
    public static void advance(Connection c, StreamMeta s, TableMeta t, long nowMillis) {
        Map<Long, Long> current = read(c, s.id());
        Map<Long, Long> latest = new HashMap<>();
        for (List<Object> r : Sql.rows(c, "SELECT " + ChangelogTables.PARTITION + ", max(" + ChangelogTables.TSO + ") FROM "
                + ChangelogTables.name(t) + " GROUP BY 1")) {
            latest.put(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue());
        }
        Sql.execute(c, "DELETE FROM " + TABLE + " WHERE stream_id = " + s.id());
        for (PartitionMeta p : t.partitioning().partitions()) {
            long offset = Math.max(current.getOrDefault(p.id(), s.startTso()), latest.getOrDefault(p.id(), s.startTso()));
            Sql.execute(c, "INSERT INTO " + TABLE + " VALUES (" + s.id() + ", " + p.id() + ", " + offset + ", " + nowMillis + ")");
        }
    }

    /** Removes the offsets of streams that no longer exist (a DROP DATABASE of older versions left them). */
    public static void dropOrphans(Connection c, Set<Long> streamIds) {
        Sql.deleteExcept(c, TABLE, "stream_id", streamIds.stream().map(String::valueOf).toList());
    }

    public static void drop(Connection c, long streamId) {
        Sql.execute(c, "DELETE FROM " + TABLE + " WHERE stream_id = " + streamId);
    }
}
