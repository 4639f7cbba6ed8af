package io.cairndb.sql.tree;

import java.util.List;

/** {@code DISTRIBUTED BY HASH(cols) | RANDOM [BUCKETS n | AUTO]}; buckets null when AUTO or absent. */
public record DistributionDesc(boolean random, List<String> columns, Integer buckets, boolean autoBuckets) {
    public DistributionDesc {
        columns = List.copyOf(columns);
    }
}
