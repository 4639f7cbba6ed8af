package io.cairndb.write;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;
import io.cairndb.printer.PartitionIds;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QueryBody;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Records a write's row changes in the table's changelog, in the write's transaction and before
 * the base table changes, so that old values are read in the same pass that finds them.
 */
final class ChangeCapture {
    private static final String NEW_ROWS = "temp.__cairn_new_rows";
    /** Prefix of an UPDATE's staged old value of a column (see {@link #stagedColumns}). */
    private static final String OLD = "__old_";
    private static final String PREV = "__prev";
    private static final String SINCE = "__since";

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
     * APPEND. The consolidated rows are kept in a temp table, to be dropped with {@link #dropBatch},
     * and the base table's upsert reads them: its SELECT is returned, the table's columns, then on a
     * tracked table {@link ChangelogTables#ROW_TSO} and {@link ChangelogTables#ROW_SINCE} of a new row
     * (a stored row keeps its SINCE: see {@link KeyModelWriter}). One join of the batch with the base
     * finds the old rows, and one INSERT writes both images: with DuckDB 1.5.2 and
     * preserve_insertion_order, an INSERT adding no rows (no key existed) followed in the transaction
     * by one adding a full row group or more left the new rows invisible until a restart. With the
     * batch's {@code keys} (see {@link KeyModelWriter#apply}) the old rows are looked up by key rather
     * than found by a join that scans the base table.
     */
    static String upserts(StatementContext ctx, TableMeta t, String rows, KeyList keys) {
        Sql.execute(ctx.txn().connection(), "CREATE OR REPLACE TEMP TABLE " + NEW_ROWS.substring("temp.".length()) + " AS SELECT "
                + KeyModelWriter.columnList(t.columns()) + ", row_number() OVER () - 1 AS __rn FROM (" + rows + ")");
        return upsertBatch(ctx, t, NEW_ROWS, keys).rows();
    }

    /**
     * A batch whose changes were captured: the SELECT the base table's write reads, and whether none
     * of its keys was stored (known only on a tracked table, whose capture writes a before image per
     * stored key).
     */
    record Captured(String rows, boolean allNew) {
    }

    /**
     * As {@link #upserts}, for the {@code count} staged rows known to have one row per key
     * ({@code stagedTable}): they are read where they are, in their staged order, with no consolidated copy.
     */
    static Captured upsertsDistinct(StatementContext ctx, TableMeta t, String stagedTable, KeyList keys, long count) {
        // Not rowid: rows a transaction added have row ids far above any stored row's until it commits.
        Batch batch = upsertBatch(ctx, t, "(SELECT *, row_number() OVER () - 1 AS __rn FROM " + stagedTable + ")", keys);
        // One change row per batch row, and one more per stored key (its before image).
        return new Captured(batch.rows(), batch.changeRows() == count);
    }

    /** The SELECT a captured batch's write reads, and how many change rows a tracked table's capture wrote (else -1). */
    private record Batch(String rows, long changeRows) {
    }

    /** {@link #upserts} of {@code batch}: a FROM item of rows with distinct keys, the table's columns and their order {@code __rn}. */
    private static Batch upsertBatch(StatementContext ctx, TableMeta t, String batch, KeyList keys) {
        Connection c = ctx.txn().connection();
        long tso = ctx.commitTso().get();
        boolean tracked = ChangelogTables.tracked(t);
        String newCols = KeyModelWriter.columnList(t.columns());
        List<String> items = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            items.add("n." + Sql.ident(col.name()));
        }
        for (ColumnMeta col : t.columns()) {
            items.add("o." + Sql.ident(col.name()) + " AS " + Sql.ident("__old_" + col.name()));
        }
        String existed = "o." + Sql.ident(t.keyColumns().get(0).name()) + " IS NOT NULL";
        items.add(existed + " AS __existed");
        if (tracked) {
            // The stored row names its key's latest change and since when the key exists; a new key
            // has no previous change to look up (a DELETE before it is found when reading) and exists
            // from this commit.
            items.add("coalesce(o." + ChangelogTables.ROW_TSO + ", 0) AS __prev");
            items.add("CASE WHEN " + existed + " THEN o." + ChangelogTables.ROW_SINCE + " ELSE " + tso + " END AS __since");
        }
        String joined = "SELECT " + String.join(", ", items) + ", n.__rn FROM " + batch + " AS n LEFT JOIN " + rowsOf(t.duckName(), keys)
                + " AS o ON " + KeyModelWriter.keysEqual(t, "n", "o");
        String pid = PartitionIds.of(t, null);
        if (!tracked) {
            // Without before images (on a keyed table, exactly when it is not tracked) each batch row gives its after image.
            Sql.execute(c, ChangelogTables.insertInto(t) + "SELECT CASE WHEN __existed THEN " + ChangelogTables.UPDATE_AFTER + " ELSE "
                    + ChangelogTables.APPEND + " END, " + tso + ", __rn * 2 + 1, " + pid + ", " + newCols + " FROM (" + joined + ")");
            return new Batch("SELECT " + newCols + " FROM " + batch, -1);
        }
        // Each batch row gives its before image (the old values) when the key existed, and its
        // after image; partition ids are computed on each image's own values.
        List<String> images = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            images.add("CASE WHEN __after THEN " + Sql.ident(col.name()) + " ELSE " + Sql.ident("__old_" + col.name()) + " END AS "
                    + Sql.ident(col.name()));
        }
        String changes = "SELECT " + String.join(", ", images) + ", __existed, __rn, __after, __prev, __since FROM __joined"
                + " CROSS JOIN (VALUES (false), (true)) AS i(__after) WHERE __after OR __existed";
        long written = Sql.execute(c, ChangelogTables.insertTracked(t) + "WITH __joined AS MATERIALIZED (" + joined + ") SELECT CASE "
                + "WHEN NOT __after THEN "
                + ChangelogTables.UPDATE_BEFORE + " WHEN __existed THEN " + ChangelogTables.UPDATE_AFTER + " ELSE " + ChangelogTables.APPEND
                + " END, " + tso + ", __rn * 2 + CAST(__after AS INTEGER), " + pid + ", " + newCols + ", __prev, __since FROM (" + changes
                + ")");
        ChangelogTables.summarize(c, t, tso);
        return new Batch("SELECT " + newCols + ", " + tso + " AS " + ChangelogTables.ROW_TSO + ", " + tso + " AS "
                + ChangelogTables.ROW_SINCE + " FROM " + batch, written);
    }

