package io.cairndb.catalog;

import java.util.List;

/** Recorded distribution: HASH(columns) or RANDOM, with a bucket count or AUTO (buckets null). */
public record DistributionMeta(boolean random, List<String> columns, Integer buckets) {
    public DistributionMeta {
        columns = List.copyOf(columns);
    }

    public String toSql() {
        String by = random ? "RANDOM" : "HASH(" + String.join(", ", columns.stream().map(c -> "`" + c + "`").toList()) + ")";
        return "DISTRIBUTED BY " + by + " BUCKETS " + (buckets == null ? "AUTO" : buckets.toString());
    }
}
