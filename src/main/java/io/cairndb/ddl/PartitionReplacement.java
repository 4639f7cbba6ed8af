package io.cairndb.ddl;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.analyzer.RangeText;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.TemporaryPartitionTable;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;
import io.cairndb.write.PartitionSwap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * ALTER TABLE .. REPLACE PARTITION (p..) WITH TEMPORARY PARTITION (tp..) [PROPERTIES (..)], as in
 * Doris. {@code strict_range} (default true): the formal partitions' ranges together must cover
 * exactly what the temporary ones' do (LIST: the same values); false: the temporary partitions must
 * only not overlap the formal partitions that stay. {@code use_temp_partition_name} (default false):
 * when as many partitions are replaced as come in, the new ones take the replaced names in order.
 *
 * <p>The temporary partitions keep their ids and versions, so an MV built from a replaced partition
 * sees it gone and the new one unbuilt: its partitions over them are stale, and ON COMMIT MVs refresh.
 */
final class PartitionReplacement {
    private static final String STRICT_RANGE = "strict_range";
    private static final String USE_TEMP_PARTITION_NAME = "use_temp_partition_name";

    private PartitionReplacement() {
    }

    static TableMeta replace(StatementContext ctx, TableMeta t, Statement.ReplacePartition clause) {
        Map<String, String> props = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        props.putAll(clause.properties());
        boolean strict = !props.containsKey(STRICT_RANGE) || Boolean.parseBoolean(props.remove(STRICT_RANGE).trim());
        boolean useTempNames = Boolean.parseBoolean(props.getOrDefault(USE_TEMP_PARTITION_NAME, "false").trim());
        props.remove(USE_TEMP_PARTITION_NAME);
        if (!props.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown properties: " + props.keySet());
        }
        List<PartitionMeta> replaced = new ArrayList<>();
        for (String name : clause.formal()) {
            PartitionMeta p = t.partition(name);
            if (p == null || !t.isPartitioned()) {
                throw new CairnException(ErrorCode.UNKNOWN_PARTITION, "Partition[" + name + "] does not exist");
            }
            replaced.add(p);
        }
        List<PartitionMeta> incoming = new ArrayList<>();
        for (String name : clause.temporary()) {
            PartitionMeta p = t.partitioning().findTemporary(name);
            if (p == null) {
                throw new CairnException(ErrorCode.UNKNOWN_PARTITION, "Temp partition[" + name + "] does not exist");
            }
            incoming.add(p);
        }
        PartitionAnalyzer analyzer = AlterTableDdl.partitionAnalyzer(ctx, t);
        List<PartitionMeta> kept = new ArrayList<>(t.partitioning().partitions());
        kept.removeAll(replaced);
        if (strict) {
            checkSameCoverage(t.partitioning().kind(), analyzer, replaced, incoming);
        } else if (t.partitioning().kind() == PartitionScheme.Kind.RANGE) {
            for (PartitionMeta p : incoming) {
                if (kept.stream().anyMatch(k -> analyzer.rangesOverlap(k, p))) {
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Range: " + RangeText.of(p)
                            + " conflicts with existing range");
                }
            }
        }
        boolean keepNames = !useTempNames && replaced.size() == incoming.size();
        for (int i = 0; i < incoming.size(); i++) {
            PartitionMeta p = incoming.get(i);
            String name = keepNames ? replaced.get(i).name() : p.name();
            analyzer.add(kept, new PartitionMeta(p.id(), name, p.lower(), p.upper(), p.listValues(), p.visibleVersion(),
                    p.visibleVersionTime()));
        }
        TableMeta after = t.withPartitioning(t.partitioning().withPartitions(kept));
        PartitionSwap.moveRows(ctx, t, after, replaced, TemporaryPartitionTable.of(t), incoming);
        return TemporaryPartitions.remove(ctx, after, incoming);
    }

    /** strict_range: both sides cover the same ranges (RANGE) or hold the same values (LIST). */
    private static void checkSameCoverage(PartitionScheme.Kind kind, PartitionAnalyzer analyzer,
                                          List<PartitionMeta> formal, List<PartitionMeta> temporary) {
        if (kind == PartitionScheme.Kind.LIST) {
            Set<List<String>> a = new HashSet<>();
            formal.forEach(p -> a.addAll(p.listValues()));
            Set<List<String>> b = new HashSet<>();
            temporary.forEach(p -> b.addAll(p.listValues()));
            if (!a.equals(b)) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "2 list partitions are not strictly matched. "
                        + texts(formal) + " vs. " + texts(temporary));
            }
            return;
        }
        if (!coalesced(analyzer, formal).equals(coalesced(analyzer, temporary))) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "2 range lists are not stricly matched. "
                    + texts(formal) + " vs. " + texts(temporary));
        }
    }

    /**
     * The ranges as maximal runs of adjacent ranges, each as its lower and upper bound ({@code []}:
     * MINVALUE, MAXVALUE), so that [0, 10) + [10, 20) equals [0, 20).
     */
    private static List<List<List<String>>> coalesced(PartitionAnalyzer analyzer, List<PartitionMeta> parts) {
        List<PartitionMeta> sorted = new ArrayList<>(parts);
        sorted.sort((x, y) -> x.lower().isEmpty() || y.lower().isEmpty()
                ? Boolean.compare(!x.lower().isEmpty(), !y.lower().isEmpty()) : analyzer.compareTuples(x.lower(), y.lower()));
        List<List<List<String>>> runs = new ArrayList<>();
        for (PartitionMeta p : sorted) {
            List<List<String>> last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            if (last != null && !last.get(1).isEmpty() && !p.lower().isEmpty()
                    && analyzer.compareTuples(last.get(1), p.lower()) == 0) {
                last.set(1, p.upper());
            } else {
                runs.add(new ArrayList<>(List.of(p.lower(), p.upper())));
            }
        }
        return runs;
    }

    private static String texts(List<PartitionMeta> parts) {
        return parts.stream().map(RangeText::of).toList().toString();
    }
}
