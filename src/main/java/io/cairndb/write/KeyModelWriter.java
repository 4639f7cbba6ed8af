package io.cairndb.write;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.SequenceColumn;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies staged rows to a table by its key model. DuckDB's ON CONFLICT keeps only the first of
 * several rows with one key in a statement, so the batch is consolidated by key first: last row
 * wins for UNIQUE/PRIMARY KEY, value columns merged by aggregation type for AGGREGATE KEY.
 */
final class KeyModelWriter {
    private static final String BATCH = "__cairn_key_batch";
    /** The merged rows' keys of a captured AGGREGATE KEY write (apart from {@link #BATCH}, which a merge may use). */
    private static final String MERGED = "__cairn_merged_batch";

    private KeyModelWriter() {
    }

    /**
     * Applies the staged rows, recording them in the changelog first when the table has one.
     * {@code keys} are the staged rows' keys, for rows that are few and should exist (an UPDATE's):
     * the capture then looks their stored rows up by key rather than joining. Null for an INSERT:
     * its new keys, typically above the stored ones, are pruned from a join by the base table's
     * zone maps, where a key list costs its parse and index lookups. {@code distinctRows}: how many
     * staged rows there are when they are known to have one row per key (a single row, say), so that
     * they need no consolidation; else -1.
     */
    static void apply(StatementContext ctx, TableMeta t, String stagedTable, KeyList keys, long distinctRows) {
        Connection c = ctx.txn().connection();
        String target = t.duckName();
        String cols = columnList(t.columns());
        boolean capture = ChangeCapture.enabled(t);
        switch (t.keyModel()) {
            case DUPLICATE -> {
                if (capture) {
                    ChangeCapture.appends(ctx, t, stagedTable);
                }
                Sql.execute(c, "INSERT INTO " + target + " (" + cols + ") SELECT " + cols + " FROM " + stagedTable);
            }
            case UNIQUE, PRIMARY -> {
                // A sequence column may keep a stored row over a staged one: that takes the consolidation's join.
                boolean asStaged = distinctRows >= 0 && SequenceColumn.of(t) == null;
                if (capture && asStaged) {
                    ChangeCapture.Captured captured = ChangeCapture.upsertsDistinct(ctx, t, stagedTable, keys, distinctRows);
                    if (captured.allNew() && !t.hasNullableKey()) {
                        // No key was stored: a plain INSERT, half the cost of one that resolves conflicts.
                        Sql.execute(c, "INSERT INTO " + target + " (" + written(t) + ") " + captured.rows());
                    } else {
                        upsert(c, t, target, captured.rows());
                    }
                } else if (capture) {
                    // The capture consolidates the batch once; the upsert reads its result.
                    upsert(c, t, target, ChangeCapture.upserts(ctx, t, lastRowPerKey(t, stagedTable), keys));
                    ChangeCapture.dropBatch(ctx);
                } else {
                    upsert(c, t, target, asStaged ? "SELECT " + cols + " FROM " + stagedTable : lastRowPerKey(t, stagedTable));
                }
            }
            case AGGREGATE -> {
                if (capture) {
                    mergeCaptured(ctx, t, target, aggregatedPerKey(t, stagedTable));
                } else {
                    merge(c, t, target, aggregatedPerKey(t, stagedTable));
                }
            }
        }
    }

    /**
     * A boolean aggregate over staged rows of {@code t} that says they have one row per key, when
     * {@code t} would otherwise consolidate them by key (a UNIQUE or PRIMARY KEY table without a
     * sequence column); else null. A NULL key counts as a repeat, which only costs the consolidation.
     */
    static String oneRowPerKey(TableMeta t) {
        if (!t.keyModel().upserts() || SequenceColumn.of(t) != null) {
            return null;
        }
        String keys = columnList(t.keyColumns());
        return "count(*) = count(DISTINCT " + (t.keyColumns().size() == 1 ? keys : "(" + keys + ")") + ")";
    }

