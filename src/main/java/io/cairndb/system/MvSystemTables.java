package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.analyzer.TableProperties;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.TimeText;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.mv.MaterializedViews;
import io.cairndb.mv.MvDescriptions;
import io.cairndb.mv.TaskHistory;
import io.cairndb.mv.TaskRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What asynchronous MVs look like from SQL: Doris's {@code mv_infos()}, {@code tasks()} and
 * {@code jobs()}, and StarRocks's {@code information_schema.materialized_views}, {@code task_runs}
 * and {@code materialized_view_refresh_jobs}.
 */
final class MvSystemTables {
    private final MaterializedViews mvs;

    MvSystemTables(MaterializedViews mvs) {
        this.mvs = mvs;
    }

    /** The FROM item of a table function, or null when {@code name} is not one of these. */
    String function(StatementContext ctx, String name, Map<String, String> props) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "mv_infos" -> mvInfos(ctx, props);
            case "tasks" -> tasks(ctx, requireMvType(props, "tasks"));
            case "jobs" -> jobs(ctx, requireMvType(props, "jobs"));
            default -> null;
        };
    }

    /** The FROM item of an information_schema table, or null. */
    String table(StatementContext ctx, String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "materialized_views" -> materializedViews(ctx);
            case "task_runs" -> taskRuns(ctx);
            case "materialized_view_refresh_jobs" -> refreshJobs(ctx);
            default -> null;
        };
    }

    private static Map<String, String> requireMvType(Map<String, String> props, String fn) {
        String type = props.get("type");
        if (type == null || !type.equalsIgnoreCase("mv")) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, fn + "() supports \"type\" = \"mv\", not " + type);
        }
        return props;
    }


    private static String time(StatementContext ctx, long millis) {
        return millis == 0 ? null : TimeText.format(millis, ctx.session().zone());
    }

    private String mvInfos(StatementContext ctx, Map<String, String> props) {
        String db = props.get("database");
        if (db == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "mv_infos() needs the property 'database'");
        }
        DatabaseMeta dbMeta = ctx.catalog().requireDatabase(db);
        List<List<Object>> rows = new ArrayList<>();
        for (MvMeta mv : ctx.catalog().mvs(db)) {
            if (!ctx.visible(db, mv.name())) {
                continue;
            }
            String state = MvDescriptions.state(ctx.catalog(), mv);
            // An MV in SCHEMA_CHANGE answers nothing until it is built again: not in sync, as in Doris.
            boolean inSync = !state.equals("SCHEMA_CHANGE") && MvDescriptions.inSync(ctx.catalog(), mv);
            rows.add(Arrays.asList(mv.id(), mv.name(), mv.jobName(), state,
                    MvDescriptions.schemaChangeDetail(ctx.catalog(), mv), mv.refreshState(), MvDescriptions.refreshInfo(mv, ctx.session().zone()),
                    mv.querySql(), "EnvInfo{ctlId='0', dbId='" + dbMeta.id() + "'}", mvProperties(mv),
                    MvDescriptions.partitionInfo(mv), inSync, MvDescriptions.ivmStreams(mv)));
        }
        return SystemRows.fromItem(SystemRows.columns("Id", DataType.BIGINT, "Name", DataType.STRING, "JobName", DataType.STRING,
                "State", DataType.STRING, "SchemaChangeDetail", DataType.STRING, "RefreshState", DataType.STRING,
                "RefreshInfo", DataType.STRING, "QuerySql", DataType.STRING, "EnvInfo", DataType.STRING,
                "MvProperties", DataType.STRING, "MvPartitionInfo", DataType.STRING, "SyncWithBaseTables", DataType.BOOLEAN,
                "IvmBaseTableStreams", DataType.STRING), rows);
    }

    private String tasks(StatementContext ctx, Map<String, String> props) {
        List<List<Object>> rows = new ArrayList<>();
        for (TaskRecord t : mvs.tasks(ctx.txn().connection())) {
            if (!ctx.visible(t.dbName(), t.mvName())) {
                continue;
            }
            rows.add(Arrays.asList(t.taskId(), t.jobId(), t.jobName(), t.mvId(), t.mvName(), t.dbId(), t.dbName(), t.status(),
                    t.errorMsg(), time(ctx, t.createTime()), time(ctx, t.startTime()), time(ctx, t.finishTime()),
                    t.durationMs(), t.taskContext(), t.refreshMode(), TaskHistory.json(t.needRefreshPartitions()),
                    TaskHistory.json(t.completedPartitions()), t.progress(), t.lastQueryId(), t.ivmFallbackReason(),
                    t.ivmRebuiltPartitions()));
        }
        return SystemRows.fromItem(SystemRows.columns("TaskId", DataType.BIGINT, "JobId", DataType.BIGINT, "JobName", DataType.STRING,
                "MvId", DataType.BIGINT, "MvName", DataType.STRING, "MvDatabaseId", DataType.BIGINT,
                "MvDatabaseName", DataType.STRING, "Status", DataType.STRING, "ErrorMsg", DataType.STRING,
                "CreateTime", DataType.DATETIME, "StartTime", DataType.DATETIME, "FinishTime", DataType.DATETIME,
                "DurationMs", DataType.BIGINT, "TaskContext", DataType.STRING, "RefreshMode", DataType.STRING,
                "NeedRefreshPartitions", DataType.STRING, "CompletedPartitions", DataType.STRING, "Progress", DataType.STRING,
                "LastQueryId", DataType.STRING, "IvmFallbackReason", DataType.STRING, "IvmRebuiltPartitions", DataType.INT), rows);
    }


    private String jobs(StatementContext ctx, Map<String, String> props) {
        List<TaskRecord> tasks = mvs.tasks(ctx.txn().connection());
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (MvMeta mv : ctx.catalog().mvs(db.name())) {
                if (!ctx.visible(db.name(), mv.name())) {
                    continue;
                }
                MvMeta.Trigger tr = mv.trigger();
                String executeType = switch (tr.kind()) {
                    case "SCHEDULE" -> "RECURRING";
                    case "COMMIT" -> "STREAMING";
                    default -> "MANUAL";
                };
                String strategy = tr.kind().equals("SCHEDULE")
                        ? MvDescriptions.trigger(mv, ctx.session().zone()).substring("ON SCHEDULE ".length())
                        : tr.kind().equals("COMMIT") ? "ON COMMIT" : "MANUAL TRIGGER";
                rows.add(Arrays.asList(mv.jobId(), mv.jobName(), mv.id(), mv.name(), db.id(), db.name(), executeType, strategy,
                        mv.paused() ? "PAUSED" : "RUNNING", time(ctx, mv.createTime()), count(tasks, mv, "SUCCESS"),
                        count(tasks, mv, "FAILED"), count(tasks, mv, "CANCELED"), mvs.skippedTriggers(mv)));
            }
        }
        return SystemRows.fromItem(SystemRows.columns("Id", DataType.BIGINT, "Name", DataType.STRING, "MvId", DataType.BIGINT,
                "MvName", DataType.STRING, "MvDatabaseId", DataType.BIGINT, "MvDatabaseName", DataType.STRING,
                "ExecuteType", DataType.STRING, "RecurringStrategy", DataType.STRING, "Status", DataType.STRING,
                "CreateTime", DataType.DATETIME, "SucceedTaskCount", DataType.BIGINT, "FailedTaskCount", DataType.BIGINT,
                "CanceledTaskCount", DataType.BIGINT, "SkippedTriggerCount", DataType.BIGINT), rows);
    }

    private static long count(List<TaskRecord> tasks, MvMeta mv, String status) {
        return tasks.stream().filter(t -> t.jobId() == mv.jobId() && t.status().equals(status)).count();
    }

    // ---------------------------------------------------------------- StarRocks information_schema

    private static String refreshMode(MvMeta mv) {
        return mv.ivm() != null ? "INCREMENTAL" : mv.refreshMethod().equals("COMPLETE") ? "FULL" : "PCT";
    }

    private static String refreshTrigger(MvMeta mv) {
        return switch (mv.trigger().kind()) {
            case "COMMIT" -> "ON_BASE_TABLE_CHANGE";
            case "SCHEDULE" -> "SCHEDULED";
            default -> "MANUAL";
        };
    }

    private static String refreshPolicy(MvMeta mv) {
        MvMeta.Trigger t = mv.trigger();
        return switch (t.kind()) {
            case "COMMIT" -> "ON_BASE_TABLE_CHANGE";
            case "SCHEDULE" -> "EVERY(INTERVAL " + t.interval() + " " + t.unit() + ")";
            default -> "MANUAL";
        };
    }

    private String materializedViews(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (MvMeta mv : ctx.catalog().mvs(db.name())) {
                if (!ctx.visible(db.name(), mv.name())) {
                    continue;
                }
                boolean active = MvDescriptions.active(ctx.catalog(), mv);
                boolean rewrite = !"false".equalsIgnoreCase(mv.properties().getOrDefault("enable_query_rewrite", "true"));
                rows.add(Arrays.asList(String.valueOf(mv.id()), db.name(), mv.name(), refreshMode(mv), refreshTrigger(mv),
                        refreshPolicy(mv), String.valueOf(active), MvDescriptions.inactiveReason(ctx.catalog(), mv),
                        !rewrite ? "DISABLE" : active ? "VALID" : "INVALID",
                        !rewrite ? "enable_query_rewrite is false" : active ? "" : "materialized view is inactive",
                        lastState(mv), time(ctx, mv.lastRefreshTime()), time(ctx, mv.lastSuccessTime()),
                        versionTimes(ctx, mv), mv.lastError(), mv.jobName(), mv.querySql()));
            }
        }
        return SystemRows.fromItem(SystemRows.columns("MATERIALIZED_VIEW_ID", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "REFRESH_MODE", DataType.STRING, "REFRESH_TRIGGER", DataType.STRING,
                "REFRESH_POLICY", DataType.STRING, "IS_ACTIVE", DataType.STRING, "INACTIVE_REASON", DataType.STRING,
                "QUERY_REWRITE_STATUS", DataType.STRING, "QUERY_REWRITE_STATUS_REASON", DataType.STRING,
                "LAST_REFRESH_STATE", DataType.STRING, "LAST_REFRESH_FINISHED_TIME", DataType.DATETIME,
                "LAST_FRESHNESS_CONFIRMED_AT", DataType.DATETIME, "BASE_TABLE_REFRESH_VERSION_TIMES", DataType.STRING,
                "LAST_REFRESH_ERROR_MESSAGE", DataType.STRING, "TASK_NAME", DataType.STRING,
                "MATERIALIZED_VIEW_DEFINITION", DataType.STRING), rows);
    }

    private static String lastState(MvMeta mv) {
        return switch (mv.refreshState()) {
            case "SUCCESS" -> "SUCCESS";
            case "FAIL" -> "FAILED";
            default -> "";
        };
    }

    /** Per base table, the time of its newest partition version: how fresh the inputs of the MV are. */
    private static String versionTimes(StatementContext ctx, MvMeta mv) {
        List<String> items = new ArrayList<>();
        for (MvMeta.BaseTable b : mv.baseTables()) {
            TableMeta t = ctx.catalog().tableById(b.database(), b.id());
            if (t == null || t.partitioning() == null) {
                continue;
            }
            long newest = t.partitioning().partitions().stream().mapToLong(PartitionMeta::visibleVersionTime).max().orElse(0);
            items.add("\"" + b.database() + "." + t.name() + "\":\"" + time(ctx, newest) + "\"");
        }
        return "{" + String.join(",", items) + "}";
    }

    private String taskRuns(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (TaskRecord t : mvs.tasks(ctx.txn().connection())) {
            if (!ctx.visible(t.dbName(), t.mvName())) {
                continue;
            }
            MvMeta mv = ctx.catalog().mvById(t.mvId());
            // What ran: an IVM MV's full builds are partition-tracked (PCT), its other refreshes INCREMENTAL.
            boolean incremental = t.ivmSourceVersions() != null && !"COMPLETE".equals(t.refreshMode());
            String extra = "{\"refreshMode\":\"" + (t.refreshMode() == null ? "" : incremental ? "INCREMENTAL" : "PCT")
                    + "\",\"processStartTime\":" + t.startTime() + ",\"mvPartitionsToRefresh\":" + TaskHistory.json(t.needRefreshPartitions())
                    + (t.ivmSourceVersions() == null ? "" : ",\"imvSourceVersionRange\":" + t.ivmSourceVersions())
                    + (skipped(t) ? ",\"skipReason\":\"MV_UP_TO_DATE\"" : "") + "}";
            rows.add(Arrays.asList(t.lastQueryId(), t.jobName(), String.valueOf(t.jobId()), time(ctx, t.createTime()),
                    time(ctx, t.startTime()), time(ctx, t.finishTime()), taskRunState(t), t.dbName(),
                    mv == null ? "" : mv.querySql(), t.status().equals("FAILED") ? -1 : 0, t.errorMsg(),
                    t.progress().substring(0, t.progress().indexOf('%') + 1), extra));
        }
        return SystemRows.fromItem(SystemRows.columns("QUERY_ID", DataType.STRING, "TASK_NAME", DataType.STRING, "JOB_ID", DataType.STRING,
                "CREATE_TIME", DataType.DATETIME, "PROCESS_TIME", DataType.DATETIME, "FINISH_TIME", DataType.DATETIME,
                "STATE", DataType.STRING, "DATABASE", DataType.STRING, "DEFINITION", DataType.STRING,
                "ERROR_CODE", DataType.BIGINT, "ERROR_MESSAGE", DataType.STRING, "PROGRESS", DataType.STRING,
                "EXTRA_MESSAGE", DataType.STRING), rows);
    }

    /** A full build of an IVM MV consumed no range: it read the bases whole. */
    private static boolean bootstrap(TaskRecord t) {
        return "COMPLETE".equals(t.refreshMode());
    }

    /** An incremental refresh that found no changes is SKIPPED (MV_UP_TO_DATE), as StarRocks says. */
    private static boolean skipped(TaskRecord t) {
        return t.ivmSourceVersions() != null && "NOT_REFRESH".equals(t.refreshMode());
    }

    private static String taskRunState(TaskRecord t) {
        return switch (t.status()) {
            case "SUCCESS" -> skipped(t) ? "SKIPPED" : "SUCCESS";
            case "FAILED", "CANCELED" -> "FAILED";
            case "RUNNING" -> "RUNNING";
            default -> "PENDING";
        };
    }

    private String refreshJobs(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (TaskRecord t : mvs.tasks(ctx.txn().connection())) {
            if (!ctx.visible(t.dbName(), t.mvName())) {
                continue;
            }
            MvMeta mv = ctx.catalog().mvById(t.mvId());
            rows.add(Arrays.asList(String.valueOf(t.taskId()), t.dbName(), t.mvName(), mv == null ? "" : refreshMode(mv),
                    t.triggerMode(), taskRunState(t), time(ctx, t.createTime()), time(ctx, t.finishTime()),
                    t.finished() ? t.durationMs() / 1000.0 : null, bootstrap(t) ? null : t.ivmSourceVersions(),
                    bootstrap(t) ? null : t.ivmSourceTimes(), null,
                    t.status().equals("FAILED") ? -1 : 0, t.errorMsg(), t.status().equals("FAILED") ? t.lastQueryId() : null));
        }
        return SystemRows.fromItem(SystemRows.columns("JOB_ID", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "REFRESH_MODE", DataType.STRING, "REFRESH_TRIGGER", DataType.STRING,
                "REFRESH_STATE", DataType.STRING, "SUBMIT_TIME", DataType.DATETIME, "FINISH_TIME", DataType.DATETIME,
                "DURATION_TIME", DataType.DOUBLE, "IMV_SOURCE_VERSION_RANGE", DataType.STRING,
                "IMV_SOURCE_TIMESTAMP_RANGE", DataType.STRING, "IMV_SOURCE_PINNED_SNAPSHOT_ID_MAP", DataType.STRING,
                "ERROR_CODE", DataType.BIGINT, "ERROR_MESSAGE", DataType.STRING, "FAILED_QUERY_ID", DataType.STRING), rows);
    }

    /** The MV's own properties, as Doris's MvProperties shows them: not the table properties it was created with. */
    private static String mvProperties(MvMeta mv) {
        Map<String, String> own = new LinkedHashMap<>();
        mv.properties().forEach((k, v) -> {
            if (!TableProperties.known(k)) {
                own.put(k, v);
            }
        });
        return own.toString();
    }
}
