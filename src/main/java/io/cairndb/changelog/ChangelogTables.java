package io.cairndb.changelog;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * The changelog table of a changelog-enabled table: one row per changed row, with its operation,
 * commit TSO, LSN within the commit, partition id and all column values. Named by table id, so it
 * follows the table through renames. Also holds the per-table retention state and the markers of
 * bulk operations (TRUNCATE, INSERT OVERWRITE, DROP PARTITION) that drop history.
 */
public final class ChangelogTables {
    public static final int APPEND = 0;
    public static final int DELETE = 1;
    public static final int UPDATE_BEFORE = 2;
    public static final int UPDATE_AFTER = 3;

    public static final String OP = "__op";
    public static final String TSO = "__tso";
    public static final String LSN = "__lsn";
    public static final String PARTITION = "__pid";

    static final String STATE = Catalog.SYSTEM_SCHEMA + ".changelog_state";
    static final String MARKERS = Catalog.SYSTEM_SCHEMA + ".changelog_markers";

    private ChangelogTables() {
    }

    /** Creates the shared bookkeeping tables. */
    public static void createSchema(Connection c) {
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + STATE
                + " (table_id BIGINT NOT NULL, retained_from BIGINT NOT NULL, enabled_at BIGINT NOT NULL)");
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + MARKERS
                + " (table_id BIGINT NOT NULL, tso BIGINT NOT NULL, partition_id BIGINT NOT NULL, kind VARCHAR NOT NULL)");
    }

    public static String name(TableMeta t) {
        return name(t.id());
    }

    public static String name(long tableId) {
        return Catalog.SYSTEM_SCHEMA + "." + Sql.ident("changelog_" + tableId);
    }

    /** Creates the changelog table of {@code t}; its history starts at {@code tso}. */
    public static void create(Connection c, TableMeta t, long tso) {
        List<String> cols = new ArrayList<>();
        cols.add(OP + " TINYINT NOT NULL");
        cols.add(TSO + " BIGINT NOT NULL");
        cols.add(LSN + " BIGINT NOT NULL");
        cols.add(PARTITION + " BIGINT NOT NULL");
        for (ColumnMeta col : t.columns()) {
            cols.add(Sql.ident(col.name()) + " " + DuckTypes.toDuckDb(col.type()));
        }
        Sql.execute(c, "CREATE TABLE " + name(t) + " (" + String.join(", ", cols) + ")");
        Sql.execute(c, "INSERT INTO " + STATE + " VALUES (" + t.id() + ", " + tso + ", " + tso + ")");
    }

    /** {@code INSERT INTO <changelog> (op, tso, lsn, pid, columns...)}: by name, as columns may be reordered. */
    public static String insertInto(TableMeta t) {
        List<String> cols = new ArrayList<>(List.of(OP, TSO, LSN, PARTITION));
        for (ColumnMeta col : t.columns()) {
            cols.add(Sql.ident(col.name()));
        }
        return "INSERT INTO " + name(t) + " (" + String.join(", ", cols) + ") ";
    }

    public static void addColumn(Connection c, TableMeta t, ColumnMeta col) {
        Sql.execute(c, "ALTER TABLE " + name(t) + " ADD COLUMN " + Sql.ident(col.name()) + " " + DuckTypes.toDuckDb(col.type()));
    }

    public static void drop(Connection c, long tableId) {
        Sql.execute(c, "DROP TABLE IF EXISTS " + name(tableId));
        Sql.execute(c, "DELETE FROM " + STATE + " WHERE table_id = " + tableId);
        Sql.execute(c, "DELETE FROM " + MARKERS + " WHERE table_id = " + tableId);
    }

    /** The oldest TSO whose changes are still kept. */
    public static long retainedFrom(Connection c, long tableId) {
        Object v = Sql.scalar(c, "SELECT retained_from FROM " + STATE + " WHERE table_id = " + tableId);
        return v == null ? 0 : ((Number) v).longValue();
    }

    /** Records that a bulk operation removed the history of a partition at {@code tso}. */
    public static void mark(Connection c, long tableId, long tso, long partitionId, String kind) {
        Sql.execute(c, "INSERT INTO " + MARKERS + " VALUES (" + tableId + ", " + tso + ", " + partitionId + ", "
                + Sql.literal(kind) + ")");
    }

    /** A bulk removal of one partition's rows at commit {@code tso}. */
    public record Marker(long tso, long partitionId, String kind) {
    }

    public static List<Marker> markers(Connection c, long tableId) {
        List<Marker> out = new ArrayList<>();
        for (List<Object> r : Sql.rows(c, "SELECT tso, partition_id, kind FROM " + MARKERS + " WHERE table_id = ? ORDER BY tso, partition_id",
                tableId)) {
            out.add(new Marker(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue(), (String) r.get(2)));
        }
        return out;
    }

    /** Changelog tables of the listed table ids, for the TSO high-water mark. */
    public static List<String> names(List<Long> tableIds) {
        return tableIds.stream().map(ChangelogTables::name).toList();
    }
}
