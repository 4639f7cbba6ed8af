package io.cairndb.catalog;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table's Doris {@code dynamic_partition.*} properties, checked with Doris's messages. Partitions
 * of {@code unit} are kept from {@code start} units before now to {@code end} units after it; a
 * start of {@link #KEEP_ALL} (Doris's default, Integer.MIN_VALUE) drops nothing.
 */
public record DynamicPartitionConfig(boolean enabled, Unit unit, ZoneId zone, int start, int end, String prefix,
                                     Integer buckets, int startDayOfWeek, int startDayOfMonth, boolean createHistory,
                                     int historyPartitionNum, List<Period> reservedHistoryPeriods) {
    public static final String PREFIX = "dynamic_partition.";
    /**
     * Doris's dynamic_partition.* keys: a misspelled one is refused rather than ignored. Replication,
     * hot partitions and storage placement are recorded only: one server keeps every partition alike.
     */
    private static final Set<String> KEYS = Set.of("enable", "time_unit", "time_zone", "start", "end",
            "prefix", "buckets", "start_day_of_week", "start_day_of_month", "create_history_partition", "history_partition_num",
            "reserved_history_periods", "replication_num", "replication_allocation", "hot_partition_num", "storage_medium",
            "storage_policy");
    public static final int KEEP_ALL = Integer.MIN_VALUE;
    /** history_partition_num when not given: no limit. */
    public static final int UNLIMITED_HISTORY = -1;

    private static final Pattern PARTITION_NAME = Pattern.compile("[a-zA-Z][a-zA-Z0-9_]*");
    private static final Pattern PERIOD = Pattern.compile("\\[([^,\\]]+),([^,\\]]+)]");

    public enum Unit { HOUR, DAY, WEEK, MONTH, YEAR }

    /** A reserved_history_periods pair: partitions overlapping [from, to] are never dropped. */
    public record Period(LocalDateTime from, LocalDateTime to) {
    }

    public DynamicPartitionConfig {
        reservedHistoryPeriods = List.copyOf(reservedHistoryPeriods);
    }

    /** Whether any dynamic partition property is set. */
    public static boolean present(Map<String, String> props) {
        return props.keySet().stream().anyMatch(k -> k.toLowerCase(Locale.ROOT).startsWith(PREFIX));
    }

    /** The table's dynamic partitioning, or null when it has none. */
    public static DynamicPartitionConfig of(TableMeta t) {
        return t.isView() || !present(t.properties()) ? null : of(t.properties());
    }

    /** Parses and checks the properties; fails with Doris's message on the first bad value. */
    public static DynamicPartitionConfig of(Map<String, String> props) {
        for (String k : props.keySet()) {
            String key = k.toLowerCase(Locale.ROOT);
            if (key.startsWith(PREFIX) && !KEYS.contains(key.substring(PREFIX.length()))) {
                throw bad("Unknown dynamic partition property " + k);
            }
        }
        String unitText = get(props, "time_unit");
        if (unitText == null || unitText.isEmpty()) {
            throw bad("Must assign dynamic_partition.time_unit properties");
        }
        Unit unit;
        try {
            unit = Unit.valueOf(unitText.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw bad("Unsupported time unit " + unitText + ". Expect HOUR/DAY/WEEK/MONTH/YEAR.");
        }
        String end = get(props, "end");
        if (end == null) {
            throw bad("Must assign dynamic_partition.end properties");
        }
        if (end.isEmpty()) {
            throw bad("Dynamic partition end is empty");
        }
        int endValue = integer(end, "Invalid dynamic partition end " + end);
        if (endValue <= 0) {
            throw bad("Dynamic partition end must greater than 0");
        }
        String start = get(props, "start");
        int startValue = start == null ? KEEP_ALL : integer(start, "Invalid dynamic partition start " + start);
        if (startValue >= 0) {
            throw bad("Dynamic partition start must less than 0");
        }
        String prefix = get(props, "prefix");
        prefix = prefix == null ? "p" : prefix;
        if (!PARTITION_NAME.matcher(prefix).matches()) {
            throw bad("Invalid dynamic partition prefix: " + prefix + ".");
        }
        String bucketsText = get(props, "buckets");
        Integer buckets = null;
        if (bucketsText != null) {
            buckets = integer(bucketsText, "Invalid dynamic partition buckets " + bucketsText);
            if (buckets <= 0) {
                throw bad("Dynamic partition buckets must greater than 0");
            }
        }
        return new DynamicPartitionConfig(flag(props, "enable", "Invalid dynamic partition enable: %s. Expected true or false", true),
                unit, zone(get(props, "time_zone")), startValue, endValue, prefix, buckets,
                dayWithin(props, "start_day_of_week", 7), dayWithin(props, "start_day_of_month", 28),
                flag(props, "create_history_partition",
                        "Invalid dynamic partition create_history_partition: %s. Expected true or false", false),
                historyPartitionNum(get(props, "history_partition_num")), periods(get(props, "reserved_history_periods"), unit));
    }

    /** Checks that the table can be partitioned dynamically: one RANGE column of a date type fitting the unit. */
    public void checkTable(TableMeta t) {
        PartitionScheme s = t.partitioning();
        if (s == null || s.kind() != PartitionScheme.Kind.RANGE || s.columns().size() != 1) {
            throw bad("Dynamic partition only support single-column range partition");
        }
        TypeKind type = t.column(s.columns().get(0)).type().kind();
        if (type != TypeKind.DATE && type != TypeKind.DATETIME) {
            throw bad("Dynamic partition only support DATE or DATETIME partition column, not " + type);
        }
        if (unit == Unit.HOUR && type == TypeKind.DATE) {
            throw bad("Date type partition does not support dynamic partitioning granularity of hour");
        }
    }

    private static String get(Map<String, String> props, String key) {
        for (Map.Entry<String, String> e : props.entrySet()) {
            if (e.getKey().equalsIgnoreCase(PREFIX + key)) {
                return e.getValue().trim();
            }
        }
        return null;
    }

    private static boolean flag(Map<String, String> props, String key, String message, boolean absent) {
        String v = get(props, key);
        if (v == null) {
            return absent;
        }
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw bad(String.format(message, v));
        }
        return v.equalsIgnoreCase("true");
    }

    private static int integer(String v, String message) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, message, e);
        }
    }

    private static ZoneId zone(String v) {
        if (v == null || v.isEmpty()) {
            return ZoneId.systemDefault();
        }
        try {
            return ZoneId.of(v);
        } catch (DateTimeException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown or incorrect time zone: '" + v + "'", e);
        }
    }

    private static int dayWithin(Map<String, String> props, String key, int last) {
        String v = get(props, key);
        if (v == null) {
            return 1;
        }
        int day = integer(v, "Invalid properties: " + PREFIX + key);
        if (day < 1 || day > last) {
            throw bad(PREFIX + key + " should between 1 and " + last);
        }
        return day;
    }

    private static int historyPartitionNum(String v) {
        if (v == null) {
            return UNLIMITED_HISTORY;
        }
        int n = integer(v, "Invalid properties: " + PREFIX + "history_partition_num");
        if (n < 0 && n != UNLIMITED_HISTORY) {
            throw bad("Dynamic history partition num must greater than 0");
        }
        return n;
    }

    /** {@code [yyyy-MM-dd,yyyy-MM-dd],[...,...]} (with times when the unit is HOUR). */
    private static List<Period> periods(String v, Unit unit) {
        List<Period> out = new ArrayList<>();
        if (v == null || v.equalsIgnoreCase("NULL")) {
            return out;
        }
        if (v.isEmpty()) {
            throw bad("Dynamic reserved history periods is empty.");
        }
        String compact = v.replace(" ", unit == Unit.HOUR ? " " : "");
        Matcher m = PERIOD.matcher(compact);
        int end = 0;
        DateTimeFormatter f = DateTimeFormatter.ofPattern(unit == Unit.HOUR ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd");
        while (m.find()) {
            if (m.start() != end && !compact.substring(end, m.start()).equals(",")) {
                throw invalidPeriods(v);
            }
            end = m.end();
            try {
                LocalDateTime from = unit == Unit.HOUR ? LocalDateTime.parse(m.group(1).trim(), f)
                        : java.time.LocalDate.parse(m.group(1).trim(), f).atStartOfDay();
                LocalDateTime to = unit == Unit.HOUR ? LocalDateTime.parse(m.group(2).trim(), f)
                        : java.time.LocalDate.parse(m.group(2).trim(), f).atStartOfDay();
                if (from.isAfter(to)) {
                    throw bad("The first date is larger than the second date, [" + m.group(1) + "," + m.group(2) + "] is invalid.");
                }
                out.add(new Period(from, to));
            } catch (DateTimeParseException e) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, invalidPeriods(v).getMessage(), e);
            }
        }
        if (out.isEmpty() || end != compact.length()) {
            throw invalidPeriods(v);
        }
        return out;
    }

    private static CairnException invalidPeriods(String v) {
        return bad("Invalid \" " + PREFIX + "reserved_history_periods \" value " + v + ". It must be like "
                + "\"[yyyy-MM-dd,yyyy-MM-dd],[...,...]\" while time_unit is DAY/WEEK/MONTH or "
                + "\"[yyyy-MM-dd HH:mm:ss,yyyy-MM-dd HH:mm:ss],[...,...]\" while time_unit is HOUR.");
    }

    private static CairnException bad(String message) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, message);
    }
}
