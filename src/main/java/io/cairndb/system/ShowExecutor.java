package io.cairndb.system;

import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.TemporaryPartitionTable;
import io.cairndb.catalog.ConstraintMeta;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.TableKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.analyzer.RollupQueries;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.mv.MvDescriptions;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.ValueFormat;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.sql.tree.Statement;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** SHOW and DESCRIBE statements over the catalog. */
public final class ShowExecutor {
    private ShowExecutor() {
    }

    public static List<ResultColumn> strings(String... names) {
        List<ResultColumn> out = new ArrayList<>();
        for (String n : names) {
            out.add(new ResultColumn(n, DataType.STRING));
        }
        return out;
    }

    public static RowResult databases(StatementContext ctx, Statement.ShowDatabases stmt) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            if (!ctx.access().canSeeDatabase(db.name())) {
                continue;
            }
            rows.add(List.of(db.name()));
        }
        List<ResultColumn> cols = strings("Database");
        rows = RowFilter.like(rows, 0, stmt.like());
        return new ListRowResult(cols, RowFilter.query(ctx, cols, rows, stmt.where(), List.of(), null));
    }

    /** BASE TABLE, VIEW or MATERIALIZED_VIEW, as information_schema.tables and SHOW FULL TABLES name them. */
    static String tableType(TableMeta t) {
        return t.isView() ? "VIEW" : t.kind() == TableKind.MATERIALIZED_VIEW ? "MATERIALIZED_VIEW" : "BASE TABLE";
    }

    public static RowResult tables(StatementContext ctx, Statement.ShowTables stmt) {
        String db = ctx.databaseOf(stmt.database());
        List<ResultColumn> cols = stmt.full() ? strings("Tables_in_" + db, "Table_type") : strings("Tables_in_" + db);
        List<List<Object>> rows = new ArrayList<>();
        for (TableMeta t : ctx.catalog().tables(db)) {
            if (!ctx.visible(db, t.name())) {
                continue;
            }
            rows.add(stmt.full() ? List.of(t.name(), tableType(t)) : List.of(t.name()));
        }
        rows = RowFilter.like(rows, 0, stmt.like());
        return new ListRowResult(cols, RowFilter.query(ctx, cols, rows, stmt.where(), List.of(), null));
    }

    /** As Doris: the database's name and its CREATE DATABASE statement, with the properties it was given. */
    public static RowResult createDatabase(StatementContext ctx, Statement.ShowCreateDatabase stmt) {
        DatabaseMeta db = ctx.catalog().requireDatabase(stmt.name());
        StringBuilder sql = new StringBuilder("CREATE DATABASE ").append(stmt.ifNotExists() ? "/*!32312 IF NOT EXISTS*/ " : "")
                .append(ShowCreateTable.quote(db.name(), ctx));
        if (!db.properties().isEmpty()) {
            List<String> props = new ArrayList<>();
            db.properties().forEach((k, v) -> props.add("\n\"" + k + "\" = \"" + v.replace("\"", "\\\"") + "\""));
            sql.append("\nPROPERTIES (").append(String.join(",", props)).append("\n)");
        }
        return new ListRowResult(strings("Database", "Create Database"), List.of(List.of(db.name(), sql.toString())));
    }

    public static RowResult createTable(StatementContext ctx, Statement.ShowCreateTable stmt) {
        TableMeta t = ctx.table(stmt.name());
        if (t.kind() == TableKind.MATERIALIZED_VIEW) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "not support async materialized view, please use `show create materialized view`");
        }
        if (t.isView()) {
            return new ListRowResult(strings("View", "Create View", "character_set_client", "collation_connection"),
                    List.of(List.of(t.name(), ShowCreateTable.of(t, ctx), "utf8mb4", "utf8mb4_0900_bin")));
        }
        return new ListRowResult(strings("Table", "Create Table"), List.of(List.of(t.name(), ShowCreateTable.of(t, ctx))));
    }

    /** DataSize shares the table's bytes ({@link DataSizes}) among its partitions by their rows. */
    public static RowResult partitions(StatementContext ctx, Statement.ShowPartitions stmt, DataSizes sizes) {
        TableMeta base = ctx.baseTable(stmt.table());
        TableMeta t = stmt.temporary() ? TemporaryPartitionTable.of(base) : base;
        List<ResultColumn> cols = new ArrayList<>();
        cols.add(new ResultColumn("PartitionId", DataType.BIGINT));
        cols.addAll(strings("PartitionName"));
        cols.add(new ResultColumn("VisibleVersion", DataType.BIGINT));
        cols.addAll(strings("VisibleVersionTime", "State", "PartitionKey", "Range", "DistributionKey"));
        cols.add(new ResultColumn("Buckets", DataType.STRING));
        cols.add(new ResultColumn("ReplicationNum", DataType.INT));
        cols.addAll(strings("StorageMedium", "CooldownTime", "RemoteStoragePolicy", "LastConsistencyCheckTime", "DataSize",
                "IsInMemory", "ReplicaAllocation", "IsMutable"));
        MvMeta mv = t.kind() == TableKind.MATERIALIZED_VIEW ? ctx.catalog().mv(t.database(), t.name()) : null;
        if (mv != null) {
            cols.addAll(strings("SyncWithBaseTables", "UnsyncTables"));
        }
        cols.add(new ResultColumn("CommittedVersion", DataType.BIGINT));
        cols.add(new ResultColumn("RowCount", DataType.BIGINT));
        List<Long> counts = rowCounts(ctx, t);
        long rowsInAll = counts.stream().mapToLong(Long::longValue).sum();
        long bytesInAll = rowsInAll == 0 ? 0 : sizes.tableBytes(ctx, t, sizes.rowCounts(ctx, List.of(t)));
        ZoneId zone = ctx.session().zone();
        List<List<Object>> rows = new ArrayList<>();
        List<PartitionMeta> parts = t.partitioning().partitions();
        for (int i = 0; i < parts.size(); i++) {
            PartitionMeta p = parts.get(i);
            String time = ValueFormat.datetime(LocalDateTime.ofInstant(Instant.ofEpochMilli(p.visibleVersionTime()), zone), 0);
            List<Object> row = new ArrayList<>();
            row.add(p.id());
            row.add(p.name());
            row.add(p.visibleVersion());
            row.add(time);
            row.add("NORMAL");
            row.add(String.join(", ", t.partitioning().columns()));
            row.add(rangeText(t, p));
            row.add(t.distribution().random() ? "RANDOM" : String.join(", ", t.distribution().columns()));
            row.add(t.distribution().buckets() == null ? "AUTO" : t.distribution().buckets().toString());
            row.add(1);
            row.add("HDD");
            row.add("9999-12-31 23:59:59");
            row.add("");
            row.add(null);
            row.add(DataSizes.format(rowsInAll == 0 ? 0 : Math.round((double) bytesInAll * counts.get(i) / rowsInAll)));
            row.add("false");
            row.add("tag.location.default: 1");
            row.add("true");
            if (mv != null) {
                List<String> unsync = MvDescriptions.unsyncTables(ctx.catalog(), mv, p.name());
                row.add(String.valueOf(MvDescriptions.partitionInSync(ctx.catalog(), mv, p.name())));
                row.add(unsync.toString()); // Doris prints the Java list: [t1, t2]
            }
            row.add(p.visibleVersion());
            row.add(counts.get(i));
            rows.add(row);
        }
        return new ListRowResult(cols, RowFilter.query(ctx, cols, rows, stmt.where(), stmt.orderBy(), stmt.limit()));
    }

    /** Doris's Range column: the bound keys with the partition column types. */
    private static String rangeText(TableMeta t, PartitionMeta p) {
        PartitionScheme s = t.partitioning();
        if (s.kind() == PartitionScheme.Kind.UNPARTITIONED) {
            return "";
        }
        String types = String.join(", ", s.columns().stream().map(c -> storageTypeName(t.column(c).type())).toList());
        if (s.kind() == PartitionScheme.Kind.LIST) {
            List<String> keys = new ArrayList<>();
            for (List<String> v : p.listValues()) {
                keys.add("[types: [" + types + "]; keys: [" + String.join(", ", v.stream().map(x -> x == null ? "NULL" : x).toList())
                        + "]; ]");
            }
            return "(" + String.join(",", keys) + ")";
        }
        String lower = p.lower().isEmpty() ? "MIN_VALUE" : String.join(", ", p.lower());
        String upper = p.upper().isEmpty() ? "MAX_VALUE" : String.join(", ", p.upper());
        return "[types: [" + types + "]; keys: [" + lower + "]; ..types: [" + types + "]; keys: [" + upper + "]; )";
    }

    /** Doris names date, datetime and decimal partition keys by their storage types: DATEV2, DATETIMEV2(p), DECIMALV3(p, s). */
    private static String storageTypeName(DataType type) {
        String sql = type.toSql();
        return switch (type.kind()) {
            case DATE -> "DATEV2";
            case DATETIME -> sql.replaceFirst("^DATETIME", "DATETIMEV2");
            case DECIMAL -> sql.replaceFirst("^DECIMAL", "DECIMALV3");
            default -> sql;
        };
    }

    private static List<Long> rowCounts(StatementContext ctx, TableMeta t) {
        List<PartitionMeta> parts = t.partitioning().partitions();
        List<Long> counts = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            counts.add(0L);
        }
        if (parts.isEmpty()) {
            // Nothing to count, and a table without temporary partitions has no DuckDB table for them.
            return counts;
        }
        String sql = "SELECT " + PartitionPredicates.ordinal(t, null) + " AS __ordinal, count(*) FROM "
                + t.duckName() + " GROUP BY __ordinal";
        for (List<Object> r : Sql.rows(ctx.txn().connection(), sql)) {
            if (r.get(0) != null) {
                counts.set(((Number) r.get(0)).intValue(), ((Number) r.get(1)).longValue());
            }
        }
        return counts;
    }

    public static RowResult columns(StatementContext ctx, Statement.ShowColumns stmt) {
        TableMeta t = ctx.table(stmt.table());
        List<ResultColumn> cols = stmt.full()
                ? strings("Field", "Type", "Collation", "Null", "Key", "Default", "Extra", "Privileges", "Comment")
                : strings("Field", "Type", "Null", "Key", "Default", "Extra");
        List<List<Object>> rows = new ArrayList<>();
        for (ColumnMeta c : HiddenColumns.visible(ctx.session(), t)) {
            List<Object> r = new ArrayList<>();
            r.add(c.name());
            r.add(mysqlType(c.type()));
            if (stmt.full()) {
                r.add(c.type().kind().isString() ? "utf8mb4_0900_bin" : null);
            }
            r.add(c.nullable() ? "YES" : "NO");
            r.add(c.key() ? (t.keyModel() == io.cairndb.catalog.KeyModel.DUPLICATE ? "MUL" : "PRI") : "");
            r.add(c.defaultValue() == null ? null : unquote(c.defaultValue()));
            r.add(c.aggregation() != null ? c.aggregation().name() : mysqlExtra(c));
            if (stmt.full()) {
                r.add("select,insert,update,references");
                r.add(c.comment());
            }
            rows.add(r);
        }
        return new ListRowResult(cols, RowFilter.like(rows, 0, stmt.like()));
    }

    public static RowResult describe(StatementContext ctx, Statement.Describe stmt) {
        TableMeta t = ctx.table(stmt.table());
        List<List<Object>> rows = new ArrayList<>();
        if (stmt.all() && !t.isView()) {
            List<ResultColumn> cols = strings("IndexName", "IndexKeysType", "Field", "Type", "InternalType", "Null", "Key",
                    "Default", "Extra", "Visible", "DefineExpr", "WhereClause");
            boolean first = true;
            // An IVM MV's state columns are part of what it stores: DESC ALL lists them, not visible.
            List<ColumnMeta> shown = HiddenColumns.visible(ctx.session(), t);
            for (ColumnMeta c : t.columns()) {
                boolean visible = !HiddenColumns.isIvmState(c);
                if (!shown.contains(c) && visible) {
                    continue;
                }
                rows.add(java.util.Arrays.asList(first ? t.name() : "", first ? keysType(t.keyModel()) : "",
                        c.name(), c.type().toSql(), c.type().toSql(), c.nullable() ? "Yes" : "No",
                        String.valueOf(c.key()), c.defaultValue() == null ? null : unquote(c.defaultValue()),
                        indexExtra(t.keyModel(), c), String.valueOf(visible), "", ""));
                first = false;
            }
            // Each rollup after a blank row, as Doris lists a table's indexes.
            for (RollupMeta r : t.rollups()) {
                rows.add(java.util.Arrays.asList("", "", "", "", "", "", "", "", "", "", "", ""));
                for (int i = 0; i < r.columns().size(); i++) {
                    ColumnMeta c = r.columns().get(i);
                    String define = SqlFormatter.format(RollupQueries.rowInput(c, r.defineExprs().get(i)));
                    rows.add(java.util.Arrays.asList(i == 0 ? r.name() : "", i == 0 ? keysType(r.keyModel()) : "", c.name(),
                            c.type().toSql(), c.type().toSql(), c.nullable() ? "Yes" : "No", String.valueOf(c.key()), null,
                            indexExtra(r.keyModel(), c), "true", define,
                            i == 0 && r.whereClause() != null ? r.whereClause() : ""));
                }
            }
            return new ListRowResult(cols, rows);
        }
        for (ColumnMeta c : HiddenColumns.visible(ctx.session(), t)) {
            rows.add(java.util.Arrays.asList(c.name(), c.type().toSql(), c.nullable() ? "Yes" : "No", String.valueOf(c.key()),
                    c.defaultValue() == null ? null : unquote(c.defaultValue()), extra(c)));
        }
        return new ListRowResult(strings("Field", "Type", "Null", "Key", "Default", "Extra"), rows);
    }

    /** The key model as DESC .. ALL names it: DUP_KEYS, AGG_KEYS, UNIQUE_KEYS or PRIMARY_KEYS. */
    private static String keysType(KeyModel model) {
        return switch (model) {
            case DUPLICATE -> "DUP_KEYS";
            case AGGREGATE -> "AGG_KEYS";
            case UNIQUE -> "UNIQUE_KEYS";
            case PRIMARY -> "PRIMARY_KEYS";
        };
    }

    /** DESC .. ALL's Extra: a value column's aggregation, NONE for a value column that has none. */
    private static String indexExtra(KeyModel model, ColumnMeta c) {
        String extra = extra(c);
        return extra.isEmpty() && !c.key() && model == KeyModel.DUPLICATE ? "NONE" : extra;
    }

    /** MySQL's Extra of a column: {@code auto_increment}, {@code on update CURRENT_TIMESTAMP[(p)]} or nothing. */
    static String mysqlExtra(ColumnMeta c) {
        return c.autoIncrement() ? "auto_increment" : c.onUpdate() != null ? "on update " + c.onUpdate() : "";
    }

    private static String extra(ColumnMeta c) {
        if (c.aggregation() != null) {
            return c.aggregation().name();
        }
        return c.autoIncrement() ? "AUTO_INCREMENT" : "";
    }

    private static String unquote(String dialectDefault) {
        return dialectDefault.length() >= 2 && dialectDefault.startsWith("'") && dialectDefault.endsWith("'")
                ? dialectDefault.substring(1, dialectDefault.length() - 1).replace("''", "'") : dialectDefault;
    }

    /** Type names as MySQL's SHOW COLUMNS prints them, for BI tools that parse them. */
    private static String mysqlType(DataType t) {
        return switch (t.kind()) {
            case INT -> "int";
            case BIGINT -> "bigint";
            case SMALLINT -> "smallint";
            case TINYINT -> "tinyint";
            case LARGEINT -> "largeint";
            case BOOLEAN -> "tinyint(1)";
            case STRING -> "text";
            default -> t.toSql().toLowerCase(java.util.Locale.ROOT);
        };
    }

    public static RowResult variables(StatementContext ctx, Map<String, String> values, Map<String, String> defaults,
                                      Statement.ShowVariables stmt) {
        List<ResultColumn> cols = strings("Variable_name", "Value", "Default_Value", "Changed");
        List<List<Object>> rows = new ArrayList<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            String def = defaults.get(e.getKey());
            rows.add(List.of(e.getKey(), e.getValue(), def == null ? "" : def, e.getValue().equals(def) ? "0" : "1"));
        }
        rows = RowFilter.like(rows, 0, stmt.like());
        return new ListRowResult(cols, RowFilter.query(ctx, cols, rows, stmt.where(), List.of(), null));
    }

    /** ADMIN SHOW FRONTEND CONFIG: Key, Value. */
    public static RowResult config(Map<String, String> values, String like) {
        List<List<Object>> rows = new ArrayList<>();
        values.forEach((k, v) -> rows.add(List.of(k, v)));
        return new ListRowResult(strings("Key", "Value"), RowFilter.like(rows, 0, like));
    }

    public static RowResult processlist(StatementContext ctx, List<ProcessInfo> processes, boolean full) {
        List<ResultColumn> cols = new ArrayList<>(strings("CurrentConnected"));
        cols.add(new ResultColumn("Id", DataType.BIGINT));
        cols.addAll(strings("User", "Host", "LoginTime", "Catalog", "Db", "Command"));
        cols.add(new ResultColumn("Time", DataType.BIGINT));
        cols.addAll(strings("State", "QueryId", "Info", "Progress"));
        ZoneId zone = ctx.session().zone();
        long now = System.currentTimeMillis();
        List<List<Object>> rows = new ArrayList<>();
        for (ProcessInfo p : processes) {
            String info = p.info() == null ? "" : (full || p.info().length() <= 100 ? p.info() : p.info().substring(0, 100));
            rows.add(java.util.Arrays.asList(p.id() == ctx.session().connectionId() ? "Yes" : "No", p.id(), p.user(), p.host(),
                    ValueFormat.datetime(LocalDateTime.ofInstant(Instant.ofEpochMilli(p.loginTime()), zone), 0), "internal",
                    p.database() == null ? "" : p.database(), p.command(), (now - p.startedAt()) / 1000, p.state(), p.queryId(), info,
                    p.progress()));
        }
        return new ListRowResult(cols, rows);
    }

    /** SHOW CONSTRAINTS FROM t: name, type and definition of each, in the order they were added. */
    public static RowResult constraints(StatementContext ctx, Statement.ShowConstraints show) {
        TableMeta t = ctx.table(show.table());
        List<List<Object>> rows = new ArrayList<>();
        for (ConstraintMeta c : t.constraints()) {
            TableMeta referenced = c.kind() == ConstraintMeta.Kind.FOREIGN_KEY
                    ? ctx.catalog().tableById(c.referencedDatabase(), c.referencedTableId()) : null;
            rows.add(List.of(c.name(), c.kind().text(), c.definition(referenced == null ? null : referenced.name())));
        }
        return new ListRowResult(strings("Name", "Type", "Definition"), rows);
    }
}
