package io.cairndb.mv;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Finished refresh tasks in {@code cairn_sys.mv_tasks}. A successful task is recorded in the refresh's
 * own transaction; at most {@code max_persistence_task_count} tasks are kept per job.
 */
public final class TaskHistory {
    private static final String TABLE = "cairn_sys.mv_tasks";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COLUMNS = "task_id, job_id, job_name, mv_id, mv_name, db_id, db_name, status, error_msg, "
            + "create_time, start_time, finish_time, trigger_mode, refresh_mode, need_partitions, completed_partitions, "
            + "last_query_id, complete_requested, requested_partitions, plan_signature_matches, requested_method, "
            + "ivm_fallback_reason, ivm_rebuilt_partitions, ivm_source_versions, ivm_source_times, ivm_cost";

    private TaskHistory() {
    }

    /**
     * Task ids come from one counter that starts past the largest stored, so the table needs no key:
     * without one, the record every refresh writes costs no index upkeep.
     */
    static void createSchema(Connection c) {
        unkeyOlderTable(c);
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (task_id BIGINT NOT NULL, job_id BIGINT, job_name VARCHAR,"
                + " mv_id BIGINT, mv_name VARCHAR, db_id BIGINT, db_name VARCHAR, status VARCHAR, error_msg VARCHAR,"
                + " create_time BIGINT, start_time BIGINT, finish_time BIGINT, trigger_mode VARCHAR, refresh_mode VARCHAR,"
                + " need_partitions VARCHAR, completed_partitions VARCHAR, last_query_id VARCHAR)");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS complete_requested BOOLEAN");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS requested_partitions VARCHAR");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS plan_signature_matches BOOLEAN");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS requested_method VARCHAR");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS ivm_fallback_reason VARCHAR");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS ivm_rebuilt_partitions INTEGER");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS ivm_source_versions VARCHAR");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS ivm_source_times VARCHAR");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS ivm_cost VARCHAR");
    }

    /** Older data directories kept the tasks under a primary key on task_id: the rows move to a table without it. */
    private static void unkeyOlderTable(Connection c) {
        Object keyed = Sql.scalar(c, "SELECT 1 FROM duckdb_constraints() WHERE schema_name = 'cairn_sys' AND table_name = 'mv_tasks' "
                + "AND constraint_type = 'PRIMARY KEY'");
        if (keyed == null) {
            return;
        }
        Sql.execute(c, "ALTER TABLE " + TABLE + " RENAME TO mv_tasks_keyed");
        Sql.execute(c, "CREATE TABLE " + TABLE + " AS SELECT * FROM cairn_sys.mv_tasks_keyed");
        Sql.execute(c, "ALTER TABLE " + TABLE + " ALTER COLUMN task_id SET NOT NULL");
        Sql.execute(c, "DROP TABLE cairn_sys.mv_tasks_keyed");
    }

    /**
     * Records a finished task. Readers see only the newest {@code keepPerJob} tasks of each job; the
     * older rows are deleted when {@code trim} is set, so that not every refresh pays for it.
     */
    static void record(Connection c, TaskRecord t, long keepPerJob, boolean trim) {
        if (keepPerJob < 1) {
            return;
        }
        // Parameters: the statement is the same on every refresh, and stays prepared.
        Object[] values = {t.taskId(), t.jobId(), t.jobName(), t.mvId(), t.mvName(), t.dbId(), t.dbName(), t.status(), t.errorMsg(),
            t.createTime(), t.startTime(), t.finishTime(), t.triggerMode(), t.refreshMode(), json(t.needRefreshPartitions()),
            json(t.completedPartitions()), t.lastQueryId(), t.completeRequested(), json(t.requestedPartitions()),
            t.planSignatureMatches(), t.requestedMethod(), t.ivmFallbackReason(), t.ivmRebuiltPartitions(), t.ivmSourceVersions(),
            t.ivmSourceTimes(), t.ivmCost()};
        Sql.update(c, "INSERT INTO " + TABLE + " (" + COLUMNS + ") VALUES (" + String.join(", ", java.util.Collections.nCopies(values.length, "?"))
                + ")", values);
        if (trim) {
            Sql.update(c, "DELETE FROM " + TABLE + " WHERE task_id IN (SELECT task_id FROM " + TABLE
                    + " QUALIFY row_number() OVER (PARTITION BY job_id ORDER BY task_id DESC) > " + keepPerJob + ")");
        }
    }

    /** The newest {@code keepPerJob} tasks of every job, oldest first. */
    static List<TaskRecord> all(Connection c, long keepPerJob) {
        List<TaskRecord> out = new ArrayList<>();
        // By name: columns added by upgrades follow the others in the order they were added.
        for (List<Object> r : Sql.rows(c, "SELECT " + COLUMNS + " FROM " + TABLE + " QUALIFY row_number() OVER (PARTITION BY job_id"
                + " ORDER BY task_id DESC) <= " + Math.max(0, keepPerJob) + " ORDER BY task_id")) {
            out.add(new TaskRecord(n(r.get(0)), n(r.get(1)), (String) r.get(2), n(r.get(3)), (String) r.get(4), n(r.get(5)),
                    (String) r.get(6), (String) r.get(7), (String) r.get(8), n(r.get(9)), n(r.get(10)), n(r.get(11)),
                    (String) r.get(12), Boolean.TRUE.equals(r.get(17)), (String) r.get(13), list((String) r.get(14)),
                    list((String) r.get(15)), (String) r.get(16), list((String) r.get(18)),
                    r.get(19) instanceof Boolean b ? b : null, (String) r.get(20), (String) r.get(21),
                    r.get(22) == null ? 0 : ((Number) r.get(22)).intValue(), (String) r.get(23), (String) r.get(24),
                    (String) r.get(25)));
        }
        return out;
    }

    static void forgetJob(Connection c, long jobId) {
        Sql.update(c, "DELETE FROM " + TABLE + " WHERE job_id = ?", jobId);
    }

    /** Removes the tasks of jobs that no longer exist (a DROP DATABASE of older versions left them). */
    static void forgetJobsExcept(Connection c, List<Long> jobIds) {
        Sql.deleteExcept(c, TABLE, "job_id", jobIds.stream().map(String::valueOf).toList());
    }

    static long maxTaskId(Connection c) {
        Object v = Sql.scalar(c, "SELECT max(task_id) FROM " + TABLE);
        return v == null ? 0 : ((Number) v).longValue();
    }

    /** Names as a JSON array, as tasks() and SHOW PARTITIONS print partition and table lists. */
    public static String json(List<String> names) {
        try {
            return JSON.writeValueAsString(names);
        } catch (JsonProcessingException e) {
            throw new CairnException(ErrorCode.INTERNAL, e.getMessage(), e);
        }
    }

    private static List<String> list(String json) {
        try {
            return json == null ? List.of() : JSON.readValue(json, new TypeReference<List<String>>() { });
        } catch (JsonProcessingException e) {
            throw new CairnException(ErrorCode.INTERNAL, "corrupt task record: " + e.getMessage(), e);
        }
    }

    private static long n(Object o) {
        return o == null ? 0 : ((Number) o).longValue();
    }
}
