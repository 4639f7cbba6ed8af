package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.TimeText;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * ANALYZE TABLE and SHOW COLUMN STATS: per column, the row count, distinct values (DuckDB's
 * approximate count), NULLs, data size and minimum and maximum, computed by one scan and kept in the
 * system schema in the statement's transaction. ANALYZE always runs at once, as Doris's WITH SYNC.
 */
public final class ColumnStatistics {
    private static final String TABLE = Catalog.SYSTEM_SCHEMA + ".column_statistics";
    /** The kinds whose values have an order worth showing as min and max. */
    private static final Set<TypeKind> ORDERED = Set.of(TypeKind.BOOLEAN, TypeKind.TINYINT, TypeKind.SMALLINT, TypeKind.INT,
            TypeKind.BIGINT, TypeKind.LARGEINT, TypeKind.FLOAT, TypeKind.DOUBLE, TypeKind.DECIMAL, TypeKind.DATE, TypeKind.DATETIME,
            TypeKind.CHAR, TypeKind.VARCHAR, TypeKind.STRING);

    private ColumnStatistics() {
    }

    public static UpdateCount analyze(StatementContext ctx, Statement.AnalyzeTable s) {
        TableMeta t = ctx.baseTable(s.table());
        List<ColumnMeta> columns = selected(t, s.columns());
        List<String> items = new ArrayList<>(List.of("count(*)"));
        for (ColumnMeta c : columns) {
            String col = Sql.ident(c.name());
            boolean ordered = ORDERED.contains(c.type().kind());
            items.add("approx_count_distinct(" + col + ")");
            items.add("count(*) - count(" + col + ")");
            items.add("coalesce(sum(strlen(CAST(" + col + " AS VARCHAR))), 0)");
            items.add(ordered ? "CAST(min(" + col + ") AS VARCHAR)" : "NULL");
            items.add(ordered ? "CAST(max(" + col + ") AS VARCHAR)" : "NULL");
        }
        var c = ctx.txn().connection();
        List<Object> r = Sql.rows(c, "SELECT " + String.join(", ", items) + " FROM " + t.duckName()).get(0);
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (table_id BIGINT NOT NULL, column_name VARCHAR NOT NULL, "
                + "row_count BIGINT, ndv BIGINT, num_null BIGINT, data_size BIGINT, min_value VARCHAR, max_value VARCHAR, "
                + "updated_time BIGINT)");
        long now = System.currentTimeMillis();
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            int at = 1 + i * 5;
            rows.add("(" + t.id() + ", " + Sql.literal(columns.get(i).name()) + ", " + r.get(0) + ", " + r.get(at) + ", " + r.get(at + 1)
                    + ", " + r.get(at + 2) + ", " + Sql.literal((String) r.get(at + 3)) + ", " + Sql.literal((String) r.get(at + 4)) + ", "
                    + now + ")");
        }
        List<String> names = columns.stream().map(col -> Sql.literal(col.name())).toList();
        Sql.execute(c, "DELETE FROM " + TABLE + " WHERE table_id = " + t.id() + " AND column_name IN (" + String.join(", ", names) + ")");
        Sql.execute(c, "INSERT INTO " + TABLE + " VALUES " + String.join(", ", rows));
        return UpdateCount.NONE;
    }

    /** Doris's columns; columns never analyzed (or analyzed before the table was created again) have no row. */
    public static RowResult show(StatementContext ctx, Statement.ShowColumnStats s) {
        TableMeta t = ctx.baseTable(s.table());
        List<ColumnMeta> columns = selected(t, s.columns());
        var c = ctx.txn().connection();
        boolean analyzed = Sql.scalar(c, "SELECT 1 FROM duckdb_tables() WHERE schema_name = ? AND table_name = 'column_statistics'",
                Catalog.SYSTEM_SCHEMA) != null;
        List<List<Object>> out = new ArrayList<>();
        for (ColumnMeta col : columns) {
            List<List<Object>> found = !analyzed ? List.of() : Sql.rows(c, "SELECT row_count, ndv, num_null, data_size, min_value, "
                    + "max_value, updated_time FROM " + TABLE + " WHERE table_id = ? AND column_name = ?", t.id(), col.name());
            if (found.isEmpty()) {
                continue;
            }
            List<Object> r = found.get(0);
            long count = ((Number) r.get(0)).longValue();
            long size = ((Number) r.get(3)).longValue();
            out.add(Arrays.asList(col.name(), t.name(), text(r.get(0)), text(r.get(1)), text(r.get(2)), text(r.get(3)),
                    count == 0 ? "0.0" : String.valueOf((double) size / count), quoted(r.get(4)), quoted(r.get(5)), "FULL", "FUNDAMENTALS",
                    "MANUAL", "0", TimeText.format(((Number) r.get(6)).longValue(), ctx.session().zone())));
        }
        return new ListRowResult(ShowExecutor.strings("column_name", "index_name", "count", "ndv", "num_null", "data_size",
                "avg_size_byte", "min", "max", "method", "type", "trigger", "query_times", "updated_time"), out);
    }

    private static List<ColumnMeta> selected(TableMeta t, List<String> names) {
        if (names.isEmpty()) {
            return t.columns();
        }
        List<ColumnMeta> out = new ArrayList<>();
        for (String n : names) {
            ColumnMeta c = t.column(n);
            if (c == null) {
                throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + n + "' in '" + t.name() + "'");
            }
            out.add(c);
        }
        return out;
    }

    private static String text(Object v) {
        return v == null ? null : v.toString();
    }

    /** Doris shows min and max as quoted literals. */
    private static String quoted(Object v) {
        return v == null ? "N/A" : "'" + v + "'";
    }
}
