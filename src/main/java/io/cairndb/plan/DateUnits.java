package io.cairndb.plan;

import java.util.List;
import java.util.Locale;

/** The date_trunc units and how they nest, for partition roll-up. */
public final class DateUnits {
    /** The units from the finest to the coarsest. */
    public static final List<String> ORDER = List.of("second", "minute", "hour", "day", "week", "month", "quarter", "year");

    private DateUnits() {
    }

    public static boolean isUnit(String unit) {
        return unit != null && ORDER.contains(unit.toLowerCase(Locale.ROOT));
    }

    /**
     * The unit of truncating to {@code current} (null: not truncated) and then to {@code next}: {@code next}
     * when it is as coarse or coarser and nests (weeks do not nest in months), else null.
     */
    public static String coarser(String current, String next) {
        String n = next.toLowerCase(Locale.ROOT);
        if (!ORDER.contains(n)) {
            return null;
        }
        if (current == null || current.equals(n)) {
            return n;
        }
        boolean weekMismatch = current.equals("week") || n.equals("week");
        return ORDER.indexOf(n) > ORDER.indexOf(current) && !weekMismatch ? n : null;
    }
}
