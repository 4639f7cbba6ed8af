package io.cairndb.catalog;

import java.util.List;
import java.util.Map;

/**
 * A synchronous MV (a rollup) of a table: rows derived from the table's alone, kept by every write
 * of the table in the write's transaction. Its columns are computed by {@code defineExprs} (one per
 * column, dialect SQL over the table's columns) from the table's rows that pass {@code whereClause}
 * (nullable), and stored under {@code keyModel}: value columns of an AGGREGATE rollup merge by their
 * aggregation as an AGGREGATE KEY table's would. {@code querySql} is the definition as written (for
 * SHOW CREATE); {@code alias} (nullable) is the name it gives the table.
 *
 * <p>While {@code state} is BUILDING, a job computes the rows the table held when it started; writes
 * meanwhile append the rows they derive to the pending table, which the job merges in when it ends.
 */
public record RollupMeta(long id, String name, KeyModel keyModel, List<ColumnMeta> columns, List<String> defineExprs,
                         String whereClause, String alias, String querySql, State state, long createTime) {

    public enum State { BUILDING, FINISHED }

    private static final String STORAGE = "__rollup_";
    private static final String PENDING = "_pending";

    public RollupMeta {
        columns = List.copyOf(columns);
        defineExprs = List.copyOf(defineExprs);
        if (columns.size() != defineExprs.size()) {
            throw new IllegalArgumentException("a rollup column needs one defining expression");
        }
    }

    public RollupMeta finished() {
        return new RollupMeta(id, name, keyModel, columns, defineExprs, whereClause, alias, querySql, State.FINISHED,
                createTime);
    }

    public boolean building() {
        return state == State.BUILDING;
    }

    /**
     * Whether the rollup's stored rows are partial, several for a key, which readers merge by each value
     * column's aggregation (as Doris merges an AGGREGATE KEY table's rowsets) and writes append to rather
     * than update in place: so for a rollup that aggregates, unless it keeps bitmaps or HLLs, whose
     * merges cost a reader more than an update in place costs a writer.
     */
    public boolean mergesOnRead() {
        return keyModel == KeyModel.AGGREGATE && columns.stream().noneMatch(c -> c.aggregation() == AggregationType.BITMAP_UNION
                || c.aggregation() == AggregationType.HLL_UNION);
    }

    /**
     * The rollup's rows as a table of its own in {@code base}'s DuckDB schema: its columns (value
     * columns with their aggregation) under its key model, or, for one that merges on read, rows kept
     * as written (DUPLICATE: no primary key).
     */
    public TableMeta storage(TableMeta base) {
        TableMeta storage = storageNamed(base, base.duckTable() + STORAGE + id);
        return mergesOnRead() ? new TableMeta(storage.id(), storage.database(), storage.name(), storage.kind(), storage.columns(),
                KeyModel.DUPLICATE, "", storage.partitioning(), null, Map.of(), null, createTime, createTime, storage.duckSchema(),
                storage.duckTable(), List.of(), List.of(), List.of()) : storage;
    }

    /**
     * The table writes append to while the rollup is built: the storage's columns, all nullable (a
     * UNIQUE table's writes record only the keys they touched), every row kept.
     */
    public TableMeta pending(TableMeta base) {
        TableMeta storage = storageNamed(base, base.duckTable() + STORAGE + id + PENDING);
        List<ColumnMeta> nullable = columns.stream().map(c -> new ColumnMeta(c.name(), c.type(), true, c.key(), c.aggregation(),
                false, null, null, null, "")).toList();
        return new TableMeta(storage.id(), storage.database(), storage.name(), storage.kind(), nullable, KeyModel.DUPLICATE,
                "", storage.partitioning(), null, Map.of(), null, createTime, createTime, storage.duckSchema(), storage.duckTable(),
                List.of(), List.of(), List.of());
    }

    private TableMeta storageNamed(TableMeta base, String duckTable) {
        PartitionScheme single = PartitionScheme.unpartitioned(new PartitionMeta(id, name, List.of(), List.of(), List.of(), 1, createTime));
        return new TableMeta(id, base.database(), name, TableKind.TABLE, columns, keyModel, "", single, null, Map.of(), null,
                createTime, createTime, base.duckSchema(), duckTable, List.of(), List.of(), List.of());
    }

    public ColumnMeta column(String columnName) {
        return columns.stream().filter(c -> c.name().equalsIgnoreCase(columnName)).findFirst().orElse(null);
    }
}
