package io.cairndb.mv;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Doris's {@code ivm_partition_window_limit} ({@code "orders:7,users:1"}): an incremental refresh reads
 * only the changes of the last N partitions of each table listed, in partition value order. Changes
 * of older partitions are consumed but never applied, a loss the user chose, and the MV partitions they
 * feed are out of sync until rebuilt; in a definition that joins the table to others they are not
 * skipped but rebuild what they feed ({@link IvmSyncedPartitions}); a full build still reads every
 * partition.
 */
final class IvmWindow {
    static final String PROPERTY = "ivm_partition_window_limit";

    private IvmWindow() {
    }

    /** The limits by table name as written ({@code t} or {@code db.t}); a malformed value is refused. */
    static Map<String, Integer> parse(String value) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (value == null || value.isBlank()) {
            return out;
        }
        for (String item : value.split(",")) {
            int colon = item.lastIndexOf(':');
            String table = colon < 0 ? "" : item.substring(0, colon).trim();
            String count = colon < 0 ? "" : item.substring(colon + 1).trim();
            int n;
            try {
                n = Integer.parseInt(count);
            } catch (NumberFormatException e) {
                n = 0;
            }
            if (table.isEmpty() || n < 1) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, PROPERTY + " must be <table_name>:<partition_count>[,...] "
                        + "with a partition count of at least 1, not '" + value + "'");
            }
            if (out.put(table.toLowerCase(Locale.ROOT), n) != null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, PROPERTY + " names table " + table + " twice");
            }
        }
        return out;
    }

    /** Checks that every table the limit names is one of the definition's tables, and partitioned. */
    static void check(Map<String, String> properties, List<TableMeta> tables) {
        for (String named : parse(properties.get(PROPERTY)).keySet()) {
            TableMeta t = tables.stream().filter(b -> names(named, b)).findFirst().orElseThrow(() -> new CairnException(
                    ErrorCode.WRONG_ARGUMENTS, PROPERTY + " names " + named + ", which is not a base table of the materialized view"));
            if (t.partitioning().kind() == PartitionScheme.Kind.UNPARTITIONED) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, PROPERTY + " names " + named + ", which is not partitioned");
            }
        }
    }

    /**
     * The partitions of {@code t} an incremental refresh reads, by name, or an empty list for all of
     * them (no limit, or no more partitions than it allows).
     */
    static List<String> partitions(Map<String, String> properties, TableMeta t) {
        Integer limit = null;
        for (Map.Entry<String, Integer> e : parse(properties.get(PROPERTY)).entrySet()) {
            if (names(e.getKey(), t)) {
                limit = e.getValue();
            }
        }
        List<PartitionMeta> parts = ordered(t);
        if (limit == null || parts.size() <= limit) {
            return List.of();
        }
        return parts.subList(parts.size() - limit, parts.size()).stream().map(PartitionMeta::name).toList();
    }

    /**
     * What a change from {@code before} to {@code after} adds to what the MV maintains: a table's limit
     * raised or removed. The changes it skipped before are gone, so the baseline no longer holds.
     */
    static List<String> widened(Map<String, String> before, Map<String, String> after) {
        Map<String, Integer> was = parse(before.get(PROPERTY));
        Map<String, Integer> now = parse(after.get(PROPERTY));
        List<String> out = new ArrayList<>();
        was.forEach((table, n) -> {
            Integer m = now.get(table);
            if (m == null) {
                out.add(PROPERTY + " of " + table + " was removed");
            } else if (m > n) {
                out.add(PROPERTY + " of " + table + " was widened from " + n + " to " + m);
            }
        });
        return out;
    }

    private static boolean names(String named, TableMeta t) {
        return named.equalsIgnoreCase(t.name()) || named.equalsIgnoreCase(t.database() + "." + t.name());
    }

    /** RANGE partitions are kept in range order; LIST partitions go by their greatest value. */
    private static List<PartitionMeta> ordered(TableMeta t) {
        List<PartitionMeta> parts = new ArrayList<>(t.partitioning().partitions());
        if (t.partitioning().kind() == PartitionScheme.Kind.LIST) {
            DataType type = t.column(t.partitioning().columns().get(0)).type();
            Comparator<String> byValue = (a, b) -> PartitionAnalyzer.compareValue(a, b, type);
            parts.sort(Comparator.comparing(p -> p.listValues().stream().map(v -> v.get(0)).max(byValue).orElse(""), byValue));
        }
        return parts;
    }
}