    /**
     * The staged rows of an UPDATE ({@code staged}), one per stored row it changes, each with the row's
     * old values ({@link #staged}): without before images, each row's after image (UPDATE_AFTER); with
     * them, its before and after images, and the row's latest change and since when its key exists.
     * Every key existed, and the old values came with the new ones, so no stored row is read again.
     * Returns the SELECT that the base table's upsert reads, as {@link #upserts} does.
     */
    static String updates(StatementContext ctx, TableMeta t, String staged) {
        Connection c = ctx.txn().connection();
        long tso = ctx.commitTso().get();
        String newCols = KeyModelWriter.columnList(t.columns());
        String pid = PartitionIds.of(t, null);
        if (!ChangelogTables.tracked(t)) {
            Sql.execute(c, ChangelogTables.insertInto(t) + "SELECT " + ChangelogTables.UPDATE_AFTER + ", " + tso
                    + ", (row_number() OVER () - 1) * 2 + 1, " + pid + ", " + newCols + " FROM " + staged);
            return "SELECT " + newCols + " FROM " + staged;
        }
        List<String> images = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            String name = Sql.ident(col.name());
            images.add(col.key() ? name : "CASE WHEN __after THEN " + name + " ELSE " + Sql.ident(OLD + col.name()) + " END AS " + name);
        }
        String changes = "SELECT " + String.join(", ", images) + ", __rn, __after, " + PREV + ", " + SINCE + " FROM (SELECT *, "
                + "row_number() OVER () - 1 AS __rn FROM " + staged + ") CROSS JOIN (VALUES (false), (true)) AS i(__after)";
        Sql.execute(c, ChangelogTables.insertTracked(t) + "SELECT CASE WHEN __after THEN " + ChangelogTables.UPDATE_AFTER + " ELSE "
                + ChangelogTables.UPDATE_BEFORE + " END, " + tso + ", __rn * 2 + CAST(__after AS INTEGER), " + pid + ", " + newCols
                + ", coalesce(" + PREV + ", 0), " + SINCE + " FROM (" + changes + ")");
        ChangelogTables.summarize(c, t, tso);
        return "SELECT " + newCols + ", " + tso + " AS " + ChangelogTables.ROW_TSO + ", " + tso + " AS " + ChangelogTables.ROW_SINCE
                + " FROM " + staged;
    }

    /**
     * The columns an UPDATE stages after {@code t}'s own when it records its changes: each value
     * column's old value, and on a tracked table the row's latest change and since when its key exists.
     * Each is {@code name type} then, as {@link #staged}'s items name them.
     */
    static List<String> stagedColumns(TableMeta t) {
        List<String> columns = new ArrayList<>();
        for (ColumnMeta col : t.valueColumns()) {
            columns.add(Sql.ident(OLD + col.name()) + " " + DuckTypes.toDuckDb(col.type()));
        }
        if (ChangelogTables.tracked(t)) {
            columns.add(PREV + " BIGINT");
            columns.add(SINCE + " BIGINT");
        }
        return columns;
    }

    /**
     * The select items of {@link #stagedColumns} over the stored row {@code alias} (a query bound with
     * the row columns, see {@code QueryTranslator#translateWithRowColumns}).
     */
    static List<QueryBody.SelectItem> staged(TableMeta t, String alias) {
        List<QueryBody.SelectItem> items = new ArrayList<>();
        for (ColumnMeta col : t.valueColumns()) {
            items.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(alias, col.name())), OLD + col.name()));
        }
        if (ChangelogTables.tracked(t)) {
            items.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(alias, ChangelogTables.ROW_TSO)), PREV));
            items.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(alias, ChangelogTables.ROW_SINCE)), SINCE));
        }
        return items;
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
     * on a tracked table also with their keys' previous changes, which the rows name.
     */
    static void deletes(StatementContext ctx, TableMeta t, String where) {
        Connection c = ctx.txn().connection();
        long tso = ctx.commitTso().get();
        boolean tracked = ChangelogTables.tracked(t);
        Sql.execute(c, (tracked ? ChangelogTables.insertTracked(t) : ChangelogTables.insertInto(t)) + "SELECT " + ChangelogTables.DELETE
                + ", " + tso + ", row_number() OVER () - 1, " + PartitionIds.of(t, null) + ", " + KeyModelWriter.columnList(t.columns())
                + (tracked ? ", " + ChangelogTables.ROW_TSO + ", " + ChangelogTables.ROW_SINCE : "") + " FROM " + t.duckName()
                + " WHERE " + where);
        if (tracked) {
            ChangelogTables.summarize(c, t, tso);
        }
    }

    /** A bulk removal of partitions' rows (TRUNCATE, INSERT OVERWRITE, DROP PARTITION): one marker each. */
    static void bulkRemoval(StatementContext ctx, TableMeta t, List<PartitionMeta> parts, String kind) {
        long tso = ctx.commitTso().get();
        for (PartitionMeta p : parts) {
            ChangelogTables.mark(ctx.txn().connection(), ctx.changelogBounds(), t.id(), tso, p.id(), kind);
        }
    }
}
