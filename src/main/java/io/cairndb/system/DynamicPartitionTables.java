package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DynamicPartitionConfig;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.ValueFormat;
import io.cairndb.sql.tree.Statement;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;

/** SHOW DYNAMIC PARTITION TABLES [FROM db]: Doris's columns, one row per table with dynamic partition properties. */
public final class DynamicPartitionTables {
    private DynamicPartitionTables() {
    }

    /** {@code statuses} gives, by table id, what the background scheduler last did. */
    public static RowResult show(StatementContext ctx, Statement.ShowDynamicPartitionTables stmt,
                                 LongFunction<DynamicPartitionStatus> statuses) {
        String db = ctx.databaseOf(stmt.database());
        List<List<Object>> rows = new ArrayList<>();
        for (TableMeta t : ctx.catalog().tables(db)) {
            if (!ctx.visible(db, t.name())) {
                continue;
            }
            DynamicPartitionConfig config = DynamicPartitionConfig.of(t);
            if (config == null) {
                continue;
            }
            DynamicPartitionStatus status = statuses.apply(t.id());
            Integer buckets = config.buckets() != null ? config.buckets() : t.distribution().buckets();
            rows.add(Arrays.asList(t.name(), String.valueOf(config.enabled()), config.unit().name(), String.valueOf(config.start()),
                    String.valueOf(config.end()), config.prefix(), buckets == null ? "AUTO" : buckets.toString(), "-1",
                    "tag.location.default: 1", startOf(config), "N/A", status.lastSchedulerTime() == 0 ? "N/A" : time(ctx,
                            status.lastSchedulerTime()), status.state(), orNa(status.lastCreateMessage()),
                    orNa(status.lastDropMessage()), periods(config)));
        }
        return new ListRowResult(ShowExecutor.strings("TableName", "Enable", "TimeUnit", "Start", "End", "Prefix", "Buckets",
                "ReplicationNum", "ReplicaAllocation", "StartOf", "LastUpdateTime", "LastSchedulerTime", "State",
                "LastCreatePartitionMsg", "LastDropPartitionMsg", "ReservedHistoryPeriods"), rows);
    }

    /** The first day of a WEEK (MONDAY..SUNDAY) or MONTH (1st..28th) period; NULL for other units. */
    private static String startOf(DynamicPartitionConfig config) {
        return switch (config.unit()) {
            case WEEK -> java.time.DayOfWeek.of(config.startDayOfWeek()).name();
            case MONTH -> config.startDayOfMonth() + ordinalSuffix(config.startDayOfMonth());
            default -> "NULL";
        };
    }

    private static String ordinalSuffix(int day) {
        if (day >= 11 && day <= 13) {
            return "th";
        }
        return switch (day % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
    }

    private static String periods(DynamicPartitionConfig config) {
        if (config.reservedHistoryPeriods().isEmpty()) {
            return "NULL";
        }
        boolean hour = config.unit() == DynamicPartitionConfig.Unit.HOUR;
        List<String> out = new ArrayList<>();
        for (DynamicPartitionConfig.Period p : config.reservedHistoryPeriods()) {
            out.add("[" + text(p.from(), hour) + "," + text(p.to(), hour) + "]");
        }
        return String.join(",", out);
    }

    private static String text(LocalDateTime v, boolean hour) {
        return hour ? ValueFormat.datetime(v, 0) : v.toLocalDate().toString();
    }

    private static String time(StatementContext ctx, long millis) {
        return ValueFormat.datetime(LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ctx.session().zone()), 0);
    }

    private static String orNa(String message) {
        return message == null ? "N/A" : message;
    }
}
