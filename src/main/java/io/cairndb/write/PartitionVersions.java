package io.cairndb.write;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.printer.PartitionPredicates;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Bumps the visible version of every partition a write touched, in the write's transaction; the
 * catalog shows the new versions once it commits.
 */
final class PartitionVersions {
    private PartitionVersions() {
    }

    /**
     * Ordinals of the partitions the staged rows fall in, of which {@code rows} remain: an
     * unpartitioned table's one partition when any does, without asking DuckDB.
     */
    static Set<Integer> touchedByStaged(StatementContext ctx, TableMeta t, long rows) {
        if (!t.isPartitioned()) {
            return whole(rows);
        }
        return touched(ctx, t, StagedRows.table(), null);
    }

    /** An unpartitioned table's one partition, when a write changed any of its rows ({@code rows} of them). */
    static Set<Integer> whole(long rows) {
        return rows > 0 ? new TreeSet<>(Set.of(0)) : new TreeSet<>();
    }

    /** Ordinals of the partitions that hold the rows {@code source} (a FROM item) selects. */
    static Set<Integer> touched(StatementContext ctx, TableMeta t, String source, String where) {
        Set<Integer> out = new TreeSet<>();
        if (!t.isPartitioned()) {
            Object any = Sql.scalar(ctx.txn().connection(), "SELECT 1 FROM " + source
                    + (where == null ? "" : " WHERE " + where) + " LIMIT 1");
            if (any != null) {
                out.add(0);
            }
            return out;
        }
        String sql = "SELECT DISTINCT " + PartitionPredicates.ordinal(t, null) + " FROM " + source
                + (where == null ? "" : " WHERE " + where);
        for (List<Object> row : Sql.rows(ctx.txn().connection(), sql)) {
            if (row.get(0) != null) {
                out.add(((Number) row.get(0)).intValue());
            }
        }
        return out;
    }

    /** Persists {@code t} with the given partitions' versions bumped and publishes it after commit. */
    static TableMeta bump(StatementContext ctx, TableMeta t, Set<Integer> ordinals) {
        if (ordinals.isEmpty()) {
            return t;
        }
        return save(ctx, t.withPartitioning(t.partitioning().withPartitions(bumped(t.partitioning().partitions(), ordinals))));
    }

    /**
     * As {@link #bump} for a write into temporary partitions: {@code ordinals} index {@code t}'s
     * temporary partitions (the partitions of {@code TemporaryPartitionTable.of(t)}).
     */
    static TableMeta bumpTemporary(StatementContext ctx, TableMeta t, Set<Integer> ordinals) {
        if (ordinals.isEmpty()) {
            return t;
        }
        return save(ctx, t.withPartitioning(t.partitioning().withTemporary(bumped(t.partitioning().temporary(), ordinals))));
    }

    private static List<PartitionMeta> bumped(List<PartitionMeta> partitions, Set<Integer> ordinals) {
        long now = System.currentTimeMillis();
        List<PartitionMeta> parts = new ArrayList<>(partitions);
        for (int i : ordinals) {
            PartitionMeta p = parts.get(i);
            parts.set(i, p.withVersion(p.visibleVersion() + 1, now));
        }
        return parts;
    }

    /** Persists {@code updated} in the write's transaction and publishes it after commit. */
    static TableMeta save(StatementContext ctx, TableMeta updated) {
        ctx.catalog().saveTable(ctx.txn().connection(), updated);
        ctx.txn().savedTable(updated.id());
        ctx.txn().afterCommit(() -> ctx.catalog().publishTable(updated));
        return updated;
    }
}
