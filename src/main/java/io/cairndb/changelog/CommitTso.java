package io.cairndb.changelog;

import java.util.function.LongSupplier;

/**
 * The commit timestamp of one statement: allocated on first use, so statements that change no
 * changelog table take none, and every change of one statement shares it.
 */
public final class CommitTso {
    private final Tso allocator;
    private final LongSupplier clockMillis;
    private long tso = -1;

    public CommitTso(Tso allocator, LongSupplier clockMillis) {
        this.allocator = allocator;
        this.clockMillis = clockMillis;
    }

    public long get() {
        if (tso < 0) {
            tso = allocator.next(clockMillis.getAsLong());
        }
        return tso;
    }
}