    /**
     * Applies an UPDATE's staged rows ({@code stagedRows} of them) to a UNIQUE or PRIMARY KEY table
     * without a sequence column: one per stored row the UPDATE changes, so no consolidation by key;
     * with a changelog, each staged with its old values ({@link ChangeCapture#stagedColumns}), which
     * the capture records. {@code named}: keys that include every staged row's (null: read them from the
     * staged rows); {@code assigned}: the columns the UPDATE sets (lower case), the only ones a stored row
     * changes (DuckDB's cost of an UPDATE grows with each column it writes).
     */
    static void update(StatementContext ctx, TableMeta t, String stagedTable, long stagedRows, KeyList named,
                       java.util.Set<String> assigned) {
        Connection c = ctx.txn().connection();
        String rows = ChangeCapture.enabled(t) ? ChangeCapture.updates(ctx, t, stagedTable)
                : "SELECT " + columnList(t.columns()) + " FROM " + stagedTable;
        // Past MAX_KEYS DuckDB no longer looks the keys up in the index, and the upsert costs less.
        KeyList keys = named != null && named.size() <= KeyList.MAX_KEYS ? named : KeyList.ofStaged(c, t, stagedTable, stagedRows);
        if (keys == null) {
            upsert(c, t, t.duckName(), rows);
            return;
        }
        // Every key is stored: an UPDATE by the constant key list finds the rows in the primary key's
        // index, where ON CONFLICT .. DO UPDATE costs more the larger the table (4x at 10M rows).
        List<String> sets = storedRowAssignments(t, "s", col -> assigned.contains(col.name().toLowerCase(java.util.Locale.ROOT)));
        Sql.execute(c, "UPDATE " + t.duckName() + " AS o SET " + String.join(", ", sets) + " FROM (" + rows + ") AS s WHERE "
                + keysEqual(t, "o", "s") + " AND " + keys.condition("o"));
    }

    /**
     * One row per key: the last, or with a sequence column the one with the largest sequence value
     * (the last of equals); then without the keys whose stored row has a larger sequence value.
     */
    private static String lastRowPerKey(TableMeta t, String staged) {
        String cols = columnList(t.columns());
        SequenceColumn seq = SequenceColumn.of(t);
        String order = seq == null ? "rowid DESC" : Sql.ident(seq.column()) + " DESC NULLS LAST, rowid DESC";
        String rows = "SELECT " + cols + " FROM (SELECT *, row_number() OVER (PARTITION BY " + columnList(t.keyColumns())
                + " ORDER BY " + order + ") AS __rn FROM " + staged + ") WHERE __rn = 1";
        if (seq == null) {
            return rows;
        }
        String n = "n." + Sql.ident(seq.column());
        String o = "o." + Sql.ident(seq.column());
        return "SELECT n.* FROM (" + rows + ") AS n ANTI JOIN " + t.duckName() + " AS o ON " + keysEqual(t, "n", "o")
                + " AND " + o + " IS NOT NULL AND (" + n + " IS NULL OR " + n + " < " + o + ")";
    }

    /**
     * The join condition of two rows with one key; NULL matches NULL in a nullable key column,
     * which is a key value as in Doris.
     */
    static String keysEqual(TableMeta t, String left, String right) {
        List<String> on = new ArrayList<>();
        for (ColumnMeta k : t.keyColumns()) {
            String op = k.nullable() ? " IS NOT DISTINCT FROM " : " = ";
            on.add(left + "." + Sql.ident(k.name()) + op + right + "." + Sql.ident(k.name()));
        }
        return String.join(" AND ", on);
    }

