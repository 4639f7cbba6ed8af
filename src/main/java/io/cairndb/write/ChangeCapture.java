package io.cairndb.write;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.Sql;
import io.cairndb.printer.PartitionIds;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Records a write's row changes in the table's changelog, in the write's transaction and before
 * the base table changes, so that old values are read in the same pass that finds them.
 */
final class ChangeCapture {
    private static final String NEW_ROWS = "temp.__cairn_new_rows";
    /**
     * The latest changes of a write's existing keys, looked up in the changelog: a CTE
     * materialized apart, as with DuckDB 1.5.2 a join over the grouped lookup can lose rows to a
     * join filter pushed down before it is built (duckdb#22075).
     */
    private static final String LATEST = "__latest";

    private ChangeCapture() {
    }

    static boolean enabled(TableMeta t) {
        return ChangelogConfig.of(t).enabled();
    }

    /** New rows of a DUPLICATE table: every staged row is an APPEND. */
    static void appends(StatementContext ctx, TableMeta t, String staged) {
        long tso = ctx.commitTso().get();
        String cols = KeyModelWriter.columnList(t.columns());
        Sql.execute(ctx.txn().connection(), ChangelogTables.insertInto(t) + "SELECT " + ChangelogTables.APPEND
                + ", " + tso + ", row_number() OVER () - 1, " + PartitionIds.of(t, null) + ", " + cols + " FROM " + staged);
    }

