package io.cairndb.changelog;

import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A table's row-changelog settings. Doris {@code changelog.*}, the Doris row-binlog spellings
 * {@code binlog.*} and StarRocks {@code enable_change_data_capture} all map onto this one record.
 */
public record ChangelogConfig(boolean enabled, boolean needHistoricalValue, long ttlSeconds) {
    /** Doris keeps binlog for a day unless told otherwise. */
    public static final long DEFAULT_TTL_SECONDS = 86_400;
    public static final ChangelogConfig DISABLED = new ChangelogConfig(false, false, DEFAULT_TTL_SECONDS);

    /** Every property a changelog is configured by, in either spelling. */
    public static final List<String> PROPERTY_KEYS = List.of("changelog.enable", "binlog.enable",
            "enable_change_data_capture", "changelog.need_historical_value", "binlog.need_historical_value",
            "changelog.ttl_seconds", "binlog.ttl_seconds", "binlog.format");

    public static ChangelogConfig of(TableMeta t) {
        return t.isView() ? DISABLED : of(t.properties());
    }

    public static ChangelogConfig of(Map<String, String> props) {
        boolean enabled = flag(props, "changelog.enable") || flag(props, "binlog.enable")
                || flag(props, "enable_change_data_capture");
        // StarRocks's change data capture of a PRIMARY KEY table keeps before images: its IVM retracts updated rows.
        boolean historical = flag(props, "changelog.need_historical_value") || flag(props, "binlog.need_historical_value")
                || flag(props, "enable_change_data_capture");
        String ttl = first(props, "changelog.ttl_seconds", "binlog.ttl_seconds");
        long ttlSeconds = DEFAULT_TTL_SECONDS;
        if (ttl != null) {
            try {
                ttlSeconds = Long.parseLong(ttl.trim());
            } catch (NumberFormatException e) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid changelog ttl_seconds: " + ttl);
            }
            if (ttlSeconds <= 0) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid changelog ttl_seconds: " + ttl);
            }
        }
        return new ChangelogConfig(enabled, historical, ttlSeconds);
    }

    /**
     * Checks a table's properties after CREATE or ALTER: a changelog only on DUPLICATE, UNIQUE
     * (merge-on-write) and PRIMARY KEY tables, a ROW binlog format, and never switched off once on.
     */
    public static void validate(TableMeta t, ChangelogConfig before, boolean featureEnabled) {
        Map<String, String> props = t.properties();
        ChangelogConfig after = of(props);
        String format = props.get("binlog.format");
        if (format != null && !format.equalsIgnoreCase("ROW")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "binlog.format only supports ROW, got: " + format);
        }
        if (before.enabled() && !after.enabled()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Changelog can not be disabled once it is enabled on table "
                    + t.name());
        }
        if (before.enabled() && before.needHistoricalValue() && !after.needHistoricalValue()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "changelog.need_historical_value can not be disabled once it is enabled on table "
                    + t.name());
        }
        if (!after.enabled()) {
            return;
        }
        if (!featureEnabled && !before.enabled()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "Changelog is not enabled. Set enable_feature_changelog = true in the FE configuration to use it.");
        }
        // An AGGREGATE KEY table's changelog is turned on only by an IVM MV over it (StarRocks's
        // derived changes), never by the user, as in Doris.
        if (t.keyModel() == KeyModel.AGGREGATE && !before.enabled()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "Changelog is only supported on DUPLICATE KEY and UNIQUE KEY merge-on-write tables");
        }
        if (t.hasNullableKey()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Changelog is not supported on table " + t.name()
                    + " because its key column can be NULL; declare the key columns NOT NULL");
        }
        if (t.keyModel() == KeyModel.UNIQUE && "false".equalsIgnoreCase(props.get("enable_unique_key_merge_on_write"))) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "Changelog is only supported on DUPLICATE KEY and UNIQUE KEY merge-on-write tables");
        }
        if (flag(props, "enable_change_data_capture") && t.keyModel() != KeyModel.PRIMARY
                && !flag(props, "changelog.enable") && !flag(props, "binlog.enable")) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "enable_change_data_capture is only supported on PRIMARY KEY tables");
        }
    }

    private static boolean flag(Map<String, String> props, String key) {
        String v = props.get(key);
        return v != null && v.trim().toLowerCase(Locale.ROOT).equals("true");
    }

    private static String first(Map<String, String> props, String... keys) {
        for (String k : keys) {
            if (props.get(k) != null) {
                return props.get(k);
            }
        }
        return null;
    }
}