    /**
     * What a stored row takes from its new version, the row {@code from}: its value columns that may have
     * {@code changed}, and on a tracked table its latest change (this one); its key has existed since it
     * was first stored.
     */
    private static List<String> storedRowAssignments(TableMeta t, String from, java.util.function.Predicate<ColumnMeta> changed) {
        List<String> sets = new ArrayList<>();
        for (ColumnMeta v : t.valueColumns()) {
            if (!changed.test(v)) {
                continue;
            }
            sets.add(Sql.ident(v.name()) + " = " + from + "." + Sql.ident(v.name()));
        }
        if (ChangelogTables.tracked(t)) {
            sets.add(ChangelogTables.ROW_TSO + " = " + from + "." + ChangelogTables.ROW_TSO);
        }
        return sets;
    }

    /** Writes one row per key ({@code rows}: the columns {@link #written} names). */
    private static void upsert(Connection c, TableMeta t, String target, String rows) {
        if (t.hasNullableKey()) {
            replaceByKey(c, t, rows);
            return;
        }
        List<String> sets = storedRowAssignments(t, "excluded", col -> true);
        String action = sets.isEmpty() ? "DO NOTHING" : "DO UPDATE SET " + String.join(", ", sets);
        Sql.execute(c, "INSERT INTO " + target + " (" + written(t) + ") " + rows + " ON CONFLICT (" + columnList(t.keyColumns()) + ") "
                + action);
    }

    /**
     * The columns an upsert of {@code t} writes: its own, then on a tracked table the hidden row
     * columns (see {@link ChangeCapture#upserts}).
     */
    private static String written(TableMeta t) {
        String columns = columnList(t.columns());
        return ChangelogTables.tracked(t) ? columns + ", " + ChangelogTables.ROW_TSO + ", " + ChangelogTables.ROW_SINCE : columns;
    }

    /**
     * One row per key of {@code staged} (a FROM item with {@code t}'s columns), its value columns merged
     * by their aggregation and cast to their types.
     */
    static String aggregatedPerKey(TableMeta t, String staged) {
        List<String> items = new ArrayList<>();
        for (ColumnMeta k : t.keyColumns()) {
            items.add(Sql.ident(k.name()));
        }
        for (ColumnMeta v : t.valueColumns()) {
            String col = Sql.ident(v.name());
            String agg = switch (v.aggregation()) {
                case SUM -> "sum(" + col + ")";
                case MAX -> "max(" + col + ")";
                case MIN -> "min(" + col + ")";
                case REPLACE -> "arg_max(" + col + ", rowid)";
                case REPLACE_IF_NOT_NULL -> "arg_max(" + col + ", rowid) FILTER (WHERE " + col + " IS NOT NULL)";
                case BITMAP_UNION, HLL_UNION -> "list_sort(list_distinct(flatten(list(" + col + "))))";
                case GENERIC -> io.cairndb.printer.AggregateStates.unionOf(v.type(), col);
            };
            // sum() of an integer column widens to HUGEINT; the table's type is the contract.
            items.add("CAST(" + agg + " AS " + io.cairndb.printer.DuckTypes.toDuckDb(v.type()) + ") AS " + col);
        }
        return "SELECT " + String.join(", ", items) + " FROM " + staged + " GROUP BY " + columnList(t.keyColumns());
    }

