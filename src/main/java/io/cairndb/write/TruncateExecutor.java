package io.cairndb.write;

import io.cairndb.analyzer.PartitionResolver;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.TemporaryPartitionTable;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.engine.UpdateCount;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.sql.tree.Statement;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** TRUNCATE TABLE t [PARTITION (..)]: empties the table (and drops its temporary partitions) or just the named partitions. */
public final class TruncateExecutor {
    private TruncateExecutor() {
    }

    public static UpdateCount execute(StatementContext ctx, Statement.TruncateTable stmt) {
        return ctx.underWriteLock(stmt.name(), t -> {
            List<PartitionMeta> parts = stmt.partitions().isEmpty() ? t.partitioning().partitions()
                    : PartitionResolver.requireAll(t, stmt.partitions());
            RollupUpkeep.requireNoBuild(t, "TRUNCATE");
            String where = stmt.partitions().isEmpty() ? "" : " WHERE " + PartitionPredicates.anyOf(t, parts);
            Runnable rollupsAfter = stmt.partitions().isEmpty() ? () -> RollupUpkeep.emptied(ctx, t)
                    : RollupUpkeep.removing(ctx, t, PartitionPredicates.anyOf(t, parts));
            if (ChangeCapture.enabled(t)) {
                ChangeCapture.bulkRemoval(ctx, t, parts, "TRUNCATE");
            }
            Sql.execute(ctx.txn().connection(), "DELETE FROM " + t.duckName() + where);
            rollupsAfter.run();
            Set<Integer> touched = new TreeSet<>();
            for (PartitionMeta p : parts) {
                touched.add(t.partitioning().partitions().indexOf(p));
            }
            TableMeta kept = t;
            if (stmt.partitions().isEmpty() && !t.partitioning().temporary().isEmpty()) {
                // As in Doris, emptying the whole table drops its temporary partitions too.
                Sql.execute(ctx.txn().connection(), "DROP TABLE " + TemporaryPartitionTable.of(t).duckName());
                kept = t.withPartitioning(t.partitioning().withTemporary(List.of()));
                PartitionVersions.save(ctx, kept);
            }
            PartitionVersions.bump(ctx, kept, touched);
            return UpdateCount.NONE;
        });
    }
}
