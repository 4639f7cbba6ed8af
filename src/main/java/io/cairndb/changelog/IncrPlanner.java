package io.cairndb.changelog;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.engine.TimeText;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Plans {@code t@incr(...)}: a scan of the table's changelog over the commit-time window
 * [startTimestamp, endTimestamp), consolidated by mode, with the three hidden changelog columns.
 */
public final class IncrPlanner {
    public static final String OP_COLUMN = "__DORIS_CHANGELOG_OP__";
    public static final String TSO_COLUMN = "__DORIS_CHANGELOG_TSO__";
    public static final String LSN_COLUMN = "__DORIS_CHANGELOG_LSN__";
    public static final List<String> HIDDEN_COLUMNS = List.of(OP_COLUMN, TSO_COLUMN, LSN_COLUMN);

    public enum Mode { APPEND_ONLY, MIN_DELTA, DETAIL }

    /** The parsed parameters: TSO bounds (start inclusive, end exclusive; null when open) and mode. */
    public record Window(Long startTso, Long endTso, Mode mode, boolean explicitStart) {
    }

    private IncrPlanner() {
    }

    /** Reads and checks the parameters of {@code @incr(...)}. Times are in {@code zone}. */
    public static Window window(Map<String, String> params, ZoneId zone) {
        Long start = null;
        Long end = null;
        Mode mode = Mode.MIN_DELTA;
        for (Map.Entry<String, String> e : params.entrySet()) {
            switch (e.getKey().toLowerCase(Locale.ROOT)) {
                case "starttimestamp" -> start = Tso.atMillis(TimeText.parse(e.getValue(), zone).toEpochMilli());
                case "endtimestamp" -> end = Tso.atMillis(TimeText.parse(e.getValue(), zone).toEpochMilli());
                case "incrementtype" -> mode = mode(e.getValue());
                default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported parameter in incr query");
            }
        }
        return new Window(start, end, mode, start != null);
    }

    private static Mode mode(String v) {
        try {
            return Mode.valueOf(v.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid incrementType: " + v
                    + ". Only APPEND_ONLY, MIN_DELTA, DETAIL are supported.");
        }
    }

