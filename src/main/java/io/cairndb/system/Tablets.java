package io.cairndb.system;

import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;

/**
 * A table's tablets as Doris would have them: one per partition and bucket (AUTO buckets count as one).
 * CairnDB stores each table as one DuckDB table, so a tablet is the rows of one partition that a hash
 * of the distribution columns puts into one bucket. Its id is derived from its partition's id and its
 * bucket, so it never changes while the partition lives: {@code partition id * }{@value #SPAN}
 * {@code + 2 * bucket}, its one replica's id the next number.
 */
public final class Tablets {
    /** Tablet ids of one partition lie below the next partition's. */
    static final long SPAN = 1_000_000;

    private Tablets() {
    }

    /** The buckets of each partition of {@code t}. */
    public static int buckets(TableMeta t) {
        Integer buckets = t.distribution() == null ? null : t.distribution().buckets();
        return buckets == null ? 1 : buckets;
    }

    /** The tablets of {@code partitions} of {@code t}. */
    public static long count(TableMeta t, int partitions) {
        return (long) partitions * buckets(t);
    }

    static long tabletId(PartitionMeta p, int bucket) {
        return p.id() * SPAN + 2L * bucket;
    }

    static long replicaId(PartitionMeta p, int bucket) {
        return tabletId(p, bucket) + 1;
    }

    /** The partition id of a tablet id. */
    static long partitionId(long tabletId) {
        return Math.floorDiv(tabletId, SPAN);
    }

    /** The bucket of a tablet id, or -1 when the id is no tablet's (a replica's). */
    static int bucket(long tabletId) {
        long rest = Math.floorMod(tabletId, SPAN);
        return rest % 2 == 0 ? (int) (rest / 2) : -1;
    }
}
