package io.cairndb.mv;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.ColumnOrigin;
import io.cairndb.printer.PartitionPredicates;

import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Partition change tracking (PCT): which MV partitions exist and which base partitions each is built
 * from. A partition of a tracked base table maps onto the MV partition that holds its range (the same
 * range, or the date_trunc unit around it); every other base table feeds every MV partition.
 */
final class PartitionTracker {
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private PartitionTracker() {
    }

    /** A base partition column the MV partition column follows, truncated to {@code unit} (nullable). */
    record Tracked(TableMeta table, String column, String unit) {
    }

    /**
     * One MV partition as the base tables say it should be: its bounds (RANGE) or values (LIST) and
     * the versions of the base partitions it is built from, keyed as {@link #key}.
     */
    record Target(String name, List<String> lower, List<String> upper, List<List<String>> listValues,
                  Map<String, Long> sources) {
    }

    /** The MV's partitioning kind (RANGE or LIST, UNPARTITIONED without PARTITION BY) and its partitions. */
    record Layout(PartitionScheme.Kind kind, List<Target> targets) {
    }

    /**
     * {@code partition_sync_limit} / {@code partition_sync_time_unit}: only partitions holding data of the
     * last {@code limit} units before {@code now} are kept (0: all). String partition values are read
     * as dates with {@code partition_date_format} (MySQL specifiers), else as {@code yyyy-MM-dd[ HH:mm:ss]}.
     */
    record SyncWindow(int limit, String unit, String dateFormat, LocalDateTime now) {
        static SyncWindow of(Map<String, String> properties, LocalDateTime now) {
            String limit = properties.get("partition_sync_limit");
            String unit = properties.get("partition_sync_time_unit");
            return new SyncWindow(limit == null ? 0 : Integer.parseInt(limit.trim()),
                    unit == null ? "day" : unit.trim().toLowerCase(Locale.ROOT), properties.get("partition_date_format"), now);
        }

        List<Target> latest(List<Target> targets) {
            LocalDateTime from = truncate(now, unit);
            for (int i = 1; i < limit; i++) {
                from = minus(from, unit);
            }
            List<Target> out = new ArrayList<>();
            for (Target t : targets) {
                boolean recent;
                if (!t.listValues().isEmpty()) {
                    LocalDateTime threshold = from;
                    recent = t.listValues().stream().anyMatch(v -> !parse(v.get(0)).isBefore(threshold));
                } else {
                    recent = t.upper().isEmpty() || parse(t.upper().get(0)).isAfter(from);
                }
                if (recent) {
                    out.add(t);
                }
            }
            return out;
        }

        private LocalDateTime parse(String value) {
            if (dateFormat == null) {
                return PartitionAnalyzer.parseTemporal(value);
            }
            DateTimeFormatter f = javaPattern(dateFormat);
            try {
                return java.time.LocalDateTime.parse(value, f);
            } catch (java.time.format.DateTimeParseException e) {
                try {
                    return java.time.LocalDate.parse(value, f).atStartOfDay();
                } catch (java.time.format.DateTimeParseException e2) {
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "partition value '" + value
                            + "' does not match partition_date_format " + dateFormat);
                }
            }
        }