    /**
     * Without a primary key (a nullable key column) there is no ON CONFLICT: the batch, one row per
     * key, replaces the stored rows of its keys.
     */
    private static void replaceByKey(Connection c, TableMeta t, String rows) {
        Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + BATCH + " AS " + rows);
        try {
            Sql.execute(c, "DELETE FROM " + t.duckName() + " AS o USING temp." + BATCH + " AS n WHERE " + keysEqual(t, "n", "o"));
            Sql.execute(c, "INSERT INTO " + t.duckName() + " (" + columnList(t.columns()) + ") SELECT " + columnList(t.columns())
                    + " FROM temp." + BATCH);
        } finally {
            Sql.execute(c, "DROP TABLE IF EXISTS temp." + BATCH);
        }
    }

    /**
     * A merge recorded in the changelog as its effect on the merged rows: each key's stored row, if
     * any, as a DELETE and its merged row as an APPEND. An IVM MV over the table then reads the rows
     * the table holds, whatever it computes from them (not only roll-ups of the raw rows written).
     */
    private static void mergeCaptured(StatementContext ctx, TableMeta t, String target, String rows) {
        Connection c = ctx.txn().connection();
        Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + MERGED + " AS " + rows);
        try {
            List<String> same = new ArrayList<>();
            for (ColumnMeta k : t.keyColumns()) {
                same.add("b." + Sql.ident(k.name()) + " IS NOT DISTINCT FROM " + target + "." + Sql.ident(k.name()));
            }
            String ofBatch = "EXISTS (SELECT 1 FROM temp." + MERGED + " AS b WHERE " + String.join(" AND ", same) + ")";
            ChangeCapture.deletes(ctx, t, ofBatch);
            merge(c, t, target, "SELECT * FROM temp." + MERGED);
            ChangeCapture.appends(ctx, t, "(SELECT * FROM " + target + " WHERE " + ofBatch + ")");
        } finally {
            Sql.execute(c, "DROP TABLE IF EXISTS temp." + MERGED);
        }
    }

    /** Merges one aggregated row per key into the table's row of that key, by each value column's aggregation. */
    private static void merge(Connection c, TableMeta t, String target, String rows) {
        if (t.hasNullableKey()) {
            // The stored row, if any, joins its batch row; the merged rows then replace them.
            List<String> items = new ArrayList<>();
            for (ColumnMeta k : t.keyColumns()) {
                items.add("n." + Sql.ident(k.name()));
            }
            for (ColumnMeta v : t.valueColumns()) {
                String col = Sql.ident(v.name());
                items.add("CASE WHEN o.__stored THEN " + merged(v, "o." + col, "n." + col) + " ELSE n." + col + " END AS " + col);
            }
            replaceByKey(c, t, "SELECT " + String.join(", ", items) + " FROM (" + rows + ") AS n LEFT JOIN (SELECT *, TRUE AS __stored FROM "
                    + target + ") AS o ON " + keysEqual(t, "n", "o"));
            return;
        }
        List<String> sets = new ArrayList<>();
        for (ColumnMeta v : t.valueColumns()) {
            String col = Sql.ident(v.name());
            // Unqualified names in DO UPDATE refer to the stored row.
            sets.add(col + " = " + merged(v, col, "excluded." + col));
        }
        String action = sets.isEmpty() ? "DO NOTHING" : "DO UPDATE SET " + String.join(", ", sets);
        Sql.execute(c, "INSERT INTO " + target + " (" + columnList(t.columns()) + ") " + rows
                + " ON CONFLICT (" + columnList(t.keyColumns()) + ") " + action);
    }

    /** The value of {@code v} after merging a new value into the stored one by its aggregation type. */
    private static String merged(ColumnMeta v, String old, String neu) {
        return switch (v.aggregation()) {
            case SUM -> "CASE WHEN " + neu + " IS NULL THEN " + old + " WHEN " + old + " IS NULL THEN " + neu
                    + " ELSE " + old + " + " + neu + " END";
            case MAX -> "greatest(" + old + ", " + neu + ")";
            case MIN -> "least(" + old + ", " + neu + ")";
            case REPLACE -> neu;
            case REPLACE_IF_NOT_NULL -> "coalesce(" + neu + ", " + old + ")";
            case BITMAP_UNION, HLL_UNION -> "list_sort(list_distinct(list_concat(" + old + ", " + neu + ")))";
            case GENERIC -> io.cairndb.printer.AggregateStates.combine(v.type(), old, neu);
        };
    }

    static String columnList(List<ColumnMeta> columns) {
        List<String> names = new ArrayList<>();
        for (ColumnMeta c : columns) {
            names.add(Sql.ident(c.name()));
        }
        return String.join(", ", names);
    }
}
