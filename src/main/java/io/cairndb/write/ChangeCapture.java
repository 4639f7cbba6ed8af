package io.cairndb.write;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.Sql;
import io.cairndb.printer.PartitionIds;

import java.util.ArrayList;
import java.util.List;

/**
 * Records a write's row changes in the table's changelog, in the write's transaction and before
 * the base table changes, so that old values are read in the same pass that finds them.
 */
final class ChangeCapture {
    private static final String BATCH = "temp.__cairn_changes";
    private static final String NEW_ROWS = "temp.__cairn_new_rows";

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
     * batch with the base finds the old rows.
     * Both images go in by one INSERT: with DuckDB 1.5.2 and preserve_insertion_order, an INSERT
     * adding no rows (no key existed) followed in the transaction by one adding a full row group
     * or more left the new rows invisible until a restart.
     */
    static String upserts(StatementContext ctx, TableMeta t, String rows) {
        var c = ctx.txn().connection();
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
        List<String> on = new ArrayList<>();
        for (ColumnMeta k : t.keyColumns()) {
            on.add("n." + Sql.ident(k.name()) + " = o." + Sql.ident(k.name()));
        }
        String existed = "o." + Sql.ident(t.keyColumns().get(0).name()) + " IS NOT NULL AS __existed";
        String pid = PartitionIds.of(t, null);
        String joined = "SELECT " + String.join(", ", items) + ", " + String.join(", ", old) + ", " + existed
                + ", n.__rn FROM " + NEW_ROWS + " AS n LEFT JOIN " + base + " AS o ON " + String.join(" AND ", on);
        String after = "SELECT CASE WHEN __existed THEN " + ChangelogTables.UPDATE_AFTER + " ELSE " + ChangelogTables.APPEND
                + " END, " + tso + ", __rn * 2 + 1, " + pid + ", " + newCols + " FROM ";
        if (!ChangelogConfig.of(t).needHistoricalValue()) {
            // Without before images the old values are not needed: one pass, no intermediate table.
            Sql.execute(c, ChangelogTables.insertInto(t) + after + "(" + joined + ")");
            return NEW_ROWS;
        }
        Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + BATCH.substring("temp.".length()) + " AS " + joined);
        List<String> oldCols = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            oldCols.add(Sql.ident("__old_" + col.name()) + " AS " + Sql.ident(col.name()));
        }
        // Partition ids are computed on the old values, renamed back to the column names.
        String before = "SELECT " + ChangelogTables.UPDATE_BEFORE + ", " + tso + ", __rn * 2, " + pid + ", " + newCols
                + " FROM (SELECT " + String.join(", ", oldCols) + ", __rn FROM " + BATCH + " WHERE __existed)";
        // One INSERT for both images (see the note on empty inserts above).
        Sql.execute(c, ChangelogTables.insertInto(t) + before + " UNION ALL " + after + BATCH);
        Sql.execute(c, "DROP TABLE " + BATCH);
        return NEW_ROWS;
    }

    static void dropBatch(StatementContext ctx) {
        Sql.execute(ctx.txn().connection(), "DROP TABLE IF EXISTS " + NEW_ROWS);
    }

    /** Rows about to be deleted ({@code where} over the base table): DELETE with their old values. */
    static void deletes(StatementContext ctx, TableMeta t, String where) {
        long tso = ctx.commitTso().get();
        String cols = KeyModelWriter.columnList(t.columns());
        Sql.execute(ctx.txn().connection(), ChangelogTables.insertInto(t) + "SELECT " + ChangelogTables.DELETE
                + ", " + tso + ", row_number() OVER () - 1, " + PartitionIds.of(t, null) + ", " + cols + " FROM "
                + t.duckName() + " WHERE " + where);
    }

    /** A bulk removal of partitions' rows (TRUNCATE, INSERT OVERWRITE, DROP PARTITION): one marker each. */
    static void bulkRemoval(StatementContext ctx, TableMeta t, List<PartitionMeta> parts, String kind) {
        long tso = ctx.commitTso().get();
        for (PartitionMeta p : parts) {
            ChangelogTables.mark(ctx.txn().connection(), t.id(), tso, p.id(), kind);
        }
    }
}
