package io.cairndb.printer;

import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;

import java.util.List;

/** An expression giving the id of the partition that holds a row. */
public final class PartitionIds {
    private PartitionIds() {
    }

    public static String of(TableMeta t, String qualifier) {
        List<PartitionMeta> parts = t.partitioning().partitions();
        if (t.partitioning().kind() == PartitionScheme.Kind.UNPARTITIONED) {
            return Long.toString(parts.get(0).id());
        }
        if (parts.isEmpty()) {
            return "-1";
        }
        StringBuilder sb = new StringBuilder("CASE");
        for (PartitionMeta p : parts) {
            sb.append(" WHEN ").append(PartitionPredicates.of(t, p, qualifier)).append(" THEN ").append(p.id());
        }
        return sb.append(" ELSE -1 END").toString();
    }
}
