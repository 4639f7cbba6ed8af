package io.cairndb.catalog;

import java.util.List;

/**
 * How a table is partitioned: RANGE or LIST over {@code columns}, with partitions in order. An
 * unpartitioned table has one implicit partition named after the table, as in Doris, so that
 * versions and row counts work the same everywhere.
 */
public record PartitionScheme(Kind kind, List<String> columns, List<PartitionMeta> partitions) {
    public enum Kind { RANGE, LIST, UNPARTITIONED }

    public static PartitionScheme unpartitioned(PartitionMeta single) {
        return new PartitionScheme(Kind.UNPARTITIONED, List.of(), List.of(single));
    }

    public PartitionScheme {
        columns = List.copyOf(columns);
        partitions = List.copyOf(partitions);
    }

    public PartitionScheme withPartitions(List<PartitionMeta> newPartitions) {
        return new PartitionScheme(kind, columns, newPartitions);
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
