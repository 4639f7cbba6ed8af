package io.cairndb.mv;

import java.util.List;
import java.util.Locale;

/**
 * One refresh task of an MV's job as {@code tasks()} shows it. Times are epoch milliseconds (0: not
 * yet); status is PENDING, RUNNING, SUCCESS, FAILED or CANCELED; refreshMode is COMPLETE, PARTIAL or
 * NOT_REFRESH once known (null before); completeRequested is whether a REFRESH .. COMPLETE statement asked
 * for it, requestedPartitions the partitions a REFRESH .. PARTITIONS (..) statement named.
 * planSignatureMatches is whether the refresh found the MV's definition bound to the plan it was
 * created with (same plan signature); null until a refresh succeeds, and for tasks recorded before it was kept.
 * requestedMethod is the refresh method asked of an IVM MV (INCREMENTAL FALLBACK, COMPLETE, ...; null
 * for other MVs, whose TaskContext shows only isComplete, as in Doris); ivmFallbackReason why an IVM refresh fell back (null when it did not),
 * ivmRebuiltPartitions how many MV partitions it rebuilt in full beyond its first build;
 * ivmSourceVersions and ivmSourceTimes the changes it consumed per base table (StarRocks's
 * imvSourceVersionRange and its commit times, JSON; null for other tasks); ivmCost the estimate an
 * incremental refresh was chosen or refused by (JSON, see {@link IvmCostModel.Estimate}; null when none was made).
 */
