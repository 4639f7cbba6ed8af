package io.cairndb.ddl;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.analyzer.PartitionResolver;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.TemporaryPartitionTable;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckTableDdl;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.List;

/**
 * ALTER TABLE .. ADD / DROP TEMPORARY PARTITION, as in Doris: a temporary partition has the table's
 * partition columns, a name no formal or temporary partition has, and a range or values that may
 * overlap the formal partitions' but not another temporary partition's. Its rows live in the table
 * {@link TemporaryPartitionTable} describes, which exists while the table has temporary partitions.
 */
final class TemporaryPartitions {
    private TemporaryPartitions() {
    }

    static TableMeta add(StatementContext ctx, TableMeta t, Statement.AddTemporaryPartition clause) {
        if (!t.isPartitioned()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Only support adding temp partition to partitioned table");
        }
        TableMeta temporary = TemporaryPartitionTable.of(t);
        List<PartitionMeta> parts = new ArrayList<>(t.partitioning().temporary());
        PartitionAnalyzer analyzer = AlterTableDdl.partitionAnalyzer(ctx, t);
        for (PartitionMeta p : analyzer.partitionsOf(clause.partition(), parts, System.currentTimeMillis())) {
            if (t.partition(p.name()) != null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Duplicate partition name " + p.name());
            }
            analyzer.add(parts, p);
        }
        if (t.partitioning().temporary().isEmpty()) {
            Sql.execute(ctx.txn().connection(), DuckTableDdl.createTable(temporary));
        }
        return t.withPartitioning(t.partitioning().withTemporary(parts));
    }

    static TableMeta drop(StatementContext ctx, TableMeta t, Statement.DropTemporaryPartition clause) {
        PartitionMeta p = t.partitioning().findTemporary(clause.name());
        if (p == null) {
            if (clause.ifExists()) {
                return t;
            }
            PartitionResolver.require(TemporaryPartitionTable.of(t), clause.name());
        }
        return remove(ctx, t, List.of(p));
    }

    /**
     * {@code t} without the temporary partitions {@code parts}, whose rows are deleted; the rows'
     * DuckDB table goes with the last of them.
     */
    static TableMeta remove(StatementContext ctx, TableMeta t, List<PartitionMeta> parts) {
        TableMeta temporary = TemporaryPartitionTable.of(t);
        List<PartitionMeta> kept = new ArrayList<>(t.partitioning().temporary());
        kept.removeAll(parts);
        if (kept.isEmpty()) {
            Sql.execute(ctx.txn().connection(), "DROP TABLE " + temporary.duckName());
        } else {
            Sql.execute(ctx.txn().connection(), "DELETE FROM " + temporary.duckName() + " WHERE "
                    + PartitionPredicates.anyOf(temporary, parts));
        }
        return t.withPartitioning(t.partitioning().withTemporary(kept));
    }

    /** Doris refuses changes of the columns while temporary partitions exist: their rows would not follow. */
    static void checkNoneForSchemaChange(TableMeta t) {
        if (!t.partitioning().temporary().isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not alter table when there are temp partitions in table");
        }
    }
}
