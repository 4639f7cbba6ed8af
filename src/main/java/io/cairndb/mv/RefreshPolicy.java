package io.cairndb.mv;

import io.cairndb.catalog.MvMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.MvStatement;

import java.util.Locale;
import java.util.Map;

/** An MV's REFRESH clause read into its refresh method and trigger, as CREATE and ALTER .. REFRESH give them. */
final class RefreshPolicy {
    private RefreshPolicy() {
    }

    /**
     * The refresh method: REFRESH COMPLETE / AUTO / INCREMENTAL / PARTITIONS, StarRocks refresh_mode PCT
     * (= AUTO) or INCREMENTAL, else {@code fallback}.
     */
    static String method(MvStatement.Refresh refresh, Map<String, String> properties, String fallback) {
        String method = refresh == null || refresh.method() == null ? null : refresh.method();
        String mode = properties.get("refresh_mode");
        if (mode != null) {
            String implied = mode.trim().equalsIgnoreCase("PCT") ? "AUTO" : mode.trim().toUpperCase(Locale.ROOT);
            if (method != null && !method.equals(implied) && (method.equals("INCREMENTAL") || implied.equals("INCREMENTAL"))) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "refresh_mode = " + mode.trim() + " contradicts REFRESH " + method
                        + ": give one of them");
            }
            method = method == null ? implied : method;
        }
        if (refresh != null && refresh.fallback() && !"INCREMENTAL".equals(method) && !"PARTITIONS".equals(method)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "FALLBACK only follows REFRESH INCREMENTAL or REFRESH PARTITIONS");
        }
        return method == null ? fallback : method;
    }

    /** Checks a refresh trigger: at least a minute, never in seconds, STARTS in the future. */
    static MvMeta.Trigger trigger(MvStatement.Trigger t, MvMeta.Trigger fallback, java.time.ZoneId zone) {
        if (t == null) {
            return fallback != null ? fallback : new MvMeta.Trigger("MANUAL", 0, null, 0);
        }
        if (t.kind() != MvStatement.TriggerKind.SCHEDULE) {
            return new MvMeta.Trigger(t.kind().name(), 0, null, 0);
        }
        String unit = t.unit().toUpperCase(Locale.ROOT);
        if (unit.equals("SECOND")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "interval time unit can not be second");
        }
        if (t.interval() < 1) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "interval must be at least 1 " + unit.toLowerCase(Locale.ROOT));
        }
        long starts = 0;
        if (t.starts() != null) {
            starts = io.cairndb.engine.TimeText.parse(t.starts(), zone).toEpochMilli();
            if (starts <= System.currentTimeMillis()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "starts time must be greater than current time");
            }
        }
        MvMeta.Trigger out = new MvMeta.Trigger("SCHEDULE", t.interval(), unit, starts);
        MvScheduler.periodMillis(out);
        return out;
    }
}
