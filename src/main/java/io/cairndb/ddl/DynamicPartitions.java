package io.cairndb.ddl;

import io.cairndb.analyzer.DynamicPartitionWindow;
import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DynamicPartitionConfig;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a dynamically partitioned table's partitions in its window: creates the missing partitions
 * from the first offset to {@code end} and drops (with their rows) those that ended before
 * {@code start}. Runs at CREATE TABLE, when ALTER TABLE enables dynamic partitioning, and in the
 * background ({@code DynamicPartitionScheduler}); always inside the caller's transaction.
 */
public final class DynamicPartitions {
    private DynamicPartitions() {
    }

    /** What one pass did to a table; the names of the partitions it added and dropped. */
    public record Outcome(TableMeta table, List<String> added, List<String> dropped) {
        public boolean changed() {
            return !added.isEmpty() || !dropped.isEmpty();
        }
    }

    /**
     * Brings {@code t} in line with its window at {@code now}; returns it unchanged when it is not
     * dynamically partitioned or that is disabled. The caller saves and publishes the table.
     */
    public static Outcome schedule(StatementContext ctx, TableMeta t, Instant now) {
        DynamicPartitionConfig config = DynamicPartitionConfig.of(t);
        if (config == null || !config.enabled()) {
            return new Outcome(t, List.of(), List.of());
        }
        DynamicPartitionWindow window = DynamicPartitionWindow.at(config, now);
        TableMeta out = t;
        List<String> dropped = new ArrayList<>();
        for (PartitionMeta p : window.expired(t)) {
            out = PartitionRemoval.drop(ctx, out, p);
            dropped.add(p.name());
        }
        PartitionScheme scheme = out.partitioning();
        PartitionAnalyzer analyzer = new PartitionAnalyzer(scheme.kind(), scheme.columns().stream().map(out::column).toList(),
                ctx.catalog()::newId);
        List<PartitionMeta> parts = new ArrayList<>(scheme.partitions());
        List<String> added = new ArrayList<>();
        long millis = now.toEpochMilli();
        List<DynamicPartitionWindow.Wanted> wanted = window.wanted(out.column(scheme.columns().get(0)).type().kind());
        long limit = ctx.config().number("max_dynamic_partition_num");
        if (wanted.size() > limit) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Too many dynamic partitions: " + wanted.size() + ". Limit: " + limit);
        }
        for (DynamicPartitionWindow.Wanted w : wanted) {
            PartitionMeta p = new PartitionMeta(0, w.name(), List.of(w.lower()), List.of(w.upper()), List.of(), 1, millis);
            // As Doris: a partition that is there already, or a range someone else covers, is left alone.
            if (analyzer.fits(parts, p)) {
                analyzer.add(parts, new PartitionMeta(ctx.catalog().newId(), w.name(), p.lower(), p.upper(), List.of(), 1, millis));
                added.add(w.name());
            }
        }
        if (!added.isEmpty()) {
            out = out.withPartitioning(scheme.withPartitions(parts));
        }
        return new Outcome(out, added, dropped);
    }

    /** Doris refuses manual ADD and DROP PARTITION while dynamic partitioning manages the table. */
    static void checkManualChangeAllowed(TableMeta t) {
        DynamicPartitionConfig config = DynamicPartitionConfig.of(t);
        if (config != null && config.enabled()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Cannot add/drop partition on a Dynamic Partition Table, "
                    + "Use command `ALTER TABLE tbl_name SET (\"dynamic_partition.enable\" = \"false\")` firstly.");
        }
    }

    /** Whether {@code after} turns on dynamic partitioning that {@code before} did not run. */
    static boolean enabledBy(TableMeta before, TableMeta after) {
        DynamicPartitionConfig was = DynamicPartitionConfig.of(before);
        DynamicPartitionConfig now = DynamicPartitionConfig.of(after);
        return now != null && now.enabled() && (was == null || !was.enabled());
    }
}
