package io.cairndb.server;

import io.cairndb.catalog.FeConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/**
 * Logs statements over qe_slow_log_ms (failed ones too), reading the threshold each time so that
 * ADMIN SET FRONTEND CONFIG applies at once. Rows a query streams afterwards are not counted.
 */
final class SlowStatementLog {
    private static final Logger LOG = LoggerFactory.getLogger(SlowStatementLog.class);
    /** The log keeps this much of a statement's text: enough to recognize it. */
    private static final int SQL_CHARS = 4096;

    private SlowStatementLog() {
    }

    static void record(FeConfig config, String sql, long nanos, long connectionId, String user) {
        long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
        String threshold = config.get("qe_slow_log_ms");
        long limit;
        try {
            limit = Long.parseLong(threshold);
        } catch (NumberFormatException e) {
            LOG.warn("qe_slow_log_ms is not a number of milliseconds: '{}'", threshold);
            return;
        }
        if (millis > limit) {
            String text = sql.length() <= SQL_CHARS ? sql
                    : sql.substring(0, SQL_CHARS) + "... (" + sql.length() + " characters)";
            LOG.warn("Slow statement: {} ms, connection {}, user '{}': {}", millis, connectionId, user, text);
        }
    }
}
