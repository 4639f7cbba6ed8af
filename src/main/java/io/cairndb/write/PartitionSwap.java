package io.cairndb.write;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.printer.PartitionPredicates;

import java.util.List;

/**
 * The rows of ALTER TABLE .. REPLACE PARTITION: the replaced formal partitions' rows go and the
 * temporary partitions' rows become formal rows, in the statement's transaction. For the changelog
 * this is a bulk removal of each replaced partition followed by the new rows, as INSERT OVERWRITE.
 */
public final class PartitionSwap {
    private PartitionSwap() {
    }

    /**
     * Moves the rows. {@code before} is the table as it was, {@code after} as it will be (the new
     * formal partitions in place); {@code temporary} is {@code TemporaryPartitionTable.of(before)}
     * and {@code incoming} its partitions that become formal.
     */
    public static void moveRows(StatementContext ctx, TableMeta before, TableMeta after, List<PartitionMeta> replaced,
                                TableMeta temporary, List<PartitionMeta> incoming) {
        RollupUpkeep.requireNoBuild(before, "REPLACE PARTITION");
        if (ChangeCapture.enabled(before)) {
            ChangeCapture.bulkRemoval(ctx, before, replaced, "REPLACE_PARTITION");
        }
        Sql.execute(ctx.txn().connection(), "DELETE FROM " + before.duckName() + " WHERE "
                + PartitionPredicates.anyOf(before, replaced));
        String rows = "SELECT " + KeyModelWriter.columnList(temporary.columns()) + " FROM " + temporary.duckName()
                + " WHERE " + PartitionPredicates.anyOf(temporary, incoming);
        try (StagedRows staged = StagedRows.of(ctx.txn().connection(), after, rows)) {
            // Partition columns are key columns, so no remaining formal row shares a key with these.
            KeyModelWriter.apply(ctx, after, StagedRows.table(), null, -1);
        }
        RollupUpkeep.rederiveAll(ctx, after);
    }
}
