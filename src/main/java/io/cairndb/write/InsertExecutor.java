package io.cairndb.write;

import io.cairndb.analyzer.ConsumedStreams;
import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.analyzer.PartitionResolver;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.TemporaryPartitionTable;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.SequenceColumn;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.engine.Sql;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.sql.tree.Statement;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** INSERT INTO / INSERT OVERWRITE with the semantics of the target's key model and partitions. */
public final class InsertExecutor {
    private InsertExecutor() {
    }

    public static UpdateCount execute(StatementContext ctx, Statement.Insert stmt) {
        ConsumedStreams.lock(ctx, stmt.source());
        return ctx.underWriteLock(stmt.table(), t -> insert(ctx, t, stmt));
    }

    /** Inserts into {@code table}, which the caller has locked or has just created in this transaction. */
    public static UpdateCount insert(StatementContext ctx, TableMeta table, Statement.Insert stmt) {
        if (stmt.temporaryPartitions()) {
            return insertTemporary(ctx, table, stmt);
        }
        List<PartitionMeta> named = stmt.partitions().isEmpty() ? List.of()
                : PartitionResolver.requireAll(table, stmt.partitions());
        List<ColumnMeta> targets = namedOrVisible(ctx, table, stmt.columns());
        boolean partial = PartialUpdate.applies(ctx, table, targets, stmt.overwrite());
        if (!partial) {
            // A partial update keeps the stored sequence value of the rows it changes.
            requireSequence(ctx, table, targets);
        }
        boolean strict = ctx.session().flag("enable_insert_strict");
        String select = InsertSource.rows(ctx, table, targets, stmt.source(), strict, partial);
        try (StagedRows staged = StagedRows.of(ctx.txn().connection(), table, select)) {
            if (partial) {
                PartialUpdate.requireExistingKeys(ctx, table);
            }
            Validated v = validate(ctx, table, named, strict, staged.count(), named.isEmpty());
            TableMeta t = v.table();
            StrictChecks.Filtered filtered = v.filtered();
            LoadLabels.claim(ctx.txn().connection(), t.database(), stmt.label());
            consumeStreams(ctx);
            Set<Integer> touched = PartitionVersions.touchedByStaged(ctx, t, staged.count() - filtered.rows());
            if (stmt.overwrite()) {
                RollupUpkeep.requireNoBuild(t, "INSERT OVERWRITE");
                List<PartitionMeta> cleared = named.isEmpty() ? t.partitioning().partitions() : named;
                String where = named.isEmpty() ? "" : " WHERE " + PartitionPredicates.anyOf(t, named);
                if (ChangeCapture.enabled(t)) {
                    ChangeCapture.bulkRemoval(ctx, t, cleared, "INSERT_OVERWRITE");
                }
                Runnable rollupsAfter = named.isEmpty() ? () -> RollupUpkeep.emptied(ctx, t)
                        : RollupUpkeep.removing(ctx, t, PartitionPredicates.anyOf(t, named));
                Sql.execute(ctx.txn().connection(), "DELETE FROM " + t.duckName() + where);
                rollupsAfter.run();
                for (PartitionMeta p : cleared) {
                    touched.add(t.partitioning().partitions().indexOf(p));
                }
            }
            KeyModelWriter.apply(ctx, t, StagedRows.table(), null, distinctRows(v, staged.count() - filtered.rows()));
            RollupUpkeep.added(ctx, t, StagedRows.table());
            PartitionVersions.bump(ctx, t, touched);
            return new UpdateCount(staged.count() - filtered.rows(), "", filtered.rows(), filtered.reasons(), filtered.rejected());
        }
    }

