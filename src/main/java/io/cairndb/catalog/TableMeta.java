package io.cairndb.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table or view of a database. For views, {@code viewSql} holds the definition's query text
 * and {@code columns} the names (and types) it produced when created. {@code partitioning} is
 * never null for tables (see {@link PartitionScheme#unpartitioned}); it and {@code distribution}
 * are null for views.
 *
 * <p>A table's rows are in the DuckDB table {@code duckSchema.duckTable}. Table names are
 * case-sensitive (Doris's lower_case_table_names = 0) but DuckDB's are not, so a new table's DuckDB
 * name differs from {@code name} when another's differs from it in case alone, and a renamed table
 * keeps its DuckDB name (see {@link Catalog#withFreeDuckName}). Views have no DuckDB table.
 */
public record TableMeta(long id, String database, String name, TableKind kind, List<ColumnMeta> columns,
                        KeyModel keyModel, String comment, PartitionScheme partitioning,
                        DistributionMeta distribution, Map<String, String> properties, String viewSql,
                        long createTime, long updateTime, String duckSchema, String duckTable, List<ConstraintMeta> constraints,
                        List<RollupMeta> rollups, List<IndexMeta> indexes) {

    public TableMeta {
        // Entries saved before tables had rollups have none.
        rollups = rollups == null ? List.of() : List.copyOf(rollups);
        // Entries saved before tables kept their indexes have none.
        indexes = indexes == null ? List.of() : List.copyOf(indexes);
        columns = List.copyOf(columns);
        // Entries saved before tables had constraints have none.
        constraints = constraints == null ? List.of() : List.copyOf(constraints);
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        comment = comment == null ? "" : comment;
        // Entries saved before tables had their own DuckDB name live under their own names.
        duckSchema = duckSchema == null ? database : duckSchema;
        duckTable = duckTable == null ? name : duckTable;
    }

    /** A new table or view; a table gets its DuckDB name when it is created (see {@link Catalog#withFreeDuckName}). */
    public TableMeta(long id, String database, String name, TableKind kind, List<ColumnMeta> columns,
                     KeyModel keyModel, String comment, PartitionScheme partitioning,
                     DistributionMeta distribution, Map<String, String> properties, String viewSql,
                     long createTime, long updateTime) {
        this(id, database, name, kind, columns, keyModel, comment, partitioning, distribution, properties, viewSql,
                createTime, updateTime, null, null, List.of(), List.of(), List.of());
    }

    /** The table's DuckDB name as SQL text: {@code "schema"."table"}. Every statement names the table this way. */
    public String duckName() {
        return quote(duckSchema) + "." + quote(duckTable);
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    public TableMeta withDuckName(String schema, String table) {
        return new TableMeta(id, database, name, kind, columns, keyModel, comment, partitioning, distribution,
                properties, viewSql, createTime, updateTime, schema, table, constraints, rollups, indexes);
    }

    public ColumnMeta column(String columnName) {
        for (ColumnMeta c : columns) {
            if (c.name().equalsIgnoreCase(columnName)) {
                return c;
            }
        }
        return null;
    }

    public List<ColumnMeta> keyColumns() {
        return columns.stream().filter(ColumnMeta::key).toList();
    }

    /**
     * Whether a key column of a keyed model may hold NULL (NULL is then a key value, as in Doris);
     * such a table has no DuckDB primary key and is written by NULL-safe key matching.
     */
    public boolean hasNullableKey() {
        return keyModel != KeyModel.DUPLICATE && keyColumns().stream().anyMatch(ColumnMeta::nullable);
    }

    /** A UNIQUE KEY table merges on write unless created with {@code enable_unique_key_merge_on_write = false}. */
    public boolean isUniqueMergeOnWrite() {
        return keyModel == KeyModel.UNIQUE && !"false".equalsIgnoreCase(properties.get("enable_unique_key_merge_on_write"));
    }

    public List<ColumnMeta> valueColumns() {
        return columns.stream().filter(c -> !c.key()).toList();
    }

    public boolean isPartitioned() {
        return partitioning != null && partitioning.kind() != PartitionScheme.Kind.UNPARTITIONED;
    }

    public boolean isView() {
        return kind == TableKind.VIEW;
    }

    public TableMeta withColumns(List<ColumnMeta> newColumns) {
        return new TableMeta(id, database, name, kind, newColumns, keyModel, comment, partitioning, distribution,
                properties, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, constraints, rollups, indexes);
    }

    /** The partition with this name, or null. */
    public PartitionMeta partition(String partitionName) {
        return partitioning == null ? null : partitioning.find(partitionName);
    }

    public TableMeta withPartitioning(PartitionScheme scheme) {
        return new TableMeta(id, database, name, kind, columns, keyModel, comment, scheme, distribution,
                properties, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, constraints, rollups, indexes);
    }

    public TableMeta withName(String newName) {
        return new TableMeta(id, database, newName, kind, columns, keyModel, comment, partitioning, distribution,
                properties, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, constraints, rollups, indexes);
    }

    public TableMeta withComment(String newComment) {
        return new TableMeta(id, database, name, kind, columns, keyModel, newComment, partitioning, distribution,
                properties, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, constraints, rollups, indexes);
    }

    public TableMeta withProperties(Map<String, String> changes) {
        Map<String, String> merged = new LinkedHashMap<>(properties);
        merged.putAll(changes);
        return new TableMeta(id, database, name, kind, columns, keyModel, comment, partitioning, distribution,
                merged, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, constraints, rollups, indexes);
    }

    public TableMeta withoutProperties(java.util.Collection<String> keys) {
        Map<String, String> kept = new LinkedHashMap<>(properties);
        kept.keySet().removeAll(keys);
        return new TableMeta(id, database, name, kind, columns, keyModel, comment, partitioning, distribution,
                kept, viewSql, createTime, updateTime, duckSchema, duckTable, constraints, rollups, indexes);
    }

    public TableMeta withConstraints(List<ConstraintMeta> newConstraints) {
        return new TableMeta(id, database, name, kind, columns, keyModel, comment, partitioning, distribution,
                properties, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, newConstraints, rollups, indexes);
    }

    public TableMeta withIndexes(List<IndexMeta> newIndexes) {
        return new TableMeta(id, database, name, kind, columns, keyModel, comment, partitioning, distribution,
                properties, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, constraints, rollups, newIndexes);
    }

    /** The index with this name (case-insensitive, as Doris compares them), or null. */
    public IndexMeta index(String indexName) {
        return indexes.stream().filter(i -> i.name().equalsIgnoreCase(indexName)).findFirst().orElse(null);
    }

    public TableMeta withRollups(List<RollupMeta> newRollups) {
        return new TableMeta(id, database, name, kind, columns, keyModel, comment, partitioning, distribution,
                properties, viewSql, createTime, System.currentTimeMillis(), duckSchema, duckTable, constraints, newRollups, indexes);
    }

    /** The rollup (synchronous MV) with this name, or null; rollup names compare without case, as Doris's index names. */
    public RollupMeta rollup(String rollupName) {
        return rollups.stream().filter(r -> r.name().equalsIgnoreCase(rollupName)).findFirst().orElse(null);
    }

    /** The constraint with this name (case-sensitive, as in Doris), or null. */
    public ConstraintMeta constraint(String constraintName) {
        return constraints.stream().filter(c -> c.name().equals(constraintName)).findFirst().orElse(null);
    }

    /** Column names in table order. */
    public List<String> columnNames() {
        List<String> names = new ArrayList<>(columns.size());
        for (ColumnMeta c : columns) {
            names.add(c.name());
        }
        return names;
    }
}