public record TaskRecord(long taskId, long jobId, String jobName, long mvId, String mvName, long dbId, String dbName,
                         String status, String errorMsg, long createTime, long startTime, long finishTime,
                         String triggerMode, boolean completeRequested, String refreshMode, List<String> needRefreshPartitions,
                         List<String> completedPartitions, String lastQueryId, List<String> requestedPartitions,
                         Boolean planSignatureMatches, String requestedMethod, String ivmFallbackReason,
                         int ivmRebuiltPartitions, String ivmSourceVersions, String ivmSourceTimes, String ivmCost,
                         Double statementProgress) {

    /** A record without a statement's progress (see {@link #withStatementProgress}). */
    public TaskRecord(long taskId, long jobId, String jobName, long mvId, String mvName, long dbId, String dbName,
                      String status, String errorMsg, long createTime, long startTime, long finishTime,
                      String triggerMode, boolean completeRequested, String refreshMode, List<String> needRefreshPartitions,
                      List<String> completedPartitions, String lastQueryId, List<String> requestedPartitions,
                      Boolean planSignatureMatches, String requestedMethod, String ivmFallbackReason,
                      int ivmRebuiltPartitions, String ivmSourceVersions, String ivmSourceTimes, String ivmCost) {
        this(taskId, jobId, jobName, mvId, mvName, dbId, dbName, status, errorMsg, createTime, startTime, finishTime, triggerMode,
                completeRequested, refreshMode, needRefreshPartitions, completedPartitions, lastQueryId, requestedPartitions,
                planSignatureMatches, requestedMethod, ivmFallbackReason, ivmRebuiltPartitions, ivmSourceVersions, ivmSourceTimes,
                ivmCost, null);
    }

    public TaskRecord {
        requestedPartitions = List.copyOf(requestedPartitions);
        needRefreshPartitions = List.copyOf(needRefreshPartitions);
        completedPartitions = List.copyOf(completedPartitions);
        errorMsg = errorMsg == null ? "" : errorMsg;
    }

    public boolean finished() {
        return status.equals("SUCCESS") || status.equals("FAILED") || status.equals("CANCELED");
    }

    public long durationMs() {
        return startTime == 0 ? 0 : (finishTime == 0 ? System.currentTimeMillis() : finishTime) - startTime;
    }

    /** This running task as far as it has got: the partitions it is rebuilding and those it has rebuilt. */
    TaskRecord withProgress(List<String> need, List<String> done) {
        return new TaskRecord(taskId, jobId, jobName, mvId, mvName, dbId, dbName, status, errorMsg, createTime, startTime, finishTime,
                triggerMode, completeRequested, refreshMode, need, done, lastQueryId, requestedPartitions, planSignatureMatches,
                requestedMethod, ivmFallbackReason, ivmRebuiltPartitions, ivmSourceVersions, ivmSourceTimes, ivmCost);
    }

    /**
     * This running task with how far the statement it runs has got, for a refresh that rebuilds no
     * listed partitions (an incremental refresh is one statement).
     */
    TaskRecord withStatementProgress(double percentage) {
        return new TaskRecord(taskId, jobId, jobName, mvId, mvName, dbId, dbName, status, errorMsg, createTime, startTime, finishTime,
                triggerMode, completeRequested, refreshMode, needRefreshPartitions, completedPartitions, lastQueryId,
                requestedPartitions, planSignatureMatches, requestedMethod, ivmFallbackReason, ivmRebuiltPartitions,
                ivmSourceVersions, ivmSourceTimes, ivmCost, percentage);
    }

    /**
     * {@code 100.00% (15/15)}; a task with nothing to refresh is complete. A running refresh that lists no
     * partitions shows its statement's progress.
     */
    public String progress() {
        int need = needRefreshPartitions.size();
        int done = completedPartitions.size();
        double pct = need == 0 ? (finished() ? 100.0 : statementProgress != null ? statementProgress : 0.0) : 100.0 * done / need;
        return String.format(Locale.ROOT, "%.2f%% (%d/%d)", pct, done, need);
    }

    /**
     * Doris's fields in Doris's order: the trigger, the partitions asked for, whether COMPLETE was asked
     * for (isComplete; what the task did is RefreshMode), and the refresh method asked for (refreshMode:
     * AUTO, COMPLETE, PARTITIONS or INCREMENTAL); then ours: fallback when an incremental refresh may
     * fall back, planSignatureMatches once a refresh succeeded, and ivmCost.
     */
    public String taskContext() {
        String asked = requestedMethod == null ? (completeRequested ? "COMPLETE" : "AUTO") : requestedMethod.split(" ")[0];
        String mode = asked.equals("STALE_PARTITIONS") || asked.equals("RANGE") ? "PARTITIONS" : asked;
        String fallback = requestedMethod != null && requestedMethod.endsWith(" FALLBACK") ? ",\"fallback\":true" : "";
        String plan = planSignatureMatches == null ? "" : ",\"planSignatureMatches\":" + planSignatureMatches;
        String cost = ivmCost == null ? "" : ",\"ivmCost\":" + ivmCost;
        return "{\"triggerMode\":\"" + triggerMode + "\",\"partitions\":" + TaskHistory.json(requestedPartitions)
                + ",\"isComplete\":" + completeRequested + ",\"refreshMode\":\"" + mode + "\"" + fallback + plan + cost + "}";
    }

    TaskRecord with(String newStatus, String error, long start, long finish, String mode, List<String> need,
                    List<String> completed) {
        return new TaskRecord(taskId, jobId, jobName, mvId, mvName, dbId, dbName, newStatus, error, createTime, start,
                finish, triggerMode, completeRequested, mode, need, completed, lastQueryId, requestedPartitions,
                planSignatureMatches, requestedMethod, ivmFallbackReason, ivmRebuiltPartitions,
                ivmSourceVersions, ivmSourceTimes, ivmCost);
    }

    TaskRecord withPlanSignatureMatches(boolean matches) {
        return new TaskRecord(taskId, jobId, jobName, mvId, mvName, dbId, dbName, status, errorMsg, createTime, startTime,
                finishTime, triggerMode, completeRequested, refreshMode, needRefreshPartitions, completedPartitions,
                lastQueryId, requestedPartitions, matches, requestedMethod, ivmFallbackReason, ivmRebuiltPartitions,
                ivmSourceVersions, ivmSourceTimes, ivmCost);
    }

    /** The record of a successful refresh with what its IVM part did (null: the MV is not IVM). */
    TaskRecord withIvm(IvmRefresher.Result ivm) {
        if (ivm == null) {
            return this;
        }
        return new TaskRecord(taskId, jobId, jobName, mvId, mvName, dbId, dbName, status, errorMsg, createTime, startTime,
                finishTime, triggerMode, completeRequested, refreshMode, needRefreshPartitions, completedPartitions,
                lastQueryId, requestedPartitions, planSignatureMatches, requestedMethod, ivm.fallbackReason(), ivm.rebuiltPartitions(),
                IvmRefresher.versions(ivm.consumed()), IvmRefresher.times(ivm.consumed()), ivm.cost());
    }
}