    /**
     * INSERT INTO t TEMPORARY PARTITION (..): the rows go to the temporary partitions' own DuckDB
     * table, each into the named partition that holds it, with no changelog and no version change of
     * the formal partitions, so no reader of the table sees them.
     */
    private static UpdateCount insertTemporary(StatementContext ctx, TableMeta table, Statement.Insert stmt) {
        if (stmt.overwrite()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "INSERT OVERWRITE does not support temporary partitions");
        }
        TableMeta temporary = TemporaryPartitionTable.of(table);
        List<PartitionMeta> named = PartitionResolver.requireAll(temporary, stmt.partitions());
        List<ColumnMeta> targets = targetColumns(ctx, table, stmt.columns());
        boolean strict = ctx.session().flag("enable_insert_strict");
        String select = InsertSource.rows(ctx, table, targets, stmt.source(), strict, false);
        try (StagedRows staged = StagedRows.of(ctx.txn().connection(), temporary, select)) {
            Validated v = validate(ctx, temporary, named, strict, staged.count(), false);
            StrictChecks.Filtered filtered = v.filtered();
            LoadLabels.claim(ctx.txn().connection(), table.database(), stmt.label());
            consumeStreams(ctx);
            Set<Integer> touched = PartitionVersions.touched(ctx, temporary, StagedRows.table(), null);
            KeyModelWriter.apply(ctx, temporary, StagedRows.table(), null, distinctRows(v, staged.count() - filtered.rows()));
            PartitionVersions.bumpTemporary(ctx, table, touched);
            return new UpdateCount(staged.count() - filtered.rows(), "", filtered.rows(), filtered.reasons(), filtered.rejected());
        }
    }

    /** The {@code rows} rows written, when they have one row per key (a single row has), else -1 (see {@link KeyModelWriter#apply}). */
    private static long distinctRows(Validated v, long rows) {
        return v.oneRowPerKey() || rows <= 1 ? rows : -1;
    }

    /**
     * The table the rows go to (with the AUTO partitions they need), the rows a non-strict INSERT
     * filtered, and whether the rows were found to have one row per key (asked in strict mode, in the
     * checks' scan, of a table that would otherwise consolidate them).
     */
    private record Validated(TableMeta table, StrictChecks.Filtered filtered, boolean oneRowPerKey) {
    }

    /**
     * Checks the staged rows (strict mode: the first bad one fails the statement) or filters the bad
     * ones out (not strict: failing past insert_max_filter_ratio of the {@code total}). Bad values come
     * first, so that AUTO partitions ({@code autoPartitions}) are made only for rows that stay; then
     * rows in no partition, or in none of the {@code named} ones.
     */
    private static Validated validate(StatementContext ctx, TableMeta table, List<PartitionMeta> named, boolean strict,
                                      long total, boolean autoPartitions) {
        Connection c = ctx.txn().connection();
        StrictChecks.Filtered bad = StrictChecks.Filtered.NONE;
        boolean oneRowPerKey = false;
        if (strict) {
            oneRowPerKey = StrictChecks.check(c, table, total > 1 ? KeyModelWriter.oneRowPerKey(table) : null);
        } else {
            bad = StrictChecks.filter(c, table, null, false);
        }
        TableMeta t = autoPartitions ? AutoPartitions.withNeededPartitions(ctx, table, StagedRows.table()) : table;
        if (strict) {
            checkPartitions(ctx, t, named);
            return new Validated(t, StrictChecks.Filtered.NONE, oneRowPerKey);
        }
        String outside = outsidePartitions(t, named);
        StrictChecks.Filtered all = outside == null ? bad : bad.plus(StrictChecks.filter(c, t, outside, true));
        return new Validated(t, all.requireRatio(total, Double.parseDouble(ctx.session().variable("insert_max_filter_ratio"))), false);
    }

    /**
     * The streams the source read are consumed by this INSERT: their offsets move, in its
     * transaction, to what the read could see, before the insert adds changes of its own.
     */
    private static void consumeStreams(StatementContext ctx) {
        for (StreamMeta s : ctx.streamReads().toConsume()) {
            TableMeta base = java.util.Objects.requireNonNull(ctx.catalog().tableById(s.tableDatabase(), s.tableId()));
            StreamOffsets.advance(ctx.txn().connection(), s, base, System.currentTimeMillis());
        }
    }

    private static List<ColumnMeta> targetColumns(StatementContext ctx, TableMeta t, List<String> names) {
        List<ColumnMeta> targets = namedOrVisible(ctx, t, names);
        requireSequence(ctx, t, targets);
        return targets;
    }

    private static List<ColumnMeta> namedOrVisible(StatementContext ctx, TableMeta t, List<String> names) {
        return names.isEmpty() ? HiddenColumns.visible(ctx.session(), t) : namedColumns(t, names);
    }

    private static void requireSequence(StatementContext ctx, TableMeta t, List<ColumnMeta> targets) {
        SequenceColumn seq = SequenceColumn.of(t);
        if (seq != null && targets.stream().noneMatch(c -> c.name().equals(seq.column()))
                && !"CURRENT_TIMESTAMP".equals(t.column(seq.column()).defaultValue())
                && ctx.session().flag("require_sequence_in_insert")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "Table " + t.name() + " has sequence column, need to specify the sequence column");
        }
    }

    private static List<ColumnMeta> namedColumns(TableMeta t, List<String> names) {
        List<ColumnMeta> out = new ArrayList<>();
        Map<String, Boolean> seen = new HashMap<>();
        for (String n : names) {
            ColumnMeta c = t.column(n);
            if (c == null) {
                throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + n + "' in '" + t.name() + "'");
            }
            if (seen.put(c.name().toLowerCase(Locale.ROOT), true) != null) {
                throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Duplicate column name '" + n + "'");
            }
            out.add(c);
        }
        return out;
    }

    /** What a staged row in no partition (or in none of the {@code named} ones) satisfies; null when unpartitioned. */
    private static String outsidePartitions(TableMeta t, List<PartitionMeta> named) {
        if (!t.isPartitioned()) {
            return null;
        }
        return named.isEmpty()
                ? "(" + PartitionPredicates.ordinal(t, null) + ") IS NULL"
                : "NOT coalesce(" + PartitionPredicates.anyOf(t, named) + ", FALSE)";
    }

    private static void checkPartitions(StatementContext ctx, TableMeta t, List<PartitionMeta> named) {
        String outside = outsidePartitions(t, named);
        if (outside == null) {
            return;
        }
        String cols = String.join(", ", t.partitioning().columns().stream().map(Sql::ident).toList());
        List<List<Object>> bad = Sql.rows(ctx.txn().connection(),
                "SELECT " + cols + " FROM " + StagedRows.table() + " WHERE " + outside + " LIMIT 1");
        if (!bad.isEmpty()) {
            throw new CairnException(ErrorCode.NO_PARTITION_FOR_VALUE,
                    "Insert has filtered data in strict mode. Reason: no partition for this tuple. tuple="
                            + bad.get(0));
        }
    }
}
