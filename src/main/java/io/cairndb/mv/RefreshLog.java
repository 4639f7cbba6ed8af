package io.cairndb.mv;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per finished refresh task, as {@code key=value} pairs to grep: INFO when it succeeded
 * or was canceled, WARN when it failed; DEBUG when it found nothing to do (NOT_REFRESH), which
 * frequent triggers make the common case and which changes nothing. {@code method} is what was asked for (AUTO, COMPLETE,
 * PARTITIONS, RANGE), {@code mode} what the task did (COMPLETE, PARTIAL, NOT_REFRESH), as tasks() shows.
 */
final class RefreshLog {
    private static final Logger LOG = LoggerFactory.getLogger(RefreshLog.class);

    private RefreshLog() {
    }

    static void finished(TaskRecord task, MvRefresher.Request request) {
        String which = "mv=" + task.dbName() + "." + task.mvName() + " task=" + task.taskId() + " trigger=" + task.triggerMode()
                + " method=" + request.mode();
        switch (task.status()) {
            case "SUCCESS" -> {
                if ("NOT_REFRESH".equals(task.refreshMode())) {
                    LOG.debug("MV refresh succeeded: {} mode=NOT_REFRESH duration_ms={}", which, task.durationMs());
                } else {
                    LOG.info("MV refresh succeeded: {} mode={} partitions={} duration_ms={}", which, task.refreshMode(),
                            task.completedPartitions().size(), task.durationMs());
                }
            }
            case "FAILED" -> LOG.warn("MV refresh failed: {} duration_ms={} error={}", which, task.durationMs(), oneLine(task));
            default -> LOG.info("MV refresh canceled: {} duration_ms={} reason={}", which, task.durationMs(), oneLine(task));
        }
    }

    /** DuckDB's messages span lines; a log line should not. */
    private static String oneLine(TaskRecord task) {
        return task.errorMsg().replaceAll("\\s*\\R\\s*", " ");
    }
}
