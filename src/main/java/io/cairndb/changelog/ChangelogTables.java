package io.cairndb.changelog;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The changelog table of a changelog-enabled table: one row per changed row, with its operation,
 * commit TSO, LSN within the commit, partition id and all column values. Named by table id, so it
 * follows the table through renames. Also holds the per-table retention state and the markers of
 * bulk operations (TRUNCATE, INSERT OVERWRITE, DROP PARTITION) that drop history.
 * <p>
 * A keyed table that keeps before images is <em>tracked</em> from a TSO on: each of its change rows
 * also records the TSO of its key's previous change ({@link #PREV}) and, for a row of an existing
 * key, since when the key has existed ({@link #SINCE}); and each commit is summarized by previous
 * commit ({@link #COMMITS}). MIN_DELTA reads these instead of ordering every change by key: see
 * {@link MinDeltaPlanner}. The rows of a tracked table carry their key's latest change and since
 * when it exists ({@link #ROW_TSO}, {@link #ROW_SINCE}), so that a write reads both from the rows it
 * replaces or deletes instead of searching the changelog.
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
    /** TSO of the key's previous change; 0 when it has none in the changelog (or was never looked up: APPEND). */
    public static final String PREV = "__prev";
    /** The TSO of the APPEND that began the key's current existence; 0 when before the changelog. */
    public static final String SINCE = "__since";
    /**
     * Hidden columns of a tracked table's own rows: the TSO of the key's latest change and its
     * {@link #SINCE}; 0 when the changelog has no change of the key, like {@link #latest}.
     */
    public static final String ROW_TSO = "__cairn_row_tso";
    public static final String ROW_SINCE = "__cairn_row_since";

    static final String STATE = Catalog.SYSTEM_SCHEMA + ".changelog_state";
    static final String MARKERS = Catalog.SYSTEM_SCHEMA + ".changelog_markers";
    /**
     * Per tracked commit and previous commit of its keys ({@link #PREV}): how many keys (one change
     * row each besides UPDATE_BEFORE), of them how many APPENDs and DELETEs.
     */
    static final String COMMITS = Catalog.SYSTEM_SCHEMA + ".changelog_commits";

    private ChangelogTables() {
    }

    /**
     * Creates the shared bookkeeping tables, and brings those of an older data directory up to
     * date: {@code tracked_from} is added to the state (NULL: not tracked).
     */
    public static void createSchema(Connection c) {
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + STATE
                + " (table_id BIGINT NOT NULL, retained_from BIGINT NOT NULL, enabled_at BIGINT NOT NULL, tracked_from BIGINT)");
        Sql.execute(c, "ALTER TABLE " + STATE + " ADD COLUMN IF NOT EXISTS tracked_from BIGINT");
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + MARKERS
                + " (table_id BIGINT NOT NULL, tso BIGINT NOT NULL, partition_id BIGINT NOT NULL, kind VARCHAR NOT NULL)");
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + COMMITS + " (table_id BIGINT NOT NULL, tso BIGINT NOT NULL, "
                + "prev_tso BIGINT NOT NULL, keys BIGINT NOT NULL, appends BIGINT NOT NULL, deletes BIGINT NOT NULL)");
    }

    /**
     * Brings the changelog tables of an older data directory up to date: a table without the
     * {@link #PREV} and {@link #SINCE} columns gets them (NULL in its existing rows) and, when it
     * would be tracked, is tracked from after its last stored change on; windows that start
     * earlier are consolidated by sorting, as before. A tracked table whose rows lack
     * {@link #ROW_TSO} and {@link #ROW_SINCE} gets them, filled from its changelog.
     */
    public static void upgrade(Connection c, List<TableMeta> withChangelog) {
        for (TableMeta t : withChangelog) {
            if (tracked(t) && !hasRowColumns(c, t)) {
                addRowColumns(c, t);
                fillRowColumns(c, t);
            }
            Object has = Sql.scalar(c, "SELECT count(*) FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? "
                    + "AND column_name = ?", Catalog.SYSTEM_SCHEMA, "changelog_" + t.id(), PREV);
            if (((Number) has).longValue() > 0) {
                continue;
            }
            Sql.execute(c, "ALTER TABLE " + name(t) + " ADD COLUMN " + PREV + " BIGINT");
            Sql.execute(c, "ALTER TABLE " + name(t) + " ADD COLUMN " + SINCE + " BIGINT");
            if (tracked(t)) {
                Sql.execute(c, "UPDATE " + STATE + " SET tracked_from = (SELECT coalesce(max(" + TSO + "), 0) + 1 FROM " + name(t)
                        + ") WHERE table_id = " + t.id());
            }
        }
    }

    /** Whether the DuckDB table {@code t} names has {@link #ROW_TSO} and {@link #ROW_SINCE}. */
    public static boolean hasRowColumns(Connection c, TableMeta t) {
        Object has = Sql.scalar(c, "SELECT count(*) FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? AND column_name = ?",
                t.duckSchema(), t.duckTable(), ROW_TSO);
        return ((Number) has).longValue() > 0;
    }

    /** Adds {@link #ROW_TSO} and {@link #ROW_SINCE} to the DuckDB table {@code t} names, 0 in its rows. */
    public static void addRowColumns(Connection c, TableMeta t) {
        for (String col : List.of(ROW_TSO, ROW_SINCE)) {
            Sql.execute(c, "ALTER TABLE " + t.duckName() + " ADD COLUMN IF NOT EXISTS " + col + " BIGINT DEFAULT 0");
        }
    }

    /** Sets each row's {@link #ROW_TSO} and {@link #ROW_SINCE} from the changelog: its key's latest change. */
    private static void fillRowColumns(Connection c, TableMeta t) {
        List<String> keys = new ArrayList<>();
        for (ColumnMeta col : t.keyColumns()) {
            keys.add("l." + Sql.ident(col.name()) + " IS NOT DISTINCT FROM " + t.duckName() + "." + Sql.ident(col.name()));
        }
        Sql.execute(c, "UPDATE " + t.duckName() + " SET " + ROW_TSO + " = l." + PREV + ", " + ROW_SINCE + " = l." + SINCE + " FROM ("
                + latest(t) + ") AS l WHERE " + String.join(" AND ", keys));
    }

    /** Whether {@code t}'s changes carry their keys' previous changes: only MIN_DELTA on keyed tables needs them. */
    public static boolean tracked(TableMeta t) {
        return t.keyModel().upserts() && ChangelogConfig.of(t).needHistoricalValue();
    }

    public static String name(TableMeta t) {
        return name(t.id());
    }

    public static String name(long tableId) {
        return Catalog.SYSTEM_SCHEMA + "." + Sql.ident("changelog_" + tableId);
    }

    /**
     * Creates the changelog table of {@code t}; its history starts at {@code tso}. A tracked table's
     * rows get {@link #ROW_TSO} and {@link #ROW_SINCE}.
     */
    public static void create(Connection c, ChangelogBounds bounds, TableMeta t, long tso) {
        List<String> cols = new ArrayList<>();
        cols.add(OP + " TINYINT NOT NULL");
        cols.add(TSO + " BIGINT NOT NULL");
        cols.add(LSN + " BIGINT NOT NULL");
        cols.add(PARTITION + " BIGINT NOT NULL");
        cols.add(PREV + " BIGINT");
        cols.add(SINCE + " BIGINT");
        for (ColumnMeta col : t.columns()) {
            cols.add(Sql.ident(col.name()) + " " + DuckTypes.toDuckDb(col.type()));
        }
        Sql.execute(c, "CREATE TABLE " + name(t) + " (" + String.join(", ", cols) + ")");
        bounds.retained(t.id(), tso);
        Sql.execute(c, "INSERT INTO " + STATE + " (table_id, retained_from, enabled_at, tracked_from) VALUES (" + t.id() + ", "
                + tso + ", " + tso + ", " + (tracked(t) ? Long.toString(tso) : "NULL") + ")");
        if (tracked(t)) {
            addRowColumns(c, t);
        }
    }

    /**
     * Starts tracking table {@code t}, whose before images are switched on at {@code tso}: its rows
     * get their keys' latest changes from the history kept so far.
     */
    public static void trackFrom(Connection c, TableMeta t, long tso) {
        Sql.execute(c, "UPDATE " + STATE + " SET tracked_from = " + tso + " WHERE table_id = " + t.id());
        addRowColumns(c, t);
        fillRowColumns(c, t);
    }

    /** {@code INSERT INTO <changelog> (op, tso, lsn, pid, columns...)}: by name, as columns may be reordered. */
    public static String insertInto(TableMeta t) {
        return insertInto(t, false);
    }

    /** As {@link #insertInto(TableMeta)}, followed by {@link #PREV} and {@link #SINCE}. */
    public static String insertTracked(TableMeta t) {
        return insertInto(t, true);
    }

    private static String insertInto(TableMeta t, boolean tracked) {
        List<String> cols = new ArrayList<>(List.of(OP, TSO, LSN, PARTITION));
        for (ColumnMeta col : t.columns()) {
            cols.add(Sql.ident(col.name()));
        }
        if (tracked) {
            cols.add(PREV);
            cols.add(SINCE);
        }
        return "INSERT INTO " + name(t) + " (" + String.join(", ", cols) + ") ";
    }

    /**
     * The latest change of each key in the changelog as a SELECT of the key columns, {@link #PREV}
     * and {@link #SINCE}. The key's rows of its latest commit agree on SINCE; rows written before
     * tracking have none and count as 0.
     */
    static String latest(TableMeta t) {
        List<String> k = new ArrayList<>();
        for (ColumnMeta col : t.keyColumns()) {
            k.add(Sql.ident(col.name()));
        }
        return "SELECT " + String.join(", ", k) + ", max(" + TSO + ") AS " + PREV + ", arg_max(coalesce(" + SINCE + ", 0), " + TSO
                + ") AS " + SINCE + " FROM " + name(t) + " GROUP BY ALL";
    }

    /**
     * Summarizes commit {@code tso} of tracked table {@code t} from its change rows: per previous
     * commit of its keys, how many keys and of them how many APPENDs and DELETEs.
     */
    public static void summarize(Connection c, TableMeta t, long tso) {
        Sql.execute(c, "INSERT INTO " + COMMITS + " SELECT " + t.id() + ", " + tso + ", " + PREV + ", count(*), count(*) FILTER ("
                + OP + " = " + APPEND + "), count(*) FILTER (" + OP + " = " + DELETE + ") FROM " + name(t) + " WHERE " + TSO + " = "
                + tso + " AND " + OP + " <> " + UPDATE_BEFORE + " GROUP BY " + PREV);
    }

    public static void addColumn(Connection c, TableMeta t, ColumnMeta col) {
        Sql.execute(c, "ALTER TABLE " + name(t) + " ADD COLUMN " + Sql.ident(col.name()) + " " + DuckTypes.toDuckDb(col.type()));
    }

    /**
     * A dropped column's history stays in the changelog under a name no column can have, so that a
     * column added later under the old name starts with no history rather than another column's.
     */
    public static void retireColumn(Connection c, TableMeta t, String column, long tso) {
        Sql.execute(c, "ALTER TABLE " + name(t) + " RENAME COLUMN " + Sql.ident(column) + " TO "
                + Sql.ident("__dropped_" + tso + "_" + column));
    }

    public static void drop(Connection c, long tableId) {
        Sql.execute(c, "DROP TABLE IF EXISTS " + name(tableId));
        Sql.execute(c, "DELETE FROM " + STATE + " WHERE table_id = " + tableId);
        Sql.execute(c, "DELETE FROM " + MARKERS + " WHERE table_id = " + tableId);
        Sql.execute(c, "DELETE FROM " + COMMITS + " WHERE table_id = " + tableId);
    }

    /**
     * Drops the changelogs of tables that no longer exist (a DROP DATABASE of older versions left
     * them behind): every changelog whose table id is not in {@code tableIds}.
     */
    public static void dropOrphans(Connection c, Set<Long> tableIds) {
        Set<Long> found = new TreeSet<>();
        for (List<Object> r : Sql.rows(c, "SELECT table_name FROM duckdb_tables() WHERE schema_name = ?", Catalog.SYSTEM_SCHEMA)) {
            String name = (String) r.get(0);
            String id = name.startsWith("changelog_") ? name.substring("changelog_".length()) : "";
            if (!id.isEmpty() && id.chars().allMatch(Character::isDigit)) {
                found.add(Long.parseLong(id));
            }
        }
        for (List<Object> r : Sql.rows(c, "SELECT table_id FROM " + STATE)) {
            found.add(((Number) r.get(0)).longValue());
        }
        for (long id : found) {
            if (!tableIds.contains(id)) {
                drop(c, id);
            }
        }
    }

    /** Removes the bookkeeping of {@code tableId}'s commits before {@code cutoff}, with their changes. */
    public static void forgetBefore(Connection c, long tableId, long cutoff) {
        for (String table : List.of(MARKERS, COMMITS)) {
            Sql.execute(c, "DELETE FROM " + table + " WHERE table_id = " + tableId + " AND tso < " + cutoff);
        }
    }

    /** The oldest TSO whose changes are still kept. */
    public static long retainedFrom(Connection c, long tableId) {
        Object v = Sql.scalar(c, "SELECT retained_from FROM " + STATE + " WHERE table_id = " + tableId);
        return v == null ? 0 : ((Number) v).longValue();
    }

    /** Records that a bulk operation removed the history of a partition at {@code tso}. */
    public static void mark(Connection c, ChangelogBounds bounds, long tableId, long tso, long partitionId, String kind) {
        bounds.marked(tableId, tso);
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