    /**
     * New rows of a keyed table, consolidated by key ({@code rows} is a SELECT): a key that exists
     * already gives UPDATE_BEFORE (when historical values are kept) and UPDATE_AFTER, a new key an
     * APPEND. The consolidated rows are kept in a temp table, returned for the base table's upsert
     * (so the batch is consolidated once), to be dropped with {@link #dropBatch}. One join of the
     * batch with the base finds the old rows, and one INSERT writes both images: with DuckDB 1.5.2
     * and preserve_insertion_order, an INSERT adding no rows (no key existed) followed in the
     * transaction by one adding a full row group or more left the new rows invisible until a restart.
     * With the batch's {@code keys} (see {@link KeyModelWriter#apply}) the old rows are looked up by
     * key rather than found by a join that scans the base table.
     */
    static String upserts(StatementContext ctx, TableMeta t, String rows, KeyList keys) {
        Connection c = ctx.txn().connection();
        long tso = ctx.commitTso().get();
        String base = t.duckName();
        String newCols = KeyModelWriter.columnList(t.columns());
        Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + NEW_ROWS.substring("temp.".length()) + " AS SELECT " + newCols
                + ", row_number() OVER () - 1 AS __rn FROM (" + rows + ")");
        List<String> items = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            items.add("n." + Sql.ident(col.name()));
        }
        List<String> old = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            old.add("o." + Sql.ident(col.name()) + " AS " + Sql.ident("__old_" + col.name()));
        }
        String existed = "o." + Sql.ident(t.keyColumns().get(0).name()) + " IS NOT NULL AS __existed";
        String pid = PartitionIds.of(t, null);
        String joined = "SELECT " + String.join(", ", items) + ", " + String.join(", ", old) + ", " + existed
                + ", n.__rn FROM " + NEW_ROWS + " AS n LEFT JOIN " + rowsOf(base, keys) + " AS o ON "
                + KeyModelWriter.keysEqual(t, "n", "o");
        if (!ChangelogConfig.of(t).needHistoricalValue()) {
            // Without before images neither the old values nor the previous changes are needed.
            Sql.execute(c, ChangelogTables.insertInto(t) + "SELECT CASE WHEN __existed THEN " + ChangelogTables.UPDATE_AFTER + " ELSE "
                    + ChangelogTables.APPEND + " END, " + tso + ", __rn * 2 + 1, " + pid + ", " + newCols + " FROM (" + joined + ")");
            return NEW_ROWS;
        }
        // With before images the table is tracked (see ChangelogTables): an existing key's latest
        // change gives its previous change and since when it exists; a new key has no previous
        // change to look up (a DELETE before it is found when reading) and exists from this commit.
        // Each batch row gives its before image (the old values) when the key existed, and its
        // after image; partition ids are computed on each image's own values.
        List<String> images = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            images.add("CASE WHEN __after THEN j." + Sql.ident(col.name()) + " ELSE j." + Sql.ident("__old_" + col.name()) + " END AS "
                    + Sql.ident(col.name()));
        }
        String latest = ChangelogTables.latest(t, "SELECT " + KeyModelWriter.columnList(t.keyColumns()) + " FROM __joined WHERE __existed");
        String changes = "SELECT " + String.join(", ", images) + ", j.__existed, j.__rn, i.__after, coalesce(p." + ChangelogTables.PREV
                + ", 0) AS __prev, CASE WHEN j.__existed THEN coalesce(p." + ChangelogTables.SINCE + ", 0) ELSE " + tso + " END AS __since "
                + "FROM __joined AS j LEFT JOIN " + LATEST + " AS p ON " + KeyModelWriter.keysEqual(t, "j", "p")
                + " CROSS JOIN (VALUES (false), (true)) AS i(__after) WHERE i.__after OR j.__existed";
        Sql.execute(c, ChangelogTables.insertTracked(t) + "WITH __joined AS MATERIALIZED (" + joined + "), " + LATEST
                + " AS MATERIALIZED (" + latest + ") SELECT CASE WHEN NOT __after THEN " + ChangelogTables.UPDATE_BEFORE
                + " WHEN __existed THEN " + ChangelogTables.UPDATE_AFTER + " ELSE " + ChangelogTables.APPEND + " END, " + tso
                + ", __rn * 2 + CAST(__after AS INTEGER), " + pid + ", " + newCols + ", __prev, __since FROM (" + changes + ")");
        ChangelogTables.summarize(c, t, tso);
        return NEW_ROWS;
    }

    /** The rows of {@code table} with one of {@code keys}, as a FROM item; all of them when {@code keys} is null. */
    private static String rowsOf(String table, KeyList keys) {
        return keys == null ? table : "(SELECT * FROM " + table + " WHERE " + keys.condition(null) + ")";
    }

    static void dropBatch(StatementContext ctx) {
        Sql.execute(ctx.txn().connection(), "DROP TABLE IF EXISTS " + NEW_ROWS);
    }

    /**
     * Rows about to be deleted ({@code where} over the base table): DELETE with their old values;
     * on a tracked table also with their keys' previous changes.
     */
    static void deletes(StatementContext ctx, TableMeta t, String where) {
        Connection c = ctx.txn().connection();
        long tso = ctx.commitTso().get();
        String cols = KeyModelWriter.columnList(t.columns());
        String rows = "SELECT " + cols + " FROM " + t.duckName() + " WHERE " + where;
        String head = "SELECT " + ChangelogTables.DELETE + ", " + tso + ", row_number() OVER () - 1, " + PartitionIds.of(t, null)
                + ", " + cols;
        if (!ChangelogTables.tracked(t)) {
            Sql.execute(c, ChangelogTables.insertInto(t) + head + " FROM (" + rows + ")");
            return;
        }
        List<String> dCols = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            dCols.add("d." + Sql.ident(col.name()));
        }
        String latest = ChangelogTables.latest(t, "SELECT " + KeyModelWriter.columnList(t.keyColumns()) + " FROM __deleted");
        Sql.execute(c, ChangelogTables.insertTracked(t) + "WITH __deleted AS MATERIALIZED (" + rows + "), " + LATEST + " AS MATERIALIZED ("
                + latest + ") " + head + ", __prev, __since FROM (SELECT " + String.join(", ", dCols) + ", coalesce(p." + ChangelogTables.PREV
                + ", 0) AS __prev, coalesce(p." + ChangelogTables.SINCE + ", 0) AS __since FROM __deleted AS d LEFT JOIN " + LATEST
                + " AS p ON " + KeyModelWriter.keysEqual(t, "d", "p") + ")");
        ChangelogTables.summarize(c, t, tso);
    }

    /** A bulk removal of partitions' rows (TRUNCATE, INSERT OVERWRITE, DROP PARTITION): one marker each. */
    static void bulkRemoval(StatementContext ctx, TableMeta t, List<PartitionMeta> parts, String kind) {
        long tso = ctx.commitTso().get();
        for (PartitionMeta p : parts) {
            ChangelogTables.mark(ctx.txn().connection(), t.id(), tso, p.id(), kind);
        }
    }
}
