package io.cairndb.system;

import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.SystemTables;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.ConstraintMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.GrantMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.Sql;
import io.cairndb.engine.TimeText;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code information_schema}: the MySQL tables BI tools read, and the table-stream tables. */
public final class InformationSchema implements SystemTables {
    public static final String NAME = "information_schema";

    private final MvSystemTables mvTables;
    private final java.util.function.Supplier<List<ProcessInfo>> processes;
    private final DataSizes sizes;

    /** {@code processes}: the sessions open now, for information_schema.processlist; {@code sizes}: tables' bytes. */
    public InformationSchema(io.cairndb.mv.MaterializedViews mvs, java.util.function.Supplier<List<ProcessInfo>> processes,
                             DataSizes sizes) {
        this.mvTables = new MvSystemTables(mvs);
        this.processes = processes;
        this.sizes = sizes;
    }

    @Override
    public String tableFunction(StatementContext ctx, String name, Map<String, String> properties) {
        return mvTables.function(ctx, name, properties);
    }

    @Override
    public boolean isSystemSchema(String database) {
        return NAME.equalsIgnoreCase(database);
    }

    @Override
    public String fromItem(StatementContext ctx, String database, String table) {
        return switch (table.toLowerCase(Locale.ROOT)) {
            case "schemata" -> schemata(ctx);
            case "tables" -> tables(ctx, sizes);
            case "columns" -> columns(ctx);
            case "table_streams" -> streams(ctx);
            case "table_stream_consumption" -> consumption(ctx);
            case "changelog_markers" -> markers(ctx);
            case "table_constraints" -> tableConstraints(ctx);
            case "key_column_usage" -> keyColumnUsage(ctx);
            case "user_privileges" -> PrivilegeShows.userPrivileges(ctx);
            case "engines" -> ClientCatalogTables.engines();
            case "character_sets" -> ClientCatalogTables.characterSets();
            case "collations" -> ClientCatalogTables.collations();
            case "processlist" -> ClientCatalogTables.processlist(ctx, processes.get());
            case "views" -> ClientCatalogTables.views(ctx);
            case "routines" -> ClientCatalogTables.routines();
            case "triggers" -> ClientCatalogTables.triggers();
            case "partitions" -> ClientCatalogTables.partitions(ctx);
            case "files" -> ClientCatalogTables.files();
            case "schema_privileges" -> PrivilegeShows.objectPrivileges(ctx, GrantMeta.Level.DATABASE);
            case "table_privileges" -> PrivilegeShows.objectPrivileges(ctx, GrantMeta.Level.TABLE);
            case "column_privileges" -> ClientCatalogTables.columnPrivileges();
            case "statistics" -> ClientCatalogTables.statistics(ctx);
            case "session_variables" -> ClientCatalogTables.variables(ctx.session().sessionVariables());
            case "global_variables" -> ClientCatalogTables.variables(ctx.session().globalVariables());
            default -> mvTables.table(ctx, table);
        };
    }