    /** Checks that {@code t} can serve the window, as the seed's errors say. */
    public static void check(TableMeta t, Window w, boolean featureEnabled) {
        ChangelogConfig config = ChangelogConfig.of(t);
        if (!featureEnabled || !config.enabled()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "INCR query requires changelog enabled on base table.");
        }
        if (w.mode() == Mode.MIN_DELTA && t.keyModel() != KeyModel.DUPLICATE) {
            if (!t.keyModel().upserts()) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED,
                        "MIN_DELTA INCR query requires base table to be UNIQUE KEY with enable_unique_key_merge_on_write=true");
            }
            if (!config.needHistoricalValue()) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED,
                        "MIN_DELTA INCR query requires base table to enable changelog.need_historical_value=true");
            }
        }
    }

    /**
     * The FROM item of the query: the table's columns plus the hidden columns. A start before the
     * retained history fails for MIN_DELTA (its result would be wrong) and is moved up otherwise.
     */
    public static String plan(TableMeta t, Window w, List<PartitionMeta> partitions, long retainedFrom, ZoneId zone) {
        long start = w.startTso() == null ? retainedFrom : w.startTso();
        if (start < retainedFrom) {
            if (w.mode() == Mode.MIN_DELTA && w.explicitStart()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "startTimestamp is before the retained changelog of table "
                        + t.name() + "; the earliest retained commit time is " + text(retainedFrom, zone));
            }
            start = retainedFrom;
        }
        List<String> conds = new ArrayList<>();
        conds.add(ChangelogTables.TSO + " >= " + start);
        if (w.endTso() != null) {
            conds.add(ChangelogTables.TSO + " < " + w.endTso());
        }
        if (!partitions.isEmpty()) {
            conds.add(ChangelogTables.PARTITION + " IN (" + String.join(", ",
                    partitions.stream().map(p -> Long.toString(p.id())).toList()) + ")");
        }
        return changes(t, w.mode(), "SELECT * FROM " + ChangelogTables.name(t) + " WHERE " + String.join(" AND ", conds));
    }

    /**
     * The changes that {@code changes} (a SELECT over the changelog table) selects, shaped by
     * {@code mode}, as a FROM item with the table's columns and the three hidden columns.
     */
    static String changes(TableMeta t, Mode mode, String changes) {
        String cols = columns(t, null);
        String hidden = ChangelogTables.OP + " AS " + Sql.ident(OP_COLUMN) + ", " + ChangelogTables.TSO + " AS "
                + Sql.ident(TSO_COLUMN) + ", " + ChangelogTables.LSN + " AS " + Sql.ident(LSN_COLUMN);
        if (mode == Mode.APPEND_ONLY) {
            return "(SELECT " + cols + ", " + hidden + " FROM (" + changes + ") WHERE " + ChangelogTables.OP + " = "
                    + ChangelogTables.APPEND + ")";
        }
        if (mode == Mode.DETAIL || t.keyModel() == KeyModel.DUPLICATE) {
            return "(SELECT " + cols + ", " + hidden + " FROM (" + changes + "))";
        }
        return minDelta(t, changes);
    }

    /**
     * Net change per key: the first change in the window tells whether the key existed at the
     * start (a DELETE or UPDATE_BEFORE removes an existing row) and with which values; the last
     * tells whether it exists at the end (APPEND or UPDATE_AFTER) and with which values.
     */
    private static String minDelta(TableMeta t, String changes) {
        List<String> keys = t.keyColumns().stream().map(k -> Sql.ident(k.name())).toList();
        String keyList = String.join(", ", keys);
        String ordered = "SELECT *, row_number() OVER (PARTITION BY " + keyList + " ORDER BY " + ChangelogTables.TSO + ", "
                + ChangelogTables.LSN + ") AS __first, row_number() OVER (PARTITION BY " + keyList + " ORDER BY "
                + ChangelogTables.TSO + " DESC, " + ChangelogTables.LSN + " DESC) AS __last FROM (" + changes + ")";
        List<String> on = new ArrayList<>();
        for (String k : keys) {
            on.add("f." + k + " = l." + k);
        }
        String existedAtStart = "f." + ChangelogTables.OP + " IN (" + ChangelogTables.DELETE + ", " + ChangelogTables.UPDATE_BEFORE + ")";
        String existsAtEnd = "l." + ChangelogTables.OP + " IN (" + ChangelogTables.APPEND + ", " + ChangelogTables.UPDATE_AFTER + ")";
        String pairs = "(SELECT * FROM ev WHERE __first = 1) AS f JOIN (SELECT * FROM ev WHERE __last = 1) AS l ON "
                + String.join(" AND ", on);
        String before = "SELECT " + columns(t, "f") + ", " + ChangelogTables.UPDATE_BEFORE + ", f." + ChangelogTables.TSO + ", f."
                + ChangelogTables.LSN + " FROM " + pairs + " WHERE " + existedAtStart + " AND " + existsAtEnd;
        String after = "SELECT " + columns(t, "l") + ", " + ChangelogTables.UPDATE_AFTER + ", l." + ChangelogTables.TSO + ", l."
                + ChangelogTables.LSN + " FROM " + pairs + " WHERE " + existedAtStart + " AND " + existsAtEnd;
        String appended = "SELECT " + columns(t, "l") + ", " + ChangelogTables.APPEND + ", l." + ChangelogTables.TSO + ", l."
                + ChangelogTables.LSN + " FROM " + pairs + " WHERE NOT " + existedAtStart + " AND " + existsAtEnd;
        String deleted = "SELECT " + columns(t, "f") + ", " + ChangelogTables.DELETE + ", f." + ChangelogTables.TSO + ", f."
                + ChangelogTables.LSN + " FROM " + pairs + " WHERE " + existedAtStart + " AND NOT " + existsAtEnd;
        List<String> names = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            names.add(Sql.ident(c.name()));
        }
        for (String h : HIDDEN_COLUMNS) {
            names.add(Sql.ident(h));
        }
        return "(WITH ev AS (" + ordered + ") SELECT * FROM (" + before + " UNION ALL " + after + " UNION ALL " + appended
                + " UNION ALL " + deleted + ") AS __delta(" + String.join(", ", names) + "))";
    }

    private static String columns(TableMeta t, String qualifier) {
        List<String> out = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            out.add((qualifier == null ? "" : qualifier + ".") + Sql.ident(c.name()));
        }
        return String.join(", ", out);
    }

    private static String text(long tso, ZoneId zone) {
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(Tso.physicalMillis(tso)), zone).toString().replace('T', ' ');
    }
}
