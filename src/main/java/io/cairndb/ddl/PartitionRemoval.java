package io.cairndb.ddl;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.Sql;
import io.cairndb.write.RollupUpkeep;
import io.cairndb.printer.PartitionPredicates;

import java.util.ArrayList;
import java.util.List;

/**
 * Drops a partition: its rows go in the statement's transaction, with the changelog mark, so the
 * rows and the catalog entry disappear together. Shared by ALTER TABLE DROP PARTITION and dynamic
 * partitioning.
 */
final class PartitionRemoval {
    private PartitionRemoval() {
    }

    /** Deletes the rows of {@code p} and returns {@code t} without it; the caller saves the table. */
    static TableMeta drop(StatementContext ctx, TableMeta t, PartitionMeta p) {
        if (ChangelogConfig.of(t).enabled()) {
            ChangelogTables.mark(ctx.txn().connection(), ctx.changelogBounds(), t.id(), ctx.commitTso().get(), p.id(), "DROP_PARTITION");
        }
        RollupUpkeep.requireNoBuild(t, "ALTER");
        Runnable rollupsAfter = RollupUpkeep.removing(ctx, t, PartitionPredicates.of(t, p));
        Sql.execute(ctx.txn().connection(), "DELETE FROM " + t.duckName() + " WHERE " + PartitionPredicates.of(t, p));
        rollupsAfter.run();
        List<PartitionMeta> parts = new ArrayList<>(t.partitioning().partitions());
        parts.remove(p);
        return t.withPartitioning(t.partitioning().withPartitions(parts));
    }
}
