package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * SHOW TABLETS FROM t and SHOW TABLET id, with Doris's columns, over the tablets of {@link Tablets}: one
 * replica each, on the one backend (10001, as SHOW BACKENDS lists it). A tablet's RowCount is the rows
 * of its partition that its bucket holds: the hash of a row's distribution columns (DuckDB's hash, not
 * Doris's) modulo the buckets, or for RANDOM distribution its row number modulo the buckets. Its
 * LocalDataSize is its share, by rows, of the table's bytes ({@link DataSizes}), as SHOW PARTITIONS
 * shares them; its Version the partition's visible version. The rows are kept as one version
 * (VersionCount 1), never failed, never checked, never cooled down; they are listed in tablet id order.
 */
public final class TabletShows {
    /** The one backend, as SHOW BACKENDS lists it. */
    private static final long BACKEND_ID = 10001;

    private TabletShows() {
    }

    private static final List<ResultColumn> TABLETS_COLUMNS = columns(
            "TabletId:L", "ReplicaId:L", "BackendId:L", "SchemaHash:L", "Version:L", "LstSuccessVersion:L", "LstFailedVersion:L",
            "LstFailedTime", "LocalDataSize:L", "RemoteDataSize:L", "RowCount:L", "State", "LstConsistencyCheckTime",
            "CheckVersion:L", "VisibleVersionCount:L", "VersionCount:L", "QueryHits:L", "WindowAccessCount:L",
            "LastAccessTime:L", "PathHash:L", "Path", "MetaUrl", "CompactionStatus", "CooldownReplicaId:L", "CooldownMetaId");
    private static final List<ResultColumn> TABLET_COLUMNS = columns("DbName", "TableName", "PartitionName", "IndexName",
            "DbId:L", "TableId:L", "PartitionId:L", "IndexId:L", "IsSync", "Order:L", "QueryHits:L", "WindowAccessCount:L",
            "LastAccessTime:L", "DetailCmd");

    /** Names, each with {@code :L} for a BIGINT column (others are strings). */
    private static List<ResultColumn> columns(String... names) {
        List<ResultColumn> out = new ArrayList<>();
        for (String n : names) {
            out.add(n.endsWith(":L") ? new ResultColumn(n.substring(0, n.length() - 2), DataType.BIGINT)
                    : new ResultColumn(n, DataType.STRING));
        }
        return out;
    }

    /** SHOW TABLETS FROM t [PARTITION (..)]; {@code dataRoot} is the data directory ("" for a database in memory). */
    public static RowResult tablets(StatementContext ctx, Statement.ShowTablets show, DataSizes sizes, String dataRoot) {
        TableMeta t = ctx.baseTable(show.table());
        List<PartitionMeta> all = t.partitioning().partitions();
        List<PartitionMeta> parts = new ArrayList<>();
        if (show.partitions().isEmpty() || show.partitions().equals(List.of("*"))) {
            parts.addAll(all);
        } else {
            for (String name : show.partitions()) {
                PartitionMeta p = t.partition(name);
                if (p == null) {
                    throw new CairnException(ErrorCode.UNKNOWN_PARTITION, "Unknown partition: " + name);
                }
                parts.add(p);
            }
        }
        int buckets = Tablets.buckets(t);
        Map<Long, Long> rows = rowsByTablet(ctx, t, buckets);
        long rowsInAll = rows.values().stream().mapToLong(Long::longValue).sum();
        long bytesInAll = rowsInAll == 0 ? 0 : sizes.tableBytes(ctx, t, sizes.rowCounts(ctx, List.of(t)));
        long schemaHash = schemaHash(t);
        long pathHash = dataRoot.isEmpty() ? -1 : dataRoot.hashCode() & 0xffffffffL;
        List<List<Object>> out = new ArrayList<>();
        for (PartitionMeta p : parts) {
            for (int b = 0; b < buckets; b++) {
                long id = Tablets.tabletId(p, b);
                long count = rows.getOrDefault(id, 0L);
                long bytes = rowsInAll == 0 ? 0 : Math.round((double) bytesInAll * count / rowsInAll);
                out.add(Arrays.asList(id, Tablets.replicaId(p, b), BACKEND_ID, schemaHash, p.visibleVersion(), p.visibleVersion(), -1L,
                        null, bytes, 0L, count, "NORMAL", null, -1L, 1L, 1L, 0L, 0L, 0L, pathHash, dataRoot, "", "", -1L, ""));
            }
        }
        out.sort(Comparator.comparingLong(r -> (Long) r.get(0)));
        return new ListRowResult(TABLETS_COLUMNS, RowFilter.query(ctx, TABLETS_COLUMNS, out, show.where(), show.orderBy(), show.limit()));
    }

    /** The rows of each tablet of {@code t} that holds any, by tablet id. */
    private static Map<Long, Long> rowsByTablet(StatementContext ctx, TableMeta t, int buckets) {
        Map<Long, Long> out = new HashMap<>();
        List<PartitionMeta> parts = t.partitioning().partitions();
        if (parts.isEmpty()) {
            return out;
        }
        String bucket;
        if (buckets == 1) {
            bucket = "0";
        } else if (t.distribution().random()) {
            bucket = "rowid % " + buckets;
        } else {
            bucket = "hash(" + String.join(", ", t.distribution().columns().stream().map(Sql::ident).toList()) + ") % " + buckets;
        }
        String sql = "SELECT " + PartitionPredicates.ordinal(t, null) + " AS __partition, " + bucket + " AS __bucket, count(*) FROM "
                + t.duckName() + " GROUP BY ALL";
        for (List<Object> r : Sql.rows(ctx.txn().connection(), sql)) {
            if (r.get(0) != null) {
                PartitionMeta p = parts.get(((Number) r.get(0)).intValue());
                out.put(Tablets.tabletId(p, ((Number) r.get(1)).intValue()), ((Number) r.get(2)).longValue());
            }
        }
        return out;
    }

    private static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** A hash of the table's schema (its columns' names, types and keys), which a schema change changes, as Doris's does. */
    private static long schemaHash(TableMeta t) {
        int h = 17;
        for (ColumnMeta c : t.columns()) {
            h = 31 * h + (c.name() + " " + c.type().toSql() + (c.key() ? " KEY" : "")).hashCode();
        }
        return h & 0x7fffffffL;
    }

    /**
     * SHOW TABLET id: the database, table, partition and index the tablet belongs to, and the statement that
     * lists it; an id of no tablet gives Doris's row of unknowns (IsSync false).
     */
    public static RowResult tablet(StatementContext ctx, Statement.ShowTablet show) {
        long id = show.tabletId();
        long partitionId = Tablets.partitionId(id);
        int bucket = Tablets.bucket(id);
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (t.isView() || bucket < 0 || bucket >= Tablets.buckets(t)) {
                    continue;
                }
                for (PartitionMeta p : t.partitioning().partitions()) {
                    if (p.id() == partitionId) {
                        String detail = "SHOW TABLETS FROM " + quote(db.name()) + "." + quote(t.name()) + " PARTITION ("
                                + quote(p.name()) + ");";
                        return new ListRowResult(TABLET_COLUMNS, List.of(Arrays.asList(db.name(), t.name(), p.name(), t.name(),
                                db.id(), t.id(), p.id(), t.id(), "true", (long) bucket, 0L, 0L, 0L, detail)));
                    }
                }
            }
        }
        return new ListRowResult(TABLET_COLUMNS, List.of(Arrays.asList(null, null, null, null, -1L, -1L, -1L, -1L, "false", -1L,
                0L, 0L, 0L, null)));
    }
}
