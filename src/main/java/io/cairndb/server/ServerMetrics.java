package io.cairndb.server;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the statements sessions run (Doris's doris_fe_query_total and doris_fe_query_err) and
 * the latencies of the most recent ones, from which the scrape computes quantiles.
 */
public final class ServerMetrics {
    private static final int RECENT = 4096;

    private final LongAdder queries = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder connections = new LongAdder();
    /** Guarded by itself: a ring of the most recent latencies, in milliseconds. */
    private final double[] recent = new double[RECENT];
    private long recorded;

    void statement(long nanos, boolean failed) {
        queries.increment();
        if (failed) {
            errors.increment();
        }
        synchronized (recent) {
            recent[(int) (recorded++ % RECENT)] = nanos / 1e6;
        }
    }

    void connected() {
        connections.increment();
    }

    public long queries() {
        return queries.sum();
    }

    public long errors() {
        return errors.sum();
    }

    /** Sessions opened since start (MySQL connections, Stream Loads and embedded sessions). */
    public long connections() {
        return connections.sum();
    }

    /** The latency at each quantile ({@code 0.5}, {@code 0.99}, ..) of the most recent statements, in ms; 0 before any. */
    public double[] latencyQuantiles(double... quantiles) {
        double[] sorted;
        synchronized (recent) {
            sorted = Arrays.copyOf(recent, (int) Math.min(recorded, RECENT));
        }
        Arrays.sort(sorted);
        double[] out = new double[quantiles.length];
        for (int i = 0; i < quantiles.length; i++) {
            out[i] = sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.floor(quantiles[i] * sorted.length))];
        }
        return out;
    }
}
