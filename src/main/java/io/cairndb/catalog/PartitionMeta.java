package io.cairndb.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One partition. RANGE partitions hold {@code lower} (inclusive) and {@code upper} (exclusive)
 * bound tuples as value text; an empty lower is MINVALUE and an empty upper is MAXVALUE. LIST
 * partitions hold their value tuples in {@code listValues}. The visible version starts at 1 and is
 * bumped by every committed write that touches the partition.
 */
public record PartitionMeta(long id, String name, List<String> lower, List<String> upper,
                            List<List<String>> listValues, long visibleVersion, long visibleVersionTime) {

    public PartitionMeta {
        lower = List.copyOf(lower);
        upper = List.copyOf(upper);
        // A LIST value may be NULL (VALUES IN (NULL)), which List.copyOf refuses.
        listValues = listValues.stream().map(v -> Collections.unmodifiableList(new ArrayList<>(v))).toList();
    }

    public PartitionMeta withName(String newName) {
        return new PartitionMeta(id, newName, lower, upper, listValues, visibleVersion, visibleVersionTime);
    }

    public PartitionMeta withVersion(long version, long time) {
        return new PartitionMeta(id, name, lower, upper, listValues, version, time);
    }
}
