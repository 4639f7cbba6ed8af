package io.cairndb.mv;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether applying a window of changes to an IVM MV is expected to cost more than building it again,
 * from what this MV's own refreshes measured: the time of its last full build, and its incremental
 * refreshes' time per change row. A FALLBACK or AUTO refresh whose estimate says so recomputes
 * instead (the stale partitions when it has PARTITION BY, else everything); strict INCREMENTAL only
 * shows the estimate. Measurements live in memory: after a restart the MV is measured again.
 */
final class IvmCostModel {
    /** The fallback reason of a refresh the estimate sent to a recompute. */
    static final String REASON = "DELTA_COST_EXCEEDS_RECOMPUTE";
    /** Below this many change rows an incremental refresh is always taken: its fixed cost dominates. */
    static final long MIN_CHANGES = 1_000;
    /** Refreshes of fewer change rows are not measured: their time is mostly fixed cost. */
    static final long MIN_MEASURED = 100;
    /** The weight of the newest measurement in the running estimate of time per change. */
    private static final double NEWEST = 0.5;

    private record Measured(double buildMs, double msPerChange) {
    }

    private final Map<Long, Measured> measured = new ConcurrentHashMap<>();

    /**
     * The estimate for {@code changes} change rows: the incremental time at the measured rate and the
     * last full build's time (NaN when not measured yet), and whether to recompute instead.
     */
    record Estimate(long changes, double incrementalMs, double recomputeMs) {
        /** Whether the window is large enough for the estimate to count (and to be shown). */
        boolean consulted() {
            return changes >= MIN_CHANGES;
        }

        boolean recompute() {
            return consulted() && !Double.isNaN(incrementalMs) && !Double.isNaN(recomputeMs) && incrementalMs > recomputeMs;
        }

        /** As tasks() shows it in TaskContext. */
        String json(String choice) {
            return String.format(Locale.ROOT, "{\"changes\":%d,\"incrementalMs\":%s,\"recomputeMs\":%s,\"choice\":\"%s\"}", changes,
                    number(incrementalMs), number(recomputeMs), choice);
        }

        private static String number(double ms) {
            return Double.isNaN(ms) ? "null" : String.format(Locale.ROOT, "%.1f", ms);
        }
    }

    Estimate estimate(long mvId, long changes) {
        Measured m = measured.get(mvId);
        if (m == null) {
            return new Estimate(changes, Double.NaN, Double.NaN);
        }
        return new Estimate(changes, m.msPerChange() * changes, m.buildMs());
    }

    void fullBuild(long mvId, double ms) {
        measured.merge(mvId, new Measured(ms, Double.NaN), (was, now) -> new Measured(ms, was.msPerChange()));
    }

    void incremental(long mvId, long changes, double ms) {
        if (changes < MIN_MEASURED) {
            return;
        }
        double rate = ms / changes;
        measured.merge(mvId, new Measured(Double.NaN, rate), (was, now) -> new Measured(was.buildMs(),
                Double.isNaN(was.msPerChange()) ? rate : NEWEST * rate + (1 - NEWEST) * was.msPerChange()));
    }

    void forget(long mvId) {
        measured.remove(mvId);
    }
}
