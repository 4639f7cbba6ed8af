package io.cairndb.rewrite;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanRenumbering;
import io.cairndb.plan.SpjgForm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A materialized view as rewrite sees it: the table its rows are in, the normal form of its
 * definition and the size of its data. {@code columns} are the MV table's columns, one for each
 * output of the definition, in order. {@code unusable} says why the MV cannot answer queries now
 * (stale, disabled, a definition rewrite cannot match); {@code form} is null then. A partitioned MV
 * whose base changed in some partitions is read through {@code union}: its partitions still in sync,
 * and the rest computed from the base (seed 2.2.7).
 *
 * <p>A synchronous MV (a rollup) of table {@code rollupOf} (null for an asynchronous MV) is always in
 * sync. When it holds as many rows as its table it is worth reading only for a query that restricts
 * {@code prefixColumn}, the table column its rows are sorted by first (null when no such restriction
 * is needed). A rollup that aggregates keeps partial rows, several for a key ({@code partialRows}),
 * which reading it merges by each value column's aggregation.
 *
 * @param tableIds the tables the definition reads (other MVs included)
 * @param rows     the rows in the MV table, the cost of reading it
 */
public record Materialization(String database, String name, PlanNode.TableSource source, List<ColumnMeta> columns,
                              SpjgForm form, Set<Long> tableIds, long rows, String unusable, StaleUnion union,
                              TopN topN, String rollupOf, String prefixColumn, boolean partialRows) {

    /**
     * The MV's definition ends in {@code ORDER BY keys LIMIT count OFFSET offset} over the SPJG part
     * {@code form} describes; {@code keys} (possibly none) refer to that part's outputs. The MV holds only
     * those rows: it answers only a query with the same part and a LIMIT within its rows (seed 2.2.11).
     */
    public record TopN(long count, long offset, List<PlanNode.SortKey> keys) {
        public TopN {
            keys = List.copyOf(keys);
        }
    }

    /**
     * The MV's rows as of now when some of its partitions are stale: those of {@code freshPartitions}
     * (never empty), UNION ALL {@code staleRows}, the definition's plan (its own column ids) over the
     * base partitions no fresh MV partition holds (null when there are none).
     */
    public record StaleUnion(List<String> freshPartitions, PlanNode staleRows) {
        public StaleUnion {
            freshPartitions = List.copyOf(freshPartitions);
        }
    }

    public Materialization {
        columns = List.copyOf(columns);
        tableIds = Set.copyOf(tableIds);
    }

    /** {@code union}: null when every partition is fresh; {@code topN}: null unless the definition ends in a LIMIT. */
    public static Materialization usable(String database, String name, PlanNode.TableSource source,
                                         List<ColumnMeta> columns, SpjgForm form, long rows, StaleUnion union, TopN topN) {
        Set<Long> ids = form.tables().stream().map(s -> s.source().tableId()).collect(Collectors.toSet());
        return new Materialization(database, name, source, columns, form, ids, rows, null, union, topN, null, null, false);
    }

    public static Materialization unusable(String database, String name, Set<Long> tableIds, String why) {
        return new Materialization(database, name, null, List.of(), null, tableIds, 0, why, null, null, null, null, false);
    }

    /** A rollup {@code name} of table {@code table}; {@code prefixColumn} and {@code partialRows} as the record says. */
    public static Materialization rollup(String database, String table, String name, PlanNode.TableSource source,
                                         List<ColumnMeta> columns, SpjgForm form, long rows, String prefixColumn, boolean partialRows) {
        Set<Long> ids = form.tables().stream().map(s -> s.source().tableId()).collect(Collectors.toSet());
        return new Materialization(database, name, source, columns, form, ids, rows, null, null, null, table, prefixColumn, partialRows);
    }

    /** A plan producing the MV's rows under {@code outputs} (one per MV column). */
    PlanNode read(List<PlanColumn> outputs, ColumnIds ids) {
        List<String> names = columns.stream().map(ColumnMeta::name).toList();
        if (partialRows) {
            return merged(outputs, names, ids);
        }
        if (union == null) {
            return new PlanNode.Scan(source, outputs, names, List.of(), false);
        }
        List<PlanColumn> own = outputs.stream().map(c -> ids.fresh(c.name(), c.type(), c.nullable())).toList();
        PlanNode fresh = new PlanNode.Scan(source, own, names, union.freshPartitions(), false);
        if (union.staleRows() == null) {
            return new PlanNode.Project(fresh, IntStream.range(0, own.size())
                    .mapToObj(i -> new PlanNode.Assignment(outputs.get(i), own.get(i).ref())).toList());
        }
        PlanNode stale = PlanRenumbering.of(union.staleRows(), ids::next);
        return new PlanNode.SetOperation(PlanNode.SetKind.UNION, true, fresh, stale, outputs);
    }

    /** A rollup's partial rows merged per key: its key columns grouped, its value columns aggregated again. */
    private PlanNode merged(List<PlanColumn> outputs, List<String> names, ColumnIds ids) {
        List<PlanColumn> stored = outputs.stream().map(c -> ids.fresh(c.name(), c.type(), c.nullable())).toList();
        PlanNode scan = new PlanNode.Scan(source, stored, names, List.of(), false);
        List<PlanColumn> keys = new ArrayList<>();
        List<PlanNode.AggregateAssignment> values = new ArrayList<>();
        List<PlanNode.Assignment> out = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            ColumnMeta c = columns.get(i);
            if (c.key()) {
                keys.add(stored.get(i));
                out.add(new PlanNode.Assignment(outputs.get(i), stored.get(i).ref()));
                continue;
            }
            String function = switch (c.aggregation()) {
                case SUM -> "sum";
                case MIN -> "min";
                case MAX -> "max";
                case BITMAP_UNION -> "bitmap_union";
                case HLL_UNION -> "hll_union";
                case GENERIC -> c.type().stateFunction() + "_union";
                case REPLACE, REPLACE_IF_NOT_NULL -> throw new IllegalStateException("a rollup has no REPLACE column: " + c.name());
            };
            PlanColumn value = ids.fresh(c.name(), c.type(), c.nullable());
            values.add(new PlanNode.AggregateAssignment(value, new PlanNode.AggregateCall(function, List.of(stored.get(i).ref()), false,
                    List.of())));
            out.add(new PlanNode.Assignment(outputs.get(i), value.ref()));
        }
        return new PlanNode.Project(new PlanNode.Aggregate(scan, keys, List.of(), values), out);
    }

    /** The name EXPLAIN shows: {@code internal.db.mv}, or {@code internal.db.table.mv} for a rollup. */
    public String qualifiedName() {
        return "internal." + database + "." + (rollupOf == null ? "" : rollupOf + ".") + name;
    }

    /** How EXPLAIN names the MV: an asynchronous one by its name, a rollup by its qualified name (seed 004). */
    String reportName() {
        return rollupOf == null ? name : qualifiedName();
    }
}
