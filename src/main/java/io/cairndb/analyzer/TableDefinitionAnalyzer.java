package io.cairndb.analyzer;

import io.cairndb.catalog.AggregationType;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.DistributionMeta;
import io.cairndb.catalog.DynamicPartitionConfig;
import io.cairndb.catalog.IndexMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.SequenceColumn;
import io.cairndb.catalog.TableKind;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.AggregateStates;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.tree.ColumnDef;
import io.cairndb.sql.tree.DistributionDesc;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.IndexDef;
import io.cairndb.sql.tree.PartitionDesc;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongSupplier;

/** Validates a CREATE TABLE and produces the table's metadata, with Doris's rules and messages. */
public final class TableDefinitionAnalyzer {
    private final LongSupplier ids;

    public TableDefinitionAnalyzer(LongSupplier ids) {
        this.ids = ids;
    }

    public TableMeta analyze(Statement.CreateTable ct, String database, List<ColumnDef> columnDefs) {
        if (columnDefs.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table should have at least one column");
        }
        Set<String> seen = new HashSet<>();
        for (ColumnDef c : columnDefs) {
            if (!seen.add(c.name().toLowerCase(Locale.ROOT))) {
                throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Duplicate column name '" + c.name() + "'");
            }
        }
        TableProperties.checkCreate(ct.properties());
        KeyModel model = ct.keys() == null ? KeyModel.DUPLICATE : ct.keys().model();
        List<String> keyNames = ct.keys() == null ? defaultDuplicateKeys(columnDefs) : ct.keys().columns();
        checkKeyPrefix(columnDefs, keyNames);
        List<ColumnMeta> columns = new ArrayList<>();
        for (int i = 0; i < columnDefs.size(); i++) {
            columns.add(column(columnDefs.get(i), i < keyNames.size(), model));
        }
        if (columns.stream().filter(ColumnMeta::autoIncrement).count() > 1) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "there can be at most one auto increment column in OlapTable.");
        }
        addSequenceColumn(ct, model, columns);
        long now = System.currentTimeMillis();
        PartitionScheme partitioning = ct.partition() == null
                ? PartitionScheme.unpartitioned(new PartitionMeta(ids.getAsLong(), ct.name().name(), List.of(), List.of(),
                        List.of(), 1, now))
                : partitioning(ct.partition(), columns, model, now);
        DistributionMeta distribution = distribution(ct.distribution(), columns, model);
        TableMeta table = new TableMeta(ids.getAsLong(), database, ct.name().name(), TableKind.TABLE, columns, model,
                ct.comment(), partitioning, distribution, ct.properties(), null, now, now);
        if (DynamicPartitionConfig.present(ct.properties())) {
            DynamicPartitionConfig.of(ct.properties()).checkTable(table);
        }
        for (ColumnMeta c : columns) {
            checkOnUpdate(table, c);
        }
        for (IndexDef def : ct.indexes()) {
            table = table.withIndexes(withIndex(table, def));
        }
        return table;
    }

    private static final Set<String> INDEX_TYPES = Set.of("INVERTED", "NGRAM_BF", "BITMAP", "ANN");

    /** The table's indexes and {@code def}, checked against its columns and the indexes it has. */
    public static List<IndexMeta> withIndex(TableMeta t, IndexDef def) {
        if (t.index(def.name()) != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "index `" + def.name() + "` already exist.");
        }
        String type = def.type() == null ? "INVERTED" : def.type().toUpperCase(Locale.ROOT);
        if (!INDEX_TYPES.contains(type)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown index type " + def.type()
                    + ": an index is INVERTED, NGRAM_BF, BITMAP or ANN");
        }
        if (def.columns().size() != 1) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, type + " index should have exactly one column, not "
                    + def.columns().size());
        }
        ColumnMeta column = t.column(def.columns().get(0));
        if (column == null) {
            throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Column does not exist: " + def.columns().get(0));
        }
        if (type.equals("NGRAM_BF") && !column.type().kind().isString()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "NGRAM_BF index can only be on a CHAR, VARCHAR or STRING column, not "
                    + column.name() + " " + column.type().toSql());
        }
        List<IndexMeta> indexes = new ArrayList<>(t.indexes());
        indexes.add(new IndexMeta(def.name(), List.of(column.name()), type, def.properties(), def.comment()));
        return indexes;
    }

    /** Doris keeps ON UPDATE CURRENT_TIMESTAMP to UNIQUE KEY merge-on-write tables, whose UPDATE rewrites rows. */
    public static void checkOnUpdate(TableMeta table, ColumnMeta column) {
        if (column.onUpdate() != null && !table.isUniqueMergeOnWrite()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "'ON UPDATE CURRENT_TIMESTAMP' is only supportted in unique table with merge-on-write enabled.");
        }
    }

    /**
     * Checks {@code function_column.sequence_col} / {@code sequence_type} as Doris does; a
     * {@code sequence_type} adds the hidden sequence column last.
     */
    private static void addSequenceColumn(Statement.CreateTable ct, KeyModel model, List<ColumnMeta> columns) {
        String mapped = ct.properties().get(SequenceColumn.COL_PROPERTY);
        String typeName = ct.properties().get(SequenceColumn.TYPE_PROPERTY);
        if (mapped == null && typeName == null) {
            return;
        }
        if (model != KeyModel.UNIQUE) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "sequence column only support UNIQUE_KEYS");
        }
        if (mapped != null && typeName != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The sequence_col and sequence_type cannot be set at the same time");
        }
        if (mapped != null) {
            ColumnMeta c = columns.stream().filter(x -> x.name().equalsIgnoreCase(mapped)).findFirst()
                    .orElseThrow(() -> new CairnException(ErrorCode.WRONG_ARGUMENTS,
                            "The specified sequence column[" + mapped + "] not exists"));
            if (!c.type().kind().isInteger() && !c.type().kind().isTemporal()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Sequence type only support integer types and date types");
            }
            return;
        }
        DataType type = SequenceColumn.typeNamed(typeName);
        if (type == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "sequence type only support integer types and date types");
        }
        columns.add(new ColumnMeta(SequenceColumn.HIDDEN_NAME, type, true, false, null, false, null, null, null, ""));
    }

    /** Doris picks up to three leading columns, stopping after a string column and before a type that cannot be a key. */
    private static List<String> defaultDuplicateKeys(List<ColumnDef> defs) {
        int n = defaultKeyCount(defs.stream().map(c -> c.aggregation() == null ? c.type() : null).toList());
        return defs.subList(0, n).stream().map(ColumnDef::name).toList();
    }

    /**
     * How many leading columns of these types Doris makes the key of a table (or MV) that names none:
     * up to three that can be keys, ending after the first string. A null type ends the key.
     */
    public static int defaultKeyCount(List<DataType> types) {
        int n = 0;
        for (DataType t : types) {
            if (n == 3 || t == null || !canBeKey(t)) {
                break;
            }
            n++;
            if (t.kind().isString()) {
                break;
            }
        }
        return n;
    }

    private static boolean canBeKey(DataType t) {
        return switch (t.kind()) {
            case FLOAT, DOUBLE, JSON, ARRAY, MAP, STRUCT, BITMAP, HLL, AGG_STATE, STRING -> false;
            default -> true;
        };
    }

    private static void checkKeyPrefix(List<ColumnDef> defs, List<String> keys) {
        if (keys.size() > defs.size()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Key columns should be a ordered prefix of the schema.");
        }
        for (int i = 0; i < keys.size(); i++) {
            String k = keys.get(i);
            if (defs.stream().noneMatch(d -> d.name().equalsIgnoreCase(k))) {
                throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Key column[" + k + "] doesn't exist.");
            }
            if (!defs.get(i).name().equalsIgnoreCase(k)) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Key columns should be a ordered prefix of the schema.");
            }
        }
    }

    /** A column as the table stores it; shared by CREATE TABLE and ALTER TABLE ADD/MODIFY COLUMN. */
    public static ColumnMeta column(ColumnDef def, boolean key, KeyModel model) {
        DataType type = def.type();
        if (key) {
            if (!canBeKey(type)) {
                String what = type.kind() == TypeKind.FLOAT || type.kind() == TypeKind.DOUBLE
                        ? "Float or double can not used as a key, use decimal instead."
                        : "Type " + type.toSql() + " of column " + def.name() + " can not be used as a key column";
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, what);
            }
            if (def.aggregation() != null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Key column " + def.name() + " can not set aggregation type");
            }
        }
        AggregationType agg = def.aggregation();
        if (type.kind() == TypeKind.AGG_STATE) {
            AggregateStates.checkDeclared(type);
            if (model == KeyModel.AGGREGATE && !key && agg == null) {
                // agg_state<..> without GENERIC, as Doris's first syntax wrote it, merges its states too.
                agg = AggregationType.GENERIC;
            }
        }
        if (model == KeyModel.AGGREGATE && !key && agg == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The value column[" + def.name()
                    + "] of AGGREGATE KEY table must specify an aggregation type");
        }
        if (model != KeyModel.AGGREGATE && agg != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Column[" + def.name() + "] can not specify aggregation type "
                    + agg + " because the table is not an AGGREGATE KEY table");
        }
        if (agg != null) {
            checkAggregationType(def.name(), type, agg);
        }
        if (def.autoIncrement() && !(type.kind() == TypeKind.BIGINT)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "the auto increment must be BIGINT type.");
        }
        if (def.autoIncrement() && Boolean.TRUE.equals(def.nullable())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "the auto increment column should be NOT NULL.");
        }
        if (def.autoIncrement() && def.defaultValue() != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "the auto increment column can't have default value.");
        }
        if (def.autoIncrementStart() != null && def.autoIncrementStart() < 0) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "AUTO_INCREMENT start value can not be negative.");
        }
        // Keys of keyed models are NOT NULL unless declared NULL: a nullable key costs the table its
        // DuckDB primary key, and with it index-backed upserts (see TableMeta#hasNullableKey).
        boolean keyed = key && model != KeyModel.DUPLICATE;
        // A state is never NULL (a state of no values is still one), and Doris shows its columns NOT NULL.
        boolean nullable = def.nullable() != null ? def.nullable()
                : !keyed && !def.autoIncrement() && type.kind() != TypeKind.AGG_STATE;
        String currentTimestamp = currentTimestamp(def.defaultValue());
        String defaultValue = def.defaultValue() == null ? null
                : currentTimestamp != null ? currentTimestamp : SqlFormatter.format(def.defaultValue());
        if ("NULL".equalsIgnoreCase(defaultValue)) {
            if (!nullable) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not set null default value to non nullable column: " + def.name());
            }
            defaultValue = null;
        }
        String onUpdate = onUpdate(def, type, key, currentTimestamp);
        return new ColumnMeta(def.name(), type, nullable, key, agg, def.autoIncrement(), def.autoIncrementStart(), defaultValue,
                onUpdate, def.comment());
    }

    /** {@code CURRENT_TIMESTAMP} or {@code CURRENT_TIMESTAMP(p)} for a call of current_timestamp / now, else null. */
    private static String currentTimestamp(Expr e) {
        if (e instanceof Expr.FunctionCall f && (f.name().equals("current_timestamp") || f.name().equals("now"))) {
            if (f.args().isEmpty()) {
                return "CURRENT_TIMESTAMP";
            }
            if (f.args().size() == 1 && f.args().get(0) instanceof Expr.IntegerLiteral p) {
                return "CURRENT_TIMESTAMP(" + p.value() + ")";
            }
        }
        return null;
    }

    /** The column's ON UPDATE CURRENT_TIMESTAMP[(p)], checked against its type and default as Doris does, or null. */
    private static String onUpdate(ColumnDef def, DataType type, boolean key, String defaultTimestamp) {
        if (def.onUpdate() == null) {
            return null;
        }
        if (type.kind() != TypeKind.DATETIME) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "meet error when validating the on update value of column["
                    + def.name() + "], reason: Types other than DATETIME and DATETIMEV2 cannot use current_timestamp as the default value");
        }
        if (key) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Key column " + def.name()
                    + " can not set ON UPDATE CURRENT_TIMESTAMP: an UPDATE never changes a key");
        }
        String onUpdate = currentTimestamp(def.onUpdate());
        if (defaultTimestamp == null || defaultTimestamp.contains("(") != onUpdate.contains("(")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "You must set the default value of the column[" + def.name()
                    + "] to CURRENT_TIMESTAMP when using 'ON UPDATE CURRENT_TIMESTAMP'.");
        }
        if (!defaultTimestamp.equals(onUpdate)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The precision of the default value of column[" + def.name()
                    + "] should be the same with the precision in 'ON UPDATE CURRENT_TIMESTAMP'.");
        }
        return onUpdate;
    }

    private static void checkAggregationType(String name, DataType type, AggregationType agg) {
        boolean bitmapType = type.kind() == TypeKind.BITMAP;
        boolean hllType = type.kind() == TypeKind.HLL;
        boolean stateType = type.kind() == TypeKind.AGG_STATE;
        if ((agg == AggregationType.BITMAP_UNION) != bitmapType || (agg == AggregationType.HLL_UNION) != hllType
                || (agg == AggregationType.GENERIC) != stateType) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Aggregate type " + agg + " is not compatible with column "
                    + name + " of type " + type.toSql());
        }
        if ((agg == AggregationType.SUM) && !type.kind().isNumeric()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Aggregate type SUM is not compatible with column "
                    + name + " of type " + type.toSql());
        }
    }

    private PartitionScheme partitioning(PartitionDesc desc, List<ColumnMeta> columns, KeyModel model, long now) {
        List<ColumnMeta> partCols = new ArrayList<>();
        for (String name : desc.columns()) {
            ColumnMeta c = columns.stream().filter(x -> x.name().equalsIgnoreCase(name)).findFirst()
                    .orElseThrow(() -> new CairnException(ErrorCode.UNKNOWN_COLUMN, "partition column[" + name + "] does not exist"));
            if (model != KeyModel.DUPLICATE && !c.key()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The partition column could not be aggregated column");
            }
            partCols.add(c);
        }
        PartitionScheme.Kind kind = desc.kind() == PartitionDesc.Kind.RANGE ? PartitionScheme.Kind.RANGE : PartitionScheme.Kind.LIST;
        List<PartitionMeta> parts = new PartitionAnalyzer(kind, partCols, ids).analyze(desc.partitions(), now);
        PartitionScheme.AutoPartition auto = desc.auto() ? AutoPartitionDefinition.of(kind, partCols, desc.truncUnit()) : null;
        return new PartitionScheme(kind, partCols.stream().map(ColumnMeta::name).toList(), parts, auto);
    }

    private static DistributionMeta distribution(DistributionDesc desc, List<ColumnMeta> columns, KeyModel model) {
        if (desc == null) {
            // Doris hashes on the key columns when no distribution is given.
            return new DistributionMeta(false, columns.stream().filter(ColumnMeta::key).map(ColumnMeta::name).toList(), null);
        }
        List<String> names = new ArrayList<>();
        for (String name : desc.columns()) {
            ColumnMeta c = columns.stream().filter(x -> x.name().equalsIgnoreCase(name)).findFirst()
                    .orElseThrow(() -> new CairnException(ErrorCode.UNKNOWN_COLUMN, "Distribution column[" + name + "] is not found"));
            if (model != KeyModel.DUPLICATE && !c.key()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Distribution column[" + name + "] is not key column");
            }
            names.add(c.name());
        }
        if (desc.random() && model != KeyModel.DUPLICATE && model != KeyModel.AGGREGATE) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Random distribution for non-DUPLICATE/AGGREGATE table is unsupported");
        }
        if (desc.buckets() != null && desc.buckets() <= 0) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Number of hash distribution should be greater than zero.");
        }
        return new DistributionMeta(desc.random(), names, desc.autoBuckets() ? null : desc.buckets());
    }
}
