package io.cairndb.catalog;

import java.util.List;

/**
 * How a table is partitioned: RANGE or LIST over {@code columns}, with partitions in order. An
 * unpartitioned table has one implicit partition named after the table, as in Doris, so that
 * versions and row counts work the same everywhere. {@code auto} is null unless writes create the
 * partitions they need (Doris AUTO PARTITION). {@code temporary} are Doris's temporary partitions:
 * named apart from the formal ones, their ranges may overlap them, and their rows are seen only by
 * statements that name them (see {@code ddl.TemporaryPartitions}).
 */
public record PartitionScheme(Kind kind, List<String> columns, List<PartitionMeta> partitions, AutoPartition auto,
                              List<PartitionMeta> temporary) {
    public enum Kind { RANGE, LIST, UNPARTITIONED }

    /**
     * AUTO PARTITION: a RANGE scheme creates one partition per {@code date_trunc} unit ({@code truncUnit},
     * lower-case) a write needs; a LIST scheme (truncUnit null) one partition per new value.
     */
    public record AutoPartition(String truncUnit) {
    }

    public static PartitionScheme unpartitioned(PartitionMeta single) {
        return new PartitionScheme(Kind.UNPARTITIONED, List.of(), List.of(single), null);
    }

    public PartitionScheme {
        columns = List.copyOf(columns);
        partitions = List.copyOf(partitions);
        // Schemes saved before temporary partitions existed have none.
        temporary = temporary == null ? List.of() : List.copyOf(temporary);
    }

    public PartitionScheme(Kind kind, List<String> columns, List<PartitionMeta> partitions, AutoPartition auto) {
        this(kind, columns, partitions, auto, List.of());
    }

    public PartitionScheme(Kind kind, List<String> columns, List<PartitionMeta> partitions) {
        this(kind, columns, partitions, null);
    }

    public PartitionScheme withPartitions(List<PartitionMeta> newPartitions) {
        return new PartitionScheme(kind, columns, newPartitions, auto, temporary);
    }

    public PartitionScheme withTemporary(List<PartitionMeta> newTemporary) {
        return new PartitionScheme(kind, columns, partitions, auto, newTemporary);
    }

    /** The temporary partition with this name, or null. */
    public PartitionMeta findTemporary(String name) {
        for (PartitionMeta p : temporary) {
            if (p.name().equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }

    public PartitionMeta find(String name) {
        for (PartitionMeta p : partitions) {
            if (p.name().equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }
}
