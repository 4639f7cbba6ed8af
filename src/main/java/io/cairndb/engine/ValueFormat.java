package io.cairndb.engine;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Text forms of temporal values as MySQL clients expect them. */
public final class ValueFormat {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private ValueFormat() {
    }

    /** {@code yyyy-MM-dd HH:mm:ss} followed by {@code scale} fractional digits when scale > 0. */
    public static String datetime(LocalDateTime v, int scale) {
        String s = SECONDS.format(v);
        if (scale <= 0) {
            return s;
        }
        String nanos = String.format("%09d", v.getNano());
        return s + "." + nanos.substring(0, Math.min(scale, 9));
    }
}
