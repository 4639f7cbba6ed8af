package io.cairndb.analyzer;

import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.ArrayList;
import java.util.List;

/** Looks up partitions that statements name. */
public final class PartitionResolver {
    private PartitionResolver() {
    }

    public static PartitionMeta require(TableMeta t, String name) {
        PartitionMeta p = t.partition(name);
        if (p == null) {
            throw new CairnException(ErrorCode.UNKNOWN_PARTITION, "Partition: " + name + " does not exist in table " + t.name());
        }
        return p;
    }

    public static List<PartitionMeta> requireAll(TableMeta t, List<String> names) {
        List<PartitionMeta> out = new ArrayList<>();
        for (String n : names) {
            out.add(require(t, n));
        }
        return out;
    }
}
