package io.cairndb.sql.tree;

import io.cairndb.catalog.DataType;
import java.util.List;
import java.util.Map;

/**
 * Materialized-view statements, in the Doris spelling and the StarRocks refresh spelling. Nullable
 * components are documented per record; lists and maps are never null.
 */
public final class MvStatement {
    private MvStatement() {
    }

    public enum TriggerKind { MANUAL, SCHEDULE, COMMIT }

    /** When refreshes run: by hand, every {@code interval unit} from {@code starts} (nullable), or after commits. */
    public record Trigger(TriggerKind kind, long interval, String unit, String starts) {
        public static final Trigger MANUAL = new Trigger(TriggerKind.MANUAL, 0, null, null);
        public static final Trigger ON_COMMIT = new Trigger(TriggerKind.COMMIT, 0, null, null);
    }

    /**
     * {@code REFRESH method [trigger]}: method COMPLETE, AUTO or INCREMENTAL (nullable when only a
     * trigger is given or in the StarRocks form); trigger nullable.
     */
    public record Refresh(String method, boolean fallback, Trigger trigger) {
    }

    /** A column name of an MV's or a view's column list; comment nullable. */
    /**
     * A column of a view's or MV's column list: its name and comment, and for an MV the type and
     * nullability it may state (null: not stated), as SHOW CREATE MATERIALIZED VIEW prints them.
     */
    public record Column(String name, String comment, DataType type, Boolean nullable) {
        public Column(String name, String comment) {
            this(name, comment, null, null);
        }
    }

    /** {@code PARTITION BY col} or {@code PARTITION BY date_trunc(col, 'unit')}; unit nullable. */
    public record Partition(String column, String dateTruncUnit) {
    }

    /**
     * CREATE MATERIALIZED VIEW. buildMode (IMMEDIATE / DEFERRED), refresh, comment, partition and
     * distribution are nullable. {@code queryText} is the original text of the query.
     * {@code async} is false for the bare form {@code CREATE MATERIALIZED VIEW mv AS SELECT ..}, which
     * is a synchronous MV (rollup).
     */
    public record Create(QualifiedName name, boolean ifNotExists, List<Column> columns, String buildMode, Refresh refresh,
                         List<String> keys, String comment, Partition partition, DistributionDesc distribution,
                         Map<String, String> properties, Query query, String queryText, boolean async)
            implements Statement {
        public Create {
            columns = List.copyOf(columns);
            keys = List.copyOf(keys);
            properties = Properties.copyOf(properties);
        }
    }

    /**
     * REFRESH MATERIALIZED VIEW. mode is AUTO, COMPLETE, INCREMENTAL, PARTITIONS (with
     * {@code partitions}), STALE_PARTITIONS (Doris's {@code PARTITIONS} without a list: the partitions
     * out of sync), RANGE (with start and end), or null (the MV's own method). {@code sync} is true for
     * WITH SYNC MODE; {@code fallback} for {@code INCREMENTAL FALLBACK} and {@code PARTITIONS FALLBACK};
     * {@code allStreams} for WITH ALL STREAMS (of EXPLAIN); {@code dryRun} (nullable) for WITH DRY RUN.
     */
    public record RefreshMv(QualifiedName name, String mode, List<String> partitions, String start, String end,
                            boolean force, boolean sync, boolean fallback, boolean allStreams, DryRun dryRun) implements Statement {
        public RefreshMv {
            partitions = List.copyOf(partitions);
        }
    }

    /** {@code WITH DRY RUN [LIMIT limit [OFFSET offset]]}; limit -1 when absent. */
    public record DryRun(long limit, long offset) {
    }

    /** DROP MATERIALIZED VIEW [IF EXISTS] mv [ON table]; onTable (synchronous MVs) nullable. */
    public record Drop(QualifiedName name, boolean ifExists, QualifiedName onTable) implements Statement {
    }

    public sealed interface AlterAction {
    }

    public record SetProperties(Map<String, String> properties) implements AlterAction {
        public SetProperties {
            properties = Properties.copyOf(properties);
        }
    }

    public record Rename(String newName) implements AlterAction {
    }

    public record ChangeRefresh(Refresh refresh) implements AlterAction {
    }

    /** REPLACE WITH MATERIALIZED VIEW other [PROPERTIES ('swap' = ..)]. */
    public record Replace(QualifiedName other, Map<String, String> properties) implements AlterAction {
        public Replace {
            properties = Properties.copyOf(properties);
        }
    }

    public record SetActive(boolean active) implements AlterAction {
    }

    public record Alter(QualifiedName name, AlterAction action) implements Statement {
    }

    public enum JobAction { PAUSE, RESUME }

    /** PAUSE / RESUME MATERIALIZED VIEW JOB ON mv. */
    public record Job(JobAction action, QualifiedName name) implements Statement {
    }

    /** CANCEL MATERIALIZED VIEW TASK id ON mv. */
    public record CancelTask(long taskId, QualifiedName name) implements Statement {
    }

    /** SHOW CREATE MATERIALIZED VIEW mv [ON table]; onTable (synchronous MVs) nullable. */
    public record ShowCreate(QualifiedName name, QualifiedName onTable) implements Statement {
    }

    /** SHOW ALTER TABLE MATERIALIZED VIEW [FROM db]: the rollup build jobs; database nullable (the current one). */
    public record ShowRollupJobs(String database) implements Statement {
    }

    /** CANCEL ALTER TABLE MATERIALIZED VIEW FROM [db.]table: cancels the table's running rollup build. */
    public record CancelRollupJob(QualifiedName table) implements Statement {
    }

    /** {@code ALTER TABLE t ADD ROLLUP r (c1, c2) [FROM base] [PROPERTIES (..)], ..}. */
    public record AddRollup(QualifiedName table, List<RollupSpec> rollups) implements Statement {
        public AddRollup {
            rollups = List.copyOf(rollups);
        }
    }

    /** One rollup of ADD ROLLUP: its name, its columns, the index it is built from (null: the table). */
    public record RollupSpec(String name, List<String> columns, String base, Map<String, String> properties) {
        public RollupSpec {
            columns = List.copyOf(columns);
            properties = Properties.copyOf(properties);
        }
    }

    /** {@code ALTER TABLE t DROP ROLLUP r1, r2}. */
    public record DropRollup(QualifiedName table, List<String> names) implements Statement {
        public DropRollup {
            names = List.copyOf(names);
        }
    }
}
