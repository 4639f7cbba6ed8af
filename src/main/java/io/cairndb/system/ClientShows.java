package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.IndexMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.TimeText;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The SHOW commands that MySQL clients and BI tools send, answered from fixed or catalog data. */
public final class ClientShows {
    private ClientShows() {
    }

    /** {@code sizes}: the tables' bytes, for SHOW TABLE STATUS. */
    public static RowResult show(StatementContext ctx, Statement.ShowOther stmt, DataSizes sizes) {
        return switch (stmt.what()) {
            case "WARNINGS" -> new ListRowResult(ShowExecutor.strings("Level", "Code", "Message"), ctx.session().warnings().stream()
                    .map(m -> List.<Object>of("Warning", "1265", m)).toList());
            case "ERRORS" -> new ListRowResult(ShowExecutor.strings("Level", "Code", "Message"), List.of());
            case "ENGINES" -> new ListRowResult(ShowExecutor.strings("Engine", "Support", "Comment", "Transactions", "XA", "Savepoints"),
                    List.of(List.of("Olap", "YES", "Default storage engine of CairnDB", "YES", "NO", "NO")));
            case "CHARSET" -> new ListRowResult(ShowExecutor.strings("Charset", "Description", "Default collation", "Maxlen"),
                    RowFilter.like(List.of(List.of("utf8mb4", "UTF-8 Unicode", "utf8mb4_0900_bin", "4")), 0, stmt.like()));
            case "COLLATION" -> new ListRowResult(ShowExecutor.strings("Collation", "Charset", "Id", "Default", "Compiled", "Sortlen"),
                    RowFilter.like(List.of(List.of("utf8mb4_0900_bin", "utf8mb4", "309", "Yes", "Yes", "1")), 0, stmt.like()));
            case "INDEX", "INDEXES", "KEYS" -> keys(ctx.table(stmt.target()));
            case "TABLE STATUS" -> tableStatus(ctx, stmt, sizes);
            case "PLUGINS" -> new ListRowResult(ShowExecutor.strings("Name", "Status", "Type", "Library", "License"), List.of());
            case "PRIVILEGES" -> privileges();
            case "CATALOGS" -> new ListRowResult(ShowExecutor.strings("CatalogId", "CatalogName", "Type", "IsCurrent", "CreateTime",
                    "LastUpdateTime", "Comment"), List.of(Arrays.asList("0", "internal", "internal", "Yes", null, null,
                    "Doris internal catalog")));
            // No stored procedures, functions, events or triggers exist: their lists are empty, with MySQL's columns
            // (a LIKE or WHERE has no row to keep).
            case "PROCEDURE STATUS", "FUNCTION STATUS" -> new ListRowResult(ShowExecutor.strings("Db", "Name", "Type", "Definer",
                    "Modified", "Created", "Security_type", "Comment", "character_set_client", "collation_connection",
                    "Database Collation"), List.of());
            case "EVENTS" -> {
                ctx.databaseOf(stmt.target() == null ? null : stmt.target().name());
                yield new ListRowResult(ShowExecutor.strings("Db", "Name", "Definer", "Time zone", "Type", "Execute at",
                        "Interval value", "Interval field", "Starts", "Ends", "Status", "Originator", "character_set_client",
                        "collation_connection", "Database Collation"), List.of());
            }
            case "TRIGGERS" -> {
                ctx.databaseOf(stmt.target() == null ? null : stmt.target().name());
                yield new ListRowResult(ShowExecutor.strings("Trigger", "Event", "Table", "Statement", "Timing", "Created", "sql_mode",
                        "Definer", "character_set_client", "collation_connection", "Database Collation"), List.of());
            }
            default -> throw new CairnException(ErrorCode.NOT_SUPPORTED, "SHOW " + stmt.what() + " is not supported");
        };
    }