        private static DateTimeFormatter javaPattern(String mysql) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < mysql.length(); i++) {
                char c = mysql.charAt(i);
                if (c == '%' && i + 1 < mysql.length()) {
                    char spec = mysql.charAt(++i);
                    out.append(switch (spec) {
                        case 'Y' -> "uuuu";
                        case 'm' -> "MM";
                        case 'd' -> "dd";
                        case 'H' -> "HH";
                        case 'i' -> "mm";
                        case 's' -> "ss";
                        default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                                "partition_date_format supports %Y %m %d %H %i %s, not %" + spec);
                    });
                } else if (Character.isLetter(c)) {
                    out.append('\'').append(c).append('\'');
                } else {
                    out.append(c);
                }
            }
            return DateTimeFormatter.ofPattern(out.toString());
        }
    }

    static String key(TableMeta t, PartitionMeta p) {
        return key(t.id(), p.id());
    }

    static String key(long tableId, long partitionId) {
        return tableId + "/" + partitionId;
    }

    /**
     * Per tracked base table (by id), a predicate keeping only the rows of the base partitions the
     * {@code chosen} MV partitions are built from: a partition rebuild reads nothing else of them.
     */
    static Map<Long, String> feeding(List<ColumnOrigin> tracked, Map<Long, TableMeta> bases, List<Target> chosen) {
        Map<Long, String> filters = new java.util.HashMap<>();
        for (ColumnOrigin o : tracked) {
            TableMeta base = bases.get(o.tableId());
            List<PartitionMeta> feeding = new ArrayList<>();
            for (Target t : chosen) {
                for (PartitionMeta p : base.partitioning().partitions()) {
                    if (t.sources().containsKey(key(base, p)) && !feeding.contains(p)) {
                        feeding.add(p);
                    }
                }
            }
            filters.put(base.id(), PartitionPredicates.anyOf(base, feeding));
        }
        return filters;
    }

    /** The single partition of an MV without PARTITION BY: built from every base partition. */
    static Layout unpartitioned(String mvName, List<TableMeta> bases) {
        Map<String, Long> sources = new LinkedHashMap<>();
        bases.forEach(t -> addAll(sources, t));
        return new Layout(PartitionScheme.Kind.UNPARTITIONED, List.of(new Target(mvName, List.of(), List.of(), List.of(), sources)));
    }

    /**
     * The partitions of a partitioned MV. {@code others} are the base tables that are not tracked;
     * {@code filter} leaves out partitions the MV's WHERE keeps empty; {@code window} keeps only the latest.
     */
    static Layout partitioned(List<Tracked> tracked, List<TableMeta> others, DataType mvType, SyncWindow window,
                              PartitionFilter filter) {
        Map<String, Target> byBounds = new LinkedHashMap<>();
        PartitionScheme.Kind kind = null;
        for (Tracked tr : tracked) {
            PartitionScheme s = tr.table().partitioning();
            if (s == null || s.kind() == PartitionScheme.Kind.UNPARTITIONED || s.columns().size() != 1
                    || !s.columns().get(0).equalsIgnoreCase(tr.column())) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unable to find a suitable base table for partitioning,"
                        + " the partition column " + tr.column() + " of table " + tr.table().name()
                        + " is not its partition column");
            }
            if (kind != null && kind != s.kind()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "partition-tracked tables must all be RANGE or all be LIST partitioned");
            }
            kind = s.kind();
            for (PartitionMeta p : s.partitions()) {
                Target mapped = map(tr, p, mvType);
                String bounds = mapped.lower() + ".." + mapped.upper() + mapped.listValues();
                Target existing = byBounds.get(bounds);
                Map<String, Long> sources = new LinkedHashMap<>(existing == null ? Map.of() : existing.sources());
                sources.put(key(tr.table(), p), p.visibleVersion());
                byBounds.put(bounds, new Target(mapped.name(), mapped.lower(), mapped.upper(), mapped.listValues(), sources));
            }
        }
        List<Target> targets = new ArrayList<>(byBounds.values());
        if (kind == PartitionScheme.Kind.RANGE) {
            targets.sort((a, b) -> compareLower(a.lower(), b.lower(), mvType));
            checkAligned(targets, mvType);
        }
        targets = targets.stream().filter(t -> filter.admits(t, mvType)).toList();
        if (window.limit() > 0) {
            targets = window.latest(targets);
        }
        List<Target> out = new ArrayList<>();
        for (Target t : targets) {
            Map<String, Long> sources = new LinkedHashMap<>(t.sources());
            others.forEach(o -> addAll(sources, o));
            out.add(new Target(t.name(), t.lower(), t.upper(), t.listValues(), sources));
        }
        return new Layout(kind, out);
    }

    private static void addAll(Map<String, Long> sources, TableMeta t) {
        for (PartitionMeta p : t.partitioning().partitions()) {
            sources.put(key(t, p), p.visibleVersion());
        }
    }

    private static Target map(Tracked tr, PartitionMeta p, DataType mvType) {
        if (!p.listValues().isEmpty() || tr.table().partitioning().kind() == PartitionScheme.Kind.LIST) {
            if (tr.unit() != null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "date_trunc can not roll up the LIST partitions of " + tr.table().name());
            }
            // The partition of NULL values is p_NULL, as Doris names it.
            List<String> flat = p.listValues().stream()
                    .map(v -> String.join("_", v.stream().map(x -> x == null ? "NULL" : x).toList())).toList();
            return new Target("p_" + compact(String.join("_", flat)), List.of(), List.of(), p.listValues(), Map.of());
        }
        if (tr.unit() == null) {
            List<String> lower = p.lower().isEmpty() ? List.of() : List.of(format(p.lower().get(0), mvType));
            List<String> upper = p.upper().isEmpty() ? List.of() : List.of(format(p.upper().get(0), mvType));
            return new Target(name(lower, upper, mvType), lower, upper, List.of(), Map.of());
        }
        if (p.lower().isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "partition " + p.name() + " of " + tr.table().name()
                    + " starts at MINVALUE and can not be rolled up by date_trunc");
        }
        LocalDateTime lo = truncate(PartitionAnalyzer.parseTemporal(p.lower().get(0)), tr.unit());
        LocalDateTime hi = plus(lo, tr.unit());
        if (p.upper().isEmpty() || PartitionAnalyzer.parseTemporal(p.upper().get(0)).isAfter(hi)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "partition " + p.name() + " of " + tr.table().name()
                    + " spans more than one " + tr.unit() + " and can not be rolled up by date_trunc");
        }
        List<String> lower = List.of(format(lo, mvType));
        List<String> upper = List.of(format(hi, mvType));
        return new Target(name(lower, upper, mvType), lower, upper, List.of(), Map.of());
    }

    /** Ranges from several tracked tables must be equal or disjoint, never partly overlapping. */
    private static void checkAligned(List<Target> sorted, DataType type) {
        for (int i = 1; i < sorted.size(); i++) {
            Target prev = sorted.get(i - 1);
            Target cur = sorted.get(i);
            boolean disjoint = !prev.upper().isEmpty() && !cur.lower().isEmpty()
                    && PartitionAnalyzer.compareValue(cur.lower().get(0), prev.upper().get(0), type) >= 0;
            if (!disjoint) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "partitions of the partition-tracked tables are not aligned: "
                        + range(prev) + " and " + range(cur) + " intersected");
            }
        }
    }

    private static int compareLower(List<String> a, List<String> b, DataType type) {
        if (a.isEmpty() || b.isEmpty()) {
            return Boolean.compare(!a.isEmpty(), !b.isEmpty());
        }
        return PartitionAnalyzer.compareValue(a.get(0), b.get(0), type);
    }

    private static String range(Target t) {
        return "[" + (t.lower().isEmpty() ? "MINVALUE" : t.lower().get(0)) + ", "
                + (t.upper().isEmpty() ? "MAXVALUE" : t.upper().get(0)) + ")";
    }

    /**
     * Doris names MV partitions after their bounds: {@code p_20231016_20231017}; a partition from
     * MINVALUE starts at the type's least value ({@code p_00000101_20240201}).
     */
    private static String name(List<String> lower, List<String> upper, DataType type) {
        return "p_" + compact(lower.isEmpty() ? leastValue(type) : lower.get(0)) + "_" + (upper.isEmpty() ? "MAX" : compact(upper.get(0)));
    }

    private static String leastValue(DataType type) {
        return switch (type.kind()) {
            case TINYINT -> "-128";
            case SMALLINT -> "-32768";
            case INT -> "-2147483648";
            case BIGINT -> Long.toString(Long.MIN_VALUE);
            case LARGEINT -> "-170141183460469231731687303715884105728";
            default -> "0000-01-01";
        };
    }

    private static String compact(String value) {
        // A loop rather than a regex: every refresh names every partition.
        StringBuilder kept = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if ((ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_') {
                kept.append(ch);
            }
        }
        String c = kept.toString();
        // Whole days of a DATETIME range read like dates, as in Doris.
        return c.length() == 14 && c.endsWith("000000") ? c.substring(0, 8) : c;
    }

    /** A partition value as the MV's partitions of {@code type} spell it. */
    static String format(String value, DataType type) {
        if (type.kind() == TypeKind.DATE || type.kind() == TypeKind.DATETIME) {
            return format(PartitionAnalyzer.parseTemporal(value), type);
        }
        return value;
    }

    private static String format(LocalDateTime v, DataType type) {
        return type.kind() == TypeKind.DATE ? v.toLocalDate().toString() : DATETIME.format(v);
    }

    static LocalDateTime truncate(LocalDateTime v, String unit) {
        return switch (unit) {
            case "second" -> v.truncatedTo(ChronoUnit.SECONDS);
            case "minute" -> v.truncatedTo(ChronoUnit.MINUTES);
            case "hour" -> v.truncatedTo(ChronoUnit.HOURS);
            case "day" -> v.truncatedTo(ChronoUnit.DAYS);
            case "week" -> v.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case "month" -> v.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
            case "quarter" -> v.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).withMonth((v.getMonthValue() - 1) / 3 * 3 + 1);
            case "year" -> v.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
            default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported date_trunc unit: " + unit);
        };
    }

    private static LocalDateTime plus(LocalDateTime v, String unit) {
        return unit.equals("quarter") ? v.plusMonths(3) : v.plus(1, chrono(unit));
    }

    private static LocalDateTime minus(LocalDateTime v, String unit) {
        return unit.equals("quarter") ? v.minusMonths(3) : v.minus(1, chrono(unit));
    }

    private static ChronoUnit chrono(String unit) {
        return switch (unit) {
            case "second" -> ChronoUnit.SECONDS;
            case "minute" -> ChronoUnit.MINUTES;
            case "hour" -> ChronoUnit.HOURS;
            case "day" -> ChronoUnit.DAYS;
            case "week" -> ChronoUnit.WEEKS;
            case "month" -> ChronoUnit.MONTHS;
            case "year" -> ChronoUnit.YEARS;
            default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported time unit: " + unit);
        };
    }
}