    /** DATA_TYPE as Doris gives it: the type's name, BOOLEAN as tinyint and LARGEINT as bigint unsigned (MySQL's names). */
    private static String dataTypeName(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> "tinyint";
            case LARGEINT -> "bigint unsigned";
            default -> type.kind().name().toLowerCase(Locale.ROOT);
        };
    }

    private static String time(StatementContext ctx, long millis) {
        return TimeText.format(millis, ctx.session().zone());
    }

    private static String schemata(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(Arrays.asList("internal", NAME, "utf8mb4", "utf8mb4_0900_bin", null));
        for (DatabaseMeta db : ctx.catalog().databases()) {
            if (!ctx.access().canSeeDatabase(db.name())) {
                continue;
            }
            rows.add(Arrays.asList("internal", db.name(), "utf8mb4", "utf8mb4_0900_bin", null));
        }
        return SystemRows.mysqlTable(SystemRows.columns("CATALOG_NAME", DataType.STRING, "SCHEMA_NAME", DataType.STRING,
                "DEFAULT_CHARACTER_SET_NAME", DataType.STRING, "DEFAULT_COLLATION_NAME", DataType.STRING,
                "SQL_PATH", DataType.STRING), rows);
    }

    /**
     * TABLE_ROWS is each table's count of rows ({@link RowCounts}); DATA_LENGTH the bytes of its rows and rollups ({@link DataSizes}).
     */
    private static String tables(StatementContext ctx, DataSizes sizes) {
        List<TableMeta> visible = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (ctx.visible(db.name(), t.name())) {
                    visible.add(t);
                }
            }
        }
        Map<String, Long> counts = sizes.rowCounts(ctx, visible);
        sizes.measureStale(ctx, visible, counts);
        List<List<Object>> rows = new ArrayList<>();
        for (TableMeta t : visible) {
            List<Object> row = new ArrayList<>(Arrays.asList("internal", t.database(), t.name(), ShowExecutor.tableType(t),
                    t.isView() ? null : "Doris", time(ctx, t.createTime()), time(ctx, t.updateTime()), t.comment()));
            if (t.isView()) {
                row.addAll(Arrays.asList(null, null, null, null));
            } else {
                long count = counts.getOrDefault(SystemRows.rowCountKey(t), 0L);
                long bytes = sizes.totalBytes(ctx, t, counts);
                row.addAll(List.of(count, bytes, count == 0 ? 0 : bytes / count, 0L));
            }
            rows.add(row);
        }
        return SystemRows.mysqlTable(SystemRows.columns("TABLE_CATALOG", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "TABLE_TYPE", DataType.STRING, "ENGINE", DataType.STRING,
                "CREATE_TIME", DataType.DATETIME, "UPDATE_TIME", DataType.DATETIME, "TABLE_COMMENT", DataType.STRING,
                "TABLE_ROWS", DataType.BIGINT, "DATA_LENGTH", DataType.BIGINT, "AVG_ROW_LENGTH", DataType.BIGINT,
                "INDEX_LENGTH", DataType.BIGINT), rows);
    }

    /**
     * MySQL's columns of information_schema.columns. COLUMN_KEY is PRI for the key of a UNIQUE, PRIMARY
     * or AGGREGATE KEY table (one row per key) and MUL for a DUPLICATE KEY table's (rows may repeat it).
     */
    private static String columns(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (!ctx.visible(db.name(), t.name())) {
                    continue;
                }
                long pos = 1;
                for (ColumnMeta c : HiddenColumns.visible(ctx.session(), t)) {
                    String key = !c.key() ? "" : t.keyModel() == KeyModel.DUPLICATE ? "MUL" : "PRI";
                    DataType type = c.type();
                    Long chars = characterLength(type);
                    boolean text = chars != null;
                    rows.add(Arrays.asList("internal", db.name(), t.name(), c.name(), pos++, c.defaultValue(),
                            c.nullable() ? "YES" : "NO", dataTypeName(type), chars,
                            chars == null ? null : chars * 4, numericPrecision(type), numericScale(type),
                            type.kind() == TypeKind.DATETIME ? (Long) (long) type.scale() : type.kind() == TypeKind.DATE ? (Long) 0L : null,
                            text ? "utf8mb4" : null, text ? "utf8mb4_0900_bin" : null, type.toSql().toLowerCase(Locale.ROOT), key,
                            ShowExecutor.mysqlExtra(c), "select,insert,update,references", c.comment(), ""));
                }
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("TABLE_CATALOG", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "COLUMN_NAME", DataType.STRING, "ORDINAL_POSITION", DataType.BIGINT,
                "COLUMN_DEFAULT", DataType.STRING, "IS_NULLABLE", DataType.STRING, "DATA_TYPE", DataType.STRING,
                "CHARACTER_MAXIMUM_LENGTH", DataType.BIGINT, "CHARACTER_OCTET_LENGTH", DataType.BIGINT,
                "NUMERIC_PRECISION", DataType.BIGINT, "NUMERIC_SCALE", DataType.BIGINT, "DATETIME_PRECISION", DataType.BIGINT,
                "CHARACTER_SET_NAME", DataType.STRING, "COLLATION_NAME", DataType.STRING, "COLUMN_TYPE", DataType.STRING,
                "COLUMN_KEY", DataType.STRING, "EXTRA", DataType.STRING, "PRIVILEGES", DataType.STRING,
                "COLUMN_COMMENT", DataType.STRING, "GENERATION_EXPRESSION", DataType.STRING), rows);
    }

    /** The most characters a value of a string type holds (Doris's limits when none is given), null for others. */
    private static Long characterLength(DataType t) {
        return switch (t.kind()) {
            case CHAR -> (long) (t.length() < 0 ? 1 : t.length());
            case VARCHAR -> (long) (t.length() < 0 ? 65533 : t.length());
            case STRING, JSON -> 2147483643L;
            default -> null;
        };
    }

    /** Digits of a numeric type, as MySQL reports them. */
    private static Long numericPrecision(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN, TINYINT -> 3L;
            case SMALLINT -> 5L;
            case INT -> 10L;
            case BIGINT -> 19L;
            case LARGEINT -> 39L;
            case FLOAT -> 12L;
            case DOUBLE -> 22L;
            case DECIMAL -> (long) t.precision();
            default -> null;
        };
    }

    private static Long numericScale(DataType t) {
        return t.kind() == TypeKind.DECIMAL ? (Long) (long) t.scale() : t.kind().isInteger() || t.kind() == TypeKind.BOOLEAN ? (Long) 0L
                : null;
    }

    /** The constraints of {@code ALTER TABLE .. ADD CONSTRAINT}, as MySQL lists them; none is enforced. */
    private static String tableConstraints(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (!ctx.visible(db.name(), t.name())) {
                    continue;
                }
                for (ConstraintMeta c : t.constraints()) {
                    rows.add(Arrays.asList("internal", db.name(), c.name(), db.name(), t.name(), c.kind().text(), "NO"));
                }
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("CONSTRAINT_CATALOG", DataType.STRING, "CONSTRAINT_SCHEMA", DataType.STRING,
                "CONSTRAINT_NAME", DataType.STRING, "TABLE_SCHEMA", DataType.STRING, "TABLE_NAME", DataType.STRING,
                "CONSTRAINT_TYPE", DataType.STRING, "ENFORCED", DataType.STRING), rows);
    }

    /** One row per column of each constraint; a foreign key's with the column it references. */
    private static String keyColumnUsage(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (!ctx.visible(db.name(), t.name())) {
                    continue;
                }
                for (ConstraintMeta c : t.constraints()) {
                    TableMeta referenced = c.kind() == ConstraintMeta.Kind.FOREIGN_KEY
                            ? ctx.catalog().tableById(c.referencedDatabase(), c.referencedTableId()) : null;
                    for (int i = 0; i < c.columns().size(); i++) {
                        rows.add(Arrays.asList("internal", db.name(), c.name(), "internal", db.name(), t.name(), c.columns().get(i),
                                (long) i + 1, referenced == null ? null : (long) i + 1,
                                referenced == null ? null : referenced.database(), referenced == null ? null : referenced.name(),
                                referenced == null ? null : c.referencedColumns().get(i)));
                    }
                }
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("CONSTRAINT_CATALOG", DataType.STRING, "CONSTRAINT_SCHEMA", DataType.STRING,
                "CONSTRAINT_NAME", DataType.STRING, "TABLE_CATALOG", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "COLUMN_NAME", DataType.STRING, "ORDINAL_POSITION", DataType.BIGINT,
                "POSITION_IN_UNIQUE_CONSTRAINT", DataType.BIGINT, "REFERENCED_TABLE_SCHEMA", DataType.STRING,
                "REFERENCED_TABLE_NAME", DataType.STRING, "REFERENCED_COLUMN_NAME", DataType.STRING), rows);
    }

    private static String streams(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (StreamMeta s : ctx.catalog().streams(db.name())) {
                if (!ctx.visible(db.name(), s.name())) {
                    continue;
                }
                rows.add(Arrays.asList(db.name(), s.name(), s.tableDatabase(), s.tableName(),
                        s.type().toUpperCase(Locale.ROOT), String.valueOf(s.showInitialRows()), time(ctx, s.createTime()),
                        s.comment()));
            }
        }
        return SystemRows.fromItem(SystemRows.columns("STREAM_SCHEMA", DataType.STRING, "STREAM_NAME", DataType.STRING,
                "BASE_TABLE_SCHEMA", DataType.STRING, "BASE_TABLE_NAME", DataType.STRING, "STREAM_TYPE", DataType.STRING,
                "SHOW_INITIAL_ROWS", DataType.STRING, "CREATE_TIME", DataType.DATETIME, "COMMENT", DataType.STRING), rows);
    }

    /**
     * Bulk removals (TRUNCATE, INSERT OVERWRITE, DROP PARTITION) that the changelog records as one
     * marker per partition instead of row deletes, so that consumers know which partitions lost history.
     */
    private static String markers(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (!ctx.visible(db.name(), t.name())) {
                    continue;
                }
                if (t.isView() || !ChangelogConfig.of(t).enabled()) {
                    continue;
                }
                for (ChangelogTables.Marker m : ChangelogTables.markers(ctx.txn().connection(), t.id())) {
                    PartitionMeta p = t.partitioning().partitions().stream().filter(x -> x.id() == m.partitionId())
                            .findFirst().orElse(null);
                    rows.add(Arrays.asList(db.name(), t.name(), p == null ? null : p.name(), m.partitionId(), m.tso(), m.kind()));
                }
            }
        }
        return SystemRows.fromItem(SystemRows.columns("TABLE_SCHEMA", DataType.STRING, "TABLE_NAME", DataType.STRING,
                "PARTITION_NAME", DataType.STRING, "PARTITION_ID", DataType.BIGINT, "COMMIT_TSO", DataType.BIGINT,
                "KIND", DataType.STRING), rows);
    }

    /** Per stream and partition: the consumed offset, the latest change, and the unconsumed change rows (lag). */
    private static String consumption(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        var c = ctx.txn().connection();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (StreamMeta s : ctx.catalog().streams(db.name())) {
                if (!ctx.visible(db.name(), s.name())) {
                    continue;
                }
                TableMeta t = ctx.catalog().tableById(s.tableDatabase(), s.tableId());
                if (t == null) {
                    continue;
                }
                Map<Long, Long> offsets = StreamOffsets.read(c, s.id());
                for (PartitionMeta p : t.partitioning().partitions()) {
                    long offset = offsets.getOrDefault(p.id(), s.startTso());
                    List<Object> stats = Sql.rows(c, "SELECT max(" + ChangelogTables.TSO + "), count(*) FILTER (WHERE "
                            + ChangelogTables.TSO + " > " + offset + ") FROM " + ChangelogTables.name(t) + " WHERE "
                            + ChangelogTables.PARTITION + " = " + p.id()).get(0);
                    Object latest = stats.get(0);
                    rows.add(Arrays.asList(db.name(), s.name(), p.name(), p.id(), offset,
                            latest == null ? offset : ((Number) latest).longValue(), ((Number) stats.get(1)).longValue()));
                }
            }
        }
        return SystemRows.fromItem(SystemRows.columns("STREAM_SCHEMA", DataType.STRING, "STREAM_NAME", DataType.STRING,
                "PARTITION_NAME", DataType.STRING, "PARTITION_ID", DataType.BIGINT, "CONSUMED_TSO", DataType.BIGINT,
                "LATEST_TSO", DataType.BIGINT, "LAG", DataType.BIGINT), rows);
    }
}
