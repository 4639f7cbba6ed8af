package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code SHOW DATA}: Doris's data sizes. For a database, each table's Size (its rows and rollups) and
 * ReplicaCount (tablets: partitions x buckets x indexes, one replica each), then Total, Quota and Left;
 * for one table, each index (the table and its rollups) with its RowCount, then Total.
 */
public final class DataShows {
    /** Doris's default quotas of a database: 1024 TB of data, 1073741824 replicas. */
    private static final long DATA_QUOTA = 1L << 50;
    private static final long REPLICA_QUOTA = 1L << 30;

    private DataShows() {
    }

    /** What SHOW DATA names: a database, with the table of that database it shows (null for all of them). */
    public record Target(String database, String table) {
    }

    /**
     * {@code FROM db.t} and {@code FROM t} name a table of the current database, as in Doris; a single
     * name that is no such table names a database.
     */
    public static Target target(StatementContext ctx, Statement.ShowData stmt) {
        QualifiedName name = stmt.target();
        if (name == null) {
            return new Target(ctx.databaseOf((String) null), null);
        }
        if (name.database() != null) {
            return new Target(name.database(), name.name());
        }
        String current = ctx.session().currentDatabase();
        if (current != null && ctx.catalog().table(current, name.name()) != null) {
            return new Target(current, name.name());
        }
        return new Target(name.name(), null);
    }

    public static RowResult show(StatementContext ctx, Statement.ShowData stmt, DataSizes sizes) {
        Target target = target(ctx, stmt);
        ctx.catalog().requireDatabase(target.database());
        if (target.table() == null) {
            return database(ctx, stmt, target.database(), sizes);
        }
        TableMeta t = ctx.baseTable(QualifiedName.of(target.database(), target.table()));
        return table(ctx, stmt, t, sizes, sizes.rowCounts(ctx, List.of(t)));
    }

    private static RowResult database(StatementContext ctx, Statement.ShowData stmt, String db, DataSizes sizes) {
        List<ResultColumn> columns = List.of(new ResultColumn("TableName", DataType.STRING),
                new ResultColumn("Size", DataType.BIGINT), new ResultColumn("ReplicaCount", DataType.BIGINT));
        List<TableMeta> tables = ctx.catalog().tables(db).stream().filter(t -> !t.isView() && ctx.visible(db, t.name())).toList();
        Map<String, Long> counts = sizes.rowCounts(ctx, tables);
        sizes.measureStale(ctx, tables, counts);
        List<List<Object>> rows = new ArrayList<>();
        for (TableMeta t : tables) {
            rows.add(Arrays.asList(t.name(), sizes.totalBytes(ctx, t, counts), tablets(t) * (1 + t.rollups().size())));
        }
        rows.sort((a, b) -> ((String) a.get(0)).compareTo((String) b.get(0)));
        List<List<Object>> sorted = RowFilter.query(ctx, columns, rows, null, stmt.orderBy(), null);
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> r : sorted) {
            out.add(Arrays.asList(r.get(0), DataSizes.format(((Number) r.get(1)).longValue()), r.get(2).toString()));
        }
        long bytes = sum(sorted, 1);
        long replicas = sum(sorted, 2);
        out.add(Arrays.asList("Total", DataSizes.format(bytes), Long.toString(replicas)));
        out.add(Arrays.asList("Quota", DataSizes.format(DATA_QUOTA), Long.toString(REPLICA_QUOTA)));
        out.add(Arrays.asList("Left", DataSizes.format(Math.max(DATA_QUOTA - bytes, 0)), Long.toString(REPLICA_QUOTA - replicas)));
        return new ListRowResult(ShowExecutor.strings("TableName", "Size", "ReplicaCount"), out);
    }

    private static RowResult table(StatementContext ctx, Statement.ShowData stmt, TableMeta t, DataSizes sizes,
                                   Map<String, Long> counts) {
        List<ResultColumn> columns = List.of(new ResultColumn("IndexName", DataType.STRING),
                new ResultColumn("Size", DataType.BIGINT), new ResultColumn("ReplicaCount", DataType.BIGINT),
                new ResultColumn("RowCount", DataType.BIGINT));
        long tablets = tablets(t);
        List<List<Object>> rows = new ArrayList<>();
        rows.add(Arrays.asList(t.name(), sizes.tableBytes(ctx, t, counts), tablets,
                counts.getOrDefault(SystemRows.rowCountKey(t), 0L)));
        Map<String, Long> rollupBytes = sizes.rollupBytes(ctx, t, counts);
        for (RollupMeta r : t.rollups()) {
            rows.add(Arrays.asList(r.name(), rollupBytes.get(r.name()), tablets,
                    counts.getOrDefault(SystemRows.rowCountKey(r.storage(t)), 0L)));
        }
        List<List<Object>> sorted = RowFilter.query(ctx, columns, rows, null, stmt.orderBy(), null);
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> r : sorted) {
            out.add(Arrays.asList(out.isEmpty() ? t.name() : "", r.get(0), DataSizes.format(((Number) r.get(1)).longValue()),
                    r.get(2).toString(), r.get(3).toString()));
        }
        out.add(Arrays.asList("", "Total", DataSizes.format(sum(sorted, 1)), Long.toString(sum(sorted, 2)), ""));
        return new ListRowResult(ShowExecutor.strings("TableName", "IndexName", "Size", "ReplicaCount", "RowCount"), out);
    }

    private static long sum(List<List<Object>> rows, int column) {
        return rows.stream().mapToLong(r -> ((Number) r.get(column)).longValue()).sum();
    }

    /** A table's tablets: its partitions times its buckets (see {@link Tablets}). */
    private static long tablets(TableMeta t) {
        return Tablets.count(t, Math.max(t.partitioning().partitions().size(), 1));
    }
}
