package io.cairndb.analyzer;

import io.cairndb.catalog.PartitionMeta;

/** How partition bounds read in messages and SHOW PARTITIONS. */
public final class RangeText {
    private RangeText() {
    }

    public static String of(PartitionMeta p) {
        if (!p.listValues().isEmpty()) {
            return p.listValues().toString();
        }
        return "[" + (p.lower().isEmpty() ? "MIN" : p.lower().toString()) + ", "
                + (p.upper().isEmpty() ? "MAX" : p.upper().toString()) + ")";
    }
}
