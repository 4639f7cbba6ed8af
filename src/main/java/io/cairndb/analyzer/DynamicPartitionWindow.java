package io.cairndb.analyzer;

import io.cairndb.catalog.DynamicPartitionConfig;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;

/**
 * The partitions dynamic partitioning wants at one moment: one per time unit from the first offset
 * (0, or the history when {@code create_history_partition} is on) to {@code end}, named as Doris
 * names them (DAY p20240101, WEEK p2024_01, MONTH p202401, YEAR p2024, HOUR p2024010100), and the
 * partitions that ended before {@code start} units ago.
 */
public final class DynamicPartitionWindow {
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final DynamicPartitionConfig config;
    private final LocalDateTime current;

    private DynamicPartitionWindow(DynamicPartitionConfig config, LocalDateTime current) {
        this.config = config;
        this.current = current;
    }

    /** The window at {@code now}, read in the configuration's time zone. */
    public static DynamicPartitionWindow at(DynamicPartitionConfig config, Instant now) {
        return new DynamicPartitionWindow(config, periodStart(config, LocalDateTime.ofInstant(now, config.zone())));
    }

    /** The start of the period holding {@code t}. */
    private static LocalDateTime periodStart(DynamicPartitionConfig config, LocalDateTime t) {
        LocalDateTime day = t.truncatedTo(ChronoUnit.DAYS);
        return switch (config.unit()) {
            case HOUR -> t.truncatedTo(ChronoUnit.HOURS);
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.of(config.startDayOfWeek())));
            case MONTH -> t.getDayOfMonth() >= config.startDayOfMonth() ? day.withDayOfMonth(config.startDayOfMonth())
                    : day.minusMonths(1).withDayOfMonth(config.startDayOfMonth());
            case YEAR -> day.withDayOfYear(1);
        };
    }

    private LocalDateTime lower(int offset) {
        return switch (config.unit()) {
            case HOUR -> current.plusHours(offset);
            case DAY -> current.plusDays(offset);
            case WEEK -> current.plusWeeks(offset);
            case MONTH -> current.plusMonths(offset);
            case YEAR -> current.plusYears(offset);
        };
    }

    private int firstOffset() {
        if (!config.createHistory()) {
            return 0;
        }
        int history = config.historyPartitionNum();
        if (config.start() == DynamicPartitionConfig.KEEP_ALL) {
            return history == DynamicPartitionConfig.UNLIMITED_HISTORY ? 0 : -history;
        }
        return history == DynamicPartitionConfig.UNLIMITED_HISTORY ? config.start() : Math.max(config.start(), -history);
    }

    /** A partition the window wants: its name and bounds as text of the partition column's type. */
    public record Wanted(String name, String lower, String upper) {
    }

    /** The partitions the window wants, oldest first; the caller skips those that exist or overlap others. */
    public List<Wanted> wanted(TypeKind columnType) {
        List<Wanted> out = new ArrayList<>();
        for (int offset = firstOffset(); offset <= config.end(); offset++) {
            LocalDateTime lo = lower(offset);
            out.add(new Wanted(config.prefix() + suffix(lo), format(lo, columnType), format(lower(offset + 1), columnType)));
        }
        return out;
    }

    /** Partitions of {@code t} that end at or before the start of the window, unless a reserved period overlaps them. */
    public List<PartitionMeta> expired(TableMeta t) {
        List<PartitionMeta> out = new ArrayList<>();
        if (config.start() == DynamicPartitionConfig.KEEP_ALL) {
            return out;
        }
        LocalDateTime boundary = lower(config.start());
        for (PartitionMeta p : t.partitioning().partitions()) {
            if (p.upper().isEmpty()) {
                continue;
            }
            LocalDateTime upper = PartitionAnalyzer.parseTemporal(p.upper().get(0));
            if (!upper.isAfter(boundary) && !reserved(p, upper)) {
                out.add(p);
            }
        }
        return out;
    }

    private boolean reserved(PartitionMeta p, LocalDateTime upper) {
        LocalDateTime lower = p.lower().isEmpty() ? LocalDateTime.MIN : PartitionAnalyzer.parseTemporal(p.lower().get(0));
        return config.reservedHistoryPeriods().stream()
                .anyMatch(r -> r.from().isBefore(upper) && !r.to().isBefore(lower));
    }

    private String suffix(LocalDateTime lo) {
        return switch (config.unit()) {
            case HOUR -> String.format("%04d%02d%02d%02d", lo.getYear(), lo.getMonthValue(), lo.getDayOfMonth(), lo.getHour());
            case DAY -> String.format("%04d%02d%02d", lo.getYear(), lo.getMonthValue(), lo.getDayOfMonth());
            case WEEK -> String.format("%04d_%02d", lo.get(IsoFields.WEEK_BASED_YEAR), lo.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
            case MONTH -> String.format("%04d%02d", lo.getYear(), lo.getMonthValue());
            case YEAR -> String.format("%04d", lo.getYear());
        };
    }

    private static String format(LocalDateTime v, TypeKind type) {
        return type == TypeKind.DATE ? v.toLocalDate().toString() : DATETIME.format(v);
    }
}
