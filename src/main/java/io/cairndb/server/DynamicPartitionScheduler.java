package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.DynamicPartitionConfig;
import io.cairndb.catalog.FeConfig;
import io.cairndb.catalog.TableMeta;
import io.cairndb.ddl.DynamicPartitions;
import io.cairndb.engine.Txn;
import io.cairndb.mv.TaskEnvironment;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.system.DynamicPartitionStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The background job of dynamic partitioning (Doris's DynamicPartitionScheduler): every
 * {@code dynamic_partition_check_interval_seconds} (FE config, default 600) each enabled table gets
 * the partitions ahead of now and loses those behind its start, one transaction per table under the
 * table's writer lock. FE config {@code dynamic_partition_enable} = false pauses it. The interval is
 * read again every second, so ADMIN SET FRONTEND CONFIG takes effect at once.
 */
final class DynamicPartitionScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DynamicPartitionScheduler.class);

    private final TaskEnvironment env;
    private final Catalog catalog;
    private final FeConfig config;
    private final Map<Long, DynamicPartitionStatus> statuses = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dynamic-partition");
        t.setDaemon(true);
        return t;
    });
    private volatile long lastPass = System.currentTimeMillis();

    DynamicPartitionScheduler(TaskEnvironment env, Catalog catalog, FeConfig config) {
        this.env = env;
        this.catalog = catalog;
        this.config = config;
    }

    void start() {
        timer.scheduleWithFixedDelay(this::passIfDue, 1, 1, TimeUnit.SECONDS);
    }

    private void passIfDue() {
        try {
            long interval = config.number("dynamic_partition_check_interval_seconds") * 1000;
            if (config.flag("dynamic_partition_enable") && System.currentTimeMillis() - lastPass >= interval) {
                runPass();
            }
        } catch (RuntimeException e) {
            // The timer stops for good on an exception; a bad config value must not end the job.
            LOG.warn("dynamic partition pass failed: {}", e.getMessage());
        }
    }

    /** One pass over every dynamically partitioned table, now; returns the number of tables it changed. */
    synchronized int runPass() {
        lastPass = System.currentTimeMillis();
        int changed = 0;
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (DatabaseMeta db : catalog.databases()) {
            for (TableMeta t : catalog.tables(db.name())) {
                DynamicPartitionConfig c = DynamicPartitionConfig.of(t);
                if (c != null && c.enabled()) {
                    seen.add(t.id());
                    if (schedule(t)) {
                        changed++;
                    }
                }
            }
        }
        // Dropped tables, or tables no longer dynamically partitioned, have no status to show.
        statuses.keySet().retainAll(seen);
        return changed;
    }

    private boolean schedule(TableMeta t) {
        long now = System.currentTimeMillis();
        try (Connection c = env.connect()) {
            Txn txn = new Txn(c);
            try {
                StatementContext ctx = env.context(txn, t.database());
                DynamicPartitions.Outcome out = ctx.underWriteLock(QualifiedName.of(t.database(), t.name()),
                        locked -> DynamicPartitions.schedule(ctx, locked, Instant.ofEpochMilli(now)));
                if (out.changed()) {
                    ctx.catalog().saveTable(c, out.table());
                    txn.afterCommit(() -> catalog.publishTable(out.table()));
                }
                txn.commit();
                statuses.put(t.id(), new DynamicPartitionStatus(now, "NORMAL", null, null));
                return out.changed();
            } catch (RuntimeException e) {
                txn.rollbackQuietly();
                LOG.warn("dynamic partitioning of {}.{} failed: {}", t.database(), t.name(), e.getMessage());
                statuses.put(t.id(), new DynamicPartitionStatus(now, "ERROR", e.getMessage(), null));
                return false;
            }
        } catch (SQLException e) {
            LOG.warn("dynamic partitioning of {}.{}: cannot close its connection: {}", t.database(), t.name(), e.getMessage());
            return false;
        }
    }

    DynamicPartitionStatus status(long tableId) {
        return statuses.getOrDefault(tableId, DynamicPartitionStatus.NOT_RUN);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