    /** Doris's privileges and where each is granted. */
    private static RowResult privileges() {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of("Node_priv", "GLOBAL", "Manage the cluster's nodes"));
        rows.add(List.of("Admin_priv", "GLOBAL", "Every privilege but Node_priv"));
        rows.add(List.of("Grant_priv", "GLOBAL,CATALOG,DATABASE,TABLE", "Grant and revoke privileges, manage users and roles"));
        rows.add(List.of("Select_priv", "GLOBAL,CATALOG,DATABASE,TABLE", "Read tables, views, materialized views and streams"));
        rows.add(List.of("Load_priv", "GLOBAL,CATALOG,DATABASE,TABLE", "INSERT, UPDATE, DELETE, TRUNCATE and loads"));
        rows.add(List.of("Alter_priv", "GLOBAL,CATALOG,DATABASE,TABLE", "Change tables and materialized views"));
        rows.add(List.of("Create_priv", "GLOBAL,CATALOG,DATABASE,TABLE", "Create databases, tables, views, MVs; refresh MVs"));
        rows.add(List.of("Drop_priv", "GLOBAL,CATALOG,DATABASE,TABLE", "Drop databases, tables, views, MVs and streams"));
        return new ListRowResult(ShowExecutor.strings("Privilege", "Context", "Comment"), rows);
    }

    /**
     * The key of a UNIQUE, PRIMARY or AGGREGATE KEY table as its PRIMARY index (one row per key column),
     * as clients read primary keys (Connector/J's getPrimaryKeys); a DUPLICATE KEY table has none. Then
     * the table's declared indexes, not unique, with their type and comment.
     */
    private static RowResult keys(TableMeta t) {
        List<List<Object>> rows = new ArrayList<>();
        if (!t.isView() && t.keyModel() != null && t.keyModel() != KeyModel.DUPLICATE) {
            int seq = 1;
            for (ColumnMeta c : t.keyColumns()) {
                rows.add(Arrays.asList(t.name(), "0", "PRIMARY", Integer.toString(seq++), c.name(), "A", null, null, null,
                        c.nullable() ? "YES" : "", "BTREE", ""));
            }
        }
        for (IndexMeta index : t.indexes()) {
            int seq = 1;
            for (String column : index.columns()) {
                rows.add(Arrays.asList(t.name(), "1", index.name(), Integer.toString(seq++), column, null, null, null, null,
                        t.column(column).nullable() ? "YES" : "", index.type(), index.comment()));
            }
        }
        return new ListRowResult(ShowExecutor.strings("Table", "Non_unique", "Key_name", "Seq_in_index", "Column_name",
                "Collation", "Cardinality", "Sub_part", "Packed", "Null", "Index_type", "Comment"), rows);
    }

    private static RowResult tableStatus(StatementContext ctx, Statement.ShowOther stmt, DataSizes sizes) {
        String db = ctx.databaseOf(stmt.target() == null ? null : stmt.target().name());
        List<TableMeta> tables = ctx.catalog().tables(db).stream().filter(t -> ctx.visible(db, t.name())).toList();
        Map<String, Long> counts = sizes.rowCounts(ctx, tables);
        sizes.measureStale(ctx, tables, counts);
        List<List<Object>> rows = new ArrayList<>();
        for (TableMeta t : tables) {
            Long count = t.isView() ? null : counts.getOrDefault(SystemRows.rowCountKey(t), 0L);
            Long bytes = t.isView() ? null : sizes.totalBytes(ctx, t, counts);
            rows.add(Arrays.asList(t.name(), t.isView() ? null : "Doris", null, null, text(count),
                    text(count == null ? null : count == 0 ? 0L : bytes / count), text(bytes), null, text(t.isView() ? null : 0L),
                    null, null, TimeText.format(t.createTime(), ctx.session().zone()),
                    t.isView() ? null : TimeText.format(t.updateTime(), ctx.session().zone()), null, "utf8mb4_0900_bin", null, null,
                    t.isView() ? "VIEW" : t.comment()));
        }
        return new ListRowResult(ShowExecutor.strings("Name", "Engine", "Version", "Row_format", "Rows", "Avg_row_length",
                "Data_length", "Max_data_length", "Index_length", "Data_free", "Auto_increment", "Create_time",
                "Update_time", "Check_time", "Collation", "Checksum", "Create_options", "Comment"),
                RowFilter.like(rows, 0, stmt.like()));
    }

    private static String text(Long n) {
        return n == null ? null : n.toString();
    }
}
