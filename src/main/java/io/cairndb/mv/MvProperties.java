package io.cairndb.mv;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The MV properties CairnDB interprets, checked before they are stored; other properties are kept as given. */
final class MvProperties {
    private static final Set<String> SYNC_UNITS = Set.of("DAY", "MONTH", "YEAR");

    private MvProperties() {
    }

    /** {@code changes} merged over {@code current}, after checking each interpreted value. */
    static Map<String, String> validate(Map<String, String> changes, Map<String, String> current) {
        Map<String, String> out = new LinkedHashMap<>(current);
        changes.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            String value = v.trim();
            switch (key) {
                case "refresh_mode" -> {
                    String mode = value.toUpperCase(Locale.ROOT);
                    if (!mode.equals("INCREMENTAL") && !mode.equals("PCT")) {
                        throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                                "Invalid refresh_mode: " + v + ". Only INCREMENTAL, PCT are supported.");
                    }
                }
                case "grace_period" -> number(key, value, 0);
                case "partition_sync_limit" -> number(key, value, 0);
                case "refresh_partition_num" -> number(key, value, 1);
                case "partition_sync_time_unit" -> {
                    if (!SYNC_UNITS.contains(value.toUpperCase(Locale.ROOT))) {
                        throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                                "partition_sync_time_unit must be one of DAY, MONTH, YEAR, not " + v);
                    }
                }
                case "enable_query_rewrite" -> {
                    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "enable_query_rewrite must be true or false, not " + v);
                    }
                }
                default -> {
                }
            }
            out.put(key, v);
        });
        return out;
    }

    private static void number(String key, String value, long min) {
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, key + " must be a number, not '" + value + "'");
        }
        if (n < min) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, key + " must be at least " + min + ", not " + n);
        }
    }
}
