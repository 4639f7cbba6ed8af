package io.cairndb.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An asynchronous materialized view: its definition, refresh policy, partition tracking and what
 * each of its partitions was last built from. The MV's rows live in the table of kind
 * {@link TableKind#MATERIALIZED_VIEW} with the same id and name.
 *
 * <p>{@code partitionSources} maps each MV partition name to the base partitions it was built from,
 * keyed {@code "<tableId>/<partitionId>"}, with the visible version read in the refresh's
 * transaction; a partition is in sync while those versions are current. {@code partitionInfo} is null
 * for an MV without PARTITION BY. {@code queryDatabase} is the current database the definition was
 * written in, which resolves its unqualified names. Times are epoch milliseconds, 0 when never.
 * {@code planSignature} is the signature of the definition's logical plan when the MV was created
 * (null when the definition did not bind into a plan, and for MVs stored before signatures were kept,
 * whose entries lack it): a refresh compares it with the plan it binds. {@code ivm} is null unless
 * the MV is maintained incrementally. {@code creator} is the account ({@link UserMeta#key}) that created
 * it, whose rights its refreshes run with (null for MVs stored before accounts existed: root's).
 */
public record MvMeta(long id, long jobId, String database, String name, String querySql, String queryDatabase, String buildMode,
                     String refreshMethod, Trigger trigger, PartitionInfo partitionInfo, Map<String, String> properties,
                     List<BaseTable> baseTables, Map<String, Map<String, Long>> partitionSources, String refreshState,
                     long lastRefreshTime, long lastSuccessTime, String lastError, boolean paused, boolean active,
                     String inactiveReason, long createTime, String planSignature, Ivm ivm, String creator) {

    public MvMeta {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        baseTables = List.copyOf(baseTables);
        Map<String, Map<String, Long>> sources = new LinkedHashMap<>();
        partitionSources.forEach((k, v) -> sources.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        partitionSources = Collections.unmodifiableMap(sources);
        lastError = lastError == null ? "" : lastError;
        inactiveReason = inactiveReason == null ? "" : inactiveReason;
    }

    /**
     * How an MV is maintained incrementally: whether a refresh may fall back (IVM, then PARTITIONS,
     * then COMPLETE) instead of failing, the internal stream that reads each base table's changes,
     * whether a baseline has been built (the first refresh of any kind builds it in full), and the
     * signature of what the definition computes (its plan reading only the columns it uses), which a
     * refresh compares with a fresh bind's: a column added to a base table keeps the baseline. When a
     * change of its properties widened what it maintains, the baseline is gone until the next full build,
     * and {@code invalidated} says why (null otherwise): the MV is in SCHEMA_CHANGE meanwhile.
     */
    public record Ivm(boolean fallback, List<IvmStream> streams, boolean baseline, String signature, String invalidated) {
        public Ivm {
            streams = List.copyOf(streams);
        }

        /** The state after a full build of the definition whose signature is {@code built}. */
        public Ivm rebuilt(String built) {
            return rebuilt(built, streams);
        }

        /** As {@link #rebuilt(String)}, with the internal streams the build left. */
        public Ivm rebuilt(String built, List<IvmStream> streamsNow) {
            return new Ivm(fallback, streamsNow, true, built, null);
        }

        /** The state once the baseline no longer covers what the MV maintains, for {@code why}. */
        public Ivm invalidated(List<IvmStream> streamsNow, String why) {
            return new Ivm(fallback, streamsNow, false, signature, why);
        }
    }

    /** An internal stream of an IVM MV: it reads table {@code tableId}, in the MV's database. */
    public record IvmStream(long tableId, String name) {
    }

    /** MANUAL, SCHEDULE (every {@code interval unit} from {@code startsMillis}, 0 = creation) or COMMIT. */
    public record Trigger(String kind, long interval, String unit, long startsMillis) {
    }

    /** The MV's partition column, its date_trunc unit (nullable) and the base partition columns it follows. */
    public record PartitionInfo(String mvColumn, String unit, List<RelatedColumn> related) {
        public PartitionInfo {
            related = List.copyOf(related);
        }
    }

    /** A base partition column the MV partition column follows, truncated to {@code unit} (nullable). */
    public record RelatedColumn(long tableId, String database, String table, String column, String unit) {
    }

    /** A table the definition reads, with the column types it had when the MV was last built. */
    public record BaseTable(long id, String database, String name, Map<String, String> columnTypes) {
        public BaseTable {
            columnTypes = Collections.unmodifiableMap(new LinkedHashMap<>(columnTypes));
        }
    }

    public String jobName() {
        return "inner_mtmv_" + id;
    }

    /**
     * The MV under another name. An MV without PARTITION BY has one partition, named after it: what
     * it was built from is kept under the new name too.
     */
    public MvMeta withName(String newName) {
        Map<String, Map<String, Long>> sources = partitionSources;
        if (partitionInfo == null && partitionSources.containsKey(name)) {
            sources = new LinkedHashMap<>(partitionSources);
            sources.put(newName, sources.remove(name));
        }
        return new MvMeta(id, jobId, database, newName, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                properties, baseTables, sources, refreshState, lastRefreshTime, lastSuccessTime, lastError, paused,
                active, inactiveReason, createTime, planSignature, ivm, creator);
    }

    public MvMeta withProperties(Map<String, String> newProperties) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                newProperties, baseTables, partitionSources, refreshState, lastRefreshTime, lastSuccessTime, lastError, paused,
                active, inactiveReason, createTime, planSignature, ivm, creator);
    }

    public MvMeta withRefreshPolicy(String method, Trigger newTrigger) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, method, newTrigger, partitionInfo,
                properties, baseTables, partitionSources, refreshState, lastRefreshTime, lastSuccessTime, lastError, paused,
                active, inactiveReason, createTime, planSignature, ivm, creator);
    }

    public MvMeta withPaused(boolean nowPaused) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                properties, baseTables, partitionSources, refreshState, lastRefreshTime, lastSuccessTime, lastError, nowPaused,
                active, inactiveReason, createTime, planSignature, ivm, creator);
    }

    public MvMeta withActive(boolean nowActive, String reason) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                properties, baseTables, partitionSources, refreshState, lastRefreshTime, lastSuccessTime, lastError, paused,
                nowActive, reason, createTime, planSignature, ivm, creator);
    }

    /** The MV after a successful refresh that built {@code sources} (merged over the partitions kept). */
    public MvMeta refreshed(List<BaseTable> tables, Map<String, Map<String, Long>> sources, long finishedAt) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                properties, tables, sources, "SUCCESS", finishedAt, finishedAt, "", paused, active, inactiveReason, createTime,
                planSignature, ivm, creator);
    }

    /** With the base partition columns its partitions follow (by their tables' current ids, after a table was replaced). */
    public MvMeta withPartitionInfo(PartitionInfo info) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, info,
                properties, baseTables, partitionSources, refreshState, lastRefreshTime, lastSuccessTime, lastError,
                paused, active, inactiveReason, createTime, planSignature, ivm, creator);
    }

    public MvMeta failed(String error, long finishedAt) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                properties, baseTables, partitionSources, "FAIL", finishedAt, lastSuccessTime, error, paused, active,
                inactiveReason, createTime, planSignature, ivm, creator);
    }

    /** With the base tables (and the column types it read of them) replaced. */
    public MvMeta withBaseTables(List<BaseTable> tables) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                properties, tables, partitionSources, refreshState, lastRefreshTime, lastSuccessTime, lastError, paused,
                active, inactiveReason, createTime, planSignature, ivm, creator);
    }

    public MvMeta withIvm(Ivm newIvm) {
        return new MvMeta(id, jobId, database, name, querySql, queryDatabase, buildMode, refreshMethod, trigger, partitionInfo,
                properties, baseTables, partitionSources, refreshState, lastRefreshTime, lastSuccessTime, lastError, paused,
                active, inactiveReason, createTime, planSignature, newIvm, creator);
    }
}
