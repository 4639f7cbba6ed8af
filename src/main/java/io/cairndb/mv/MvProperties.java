package io.cairndb.mv;

import io.cairndb.analyzer.TableProperties;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The MV properties CairnDB interprets, checked before they are stored; other properties are kept as given. */
final class MvProperties {
    private static final Set<String> SYNC_UNITS = Set.of("DAY", "MONTH", "YEAR");
    private static final String NONDETERMINISTIC = "enable_nondeterministic_function";
    /** The MV properties ALTER MATERIALIZED VIEW .. SET changes (each has its effect here). */
    private static final Set<String> ALTERABLE = Set.of("grace_period", "excluded_trigger_tables", "refresh_partition_num",
            "partition_sync_limit", "partition_sync_time_unit", "partition_date_format", "enable_query_rewrite", "refresh_mode",
            NONDETERMINISTIC, IvmWindow.PROPERTY);

    /** StarRocks's partition refresh properties, which its seed says have no effect on an incremental MV. */
    private static final Set<String> NO_EFFECT_ON_IVM = Set.of("partition_refresh_number", "partition_refresh_strategy",
            "auto_refresh_partitions_limit");
    /** MV properties CREATE takes besides those ALTER changes. */
    private static final Set<String> AT_CREATE = Set.of("ivm_use_full_keys");

    private MvProperties() {
    }

    /**
     * Whether {@code t} is listed in the MV's excluded_trigger_tables (as {@code t}, {@code db.t} or
     * {@code internal.db.t}): its commits neither trigger a refresh nor make the MV stale, as in Doris.
     */
    static boolean excludesTrigger(MvMeta mv, TableMeta t) {
        return excludesTrigger(mv.properties(), t);
    }

    static boolean excludesTrigger(Map<String, String> properties, TableMeta t) {
        String list = properties.get("excluded_trigger_tables");
        if (list == null || list.isBlank()) {
            return false;
        }
        for (String item : list.split(",")) {
            String name = item.trim();
            if (name.toLowerCase(Locale.ROOT).startsWith("internal.")) {
                name = name.substring("internal.".length());
            }
            if (name.equals(t.name()) || name.equals(t.database() + "." + t.name())) {
                return true;
            }
        }
        return false;
    }

    /** {@code changes} merged over {@code current}, after checking each interpreted value; "" removes a property. */
    static Map<String, String> validate(Map<String, String> changes, Map<String, String> current) {
        return validate(changes, current, false);
    }

    /**
     * As {@link #validate(Map, Map)}; ALTER MATERIALIZED VIEW .. SET ({@code altering}) takes only the
     * MV's own properties, as in Doris, where CREATE also takes table properties.
     */
    static Map<String, String> validate(Map<String, String> changes, Map<String, String> current, boolean altering) {
        Map<String, String> out = new LinkedHashMap<>(current);
        Map<String, String> unknown = new LinkedHashMap<>();
        changes.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            String value = v.trim();
            if (key.startsWith("dynamic_partition.")) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Not support dynamic partition properties on async materialized view");
            }
            if (altering && !ALTERABLE.contains(key)) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "illegal key:" + k);
            }
            if (value.isEmpty()) {
                // As in Doris, setting a property to "" clears it: it takes its default again.
                out.remove(key);
                return;
            }
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
                case NONDETERMINISTIC -> {
                    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "valid property " + NONDETERMINISTIC + " fail");
                    }
                }
                case "ivm_use_full_keys" -> {
                    // Rows of an IVM MV are matched by their values, never by a hash: there is no collision to avoid.
                    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "ivm_use_full_keys must be true or false, not " + v);
                    }
                }
                case IvmWindow.PROPERTY -> IvmWindow.parse(value);
                case "enable_query_rewrite" -> {
                    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "enable_query_rewrite must be true or false, not " + v);
                    }
                }
                case "workload_group" -> throw new CairnException(ErrorCode.NOT_SUPPORTED,
                        "workload_group is not supported: refresh tasks share the server's resources");
                default -> {
                    if (!ALTERABLE.contains(key) && !AT_CREATE.contains(key) && !NO_EFFECT_ON_IVM.contains(key)
                            && !TableProperties.known(key)) {
                        unknown.put(k, v);
                    }
                }
            }
            out.put(key, v);
        });
        if (!unknown.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown properties: " + unknown);
        }
        for (String key : NO_EFFECT_ON_IVM) {
            if (out.containsKey(key) && !"INCREMENTAL".equalsIgnoreCase(out.getOrDefault("refresh_mode", "").trim())) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, key + " is not supported: refresh_partition_num sets how many "
                        + "partitions one refresh statement rebuilds");
            }
        }
        return out;
    }

    /**
     * ALTER .. SET's properties without refresh_mode, which may only state the MV's own mode: as in
     * StarRocks (seed 001), the same mode again is accepted and a switch is refused.
     */
    static Map<String, String> withoutRefreshMode(MvMeta mv, Map<String, String> asked) {
        Map<String, String> out = new LinkedHashMap<>();
        asked.forEach((k, v) -> {
            if (!k.equalsIgnoreCase("refresh_mode")) {
                out.put(k, v);
                return;
            }
            validate(Map.of("refresh_mode", v), Map.of());
            String now = mv.properties().getOrDefault("refresh_mode", mv.ivm() != null ? "INCREMENTAL" : "PCT")
                    .trim().toUpperCase(Locale.ROOT);
            String wanted = v.trim().toUpperCase(Locale.ROOT);
            if (!wanted.equals(now)) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Altering refresh_mode from " + now + " to " + wanted
                        + " is not supported: drop the materialized view and create it again");
            }
        });
        return out;
    }

    /** Whether the definition may use now(), current_date() and the like (Doris's enable_nondeterministic_function). */
    static boolean allowsNondeterministic(Map<String, String> properties) {
        return "true".equalsIgnoreCase(properties.getOrDefault(NONDETERMINISTIC, "").trim());
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
