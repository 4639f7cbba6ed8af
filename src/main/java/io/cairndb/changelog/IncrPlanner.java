package io.cairndb.changelog;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.engine.TimeText;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
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
        return plan(null, t, w, partitions, retainedFrom, zone);
    }

    /**
     * As {@link #plan(TableMeta, Window, List, long, ZoneId)}; with a connection, a MIN_DELTA window
     * of a keyed table is planned from the commit summaries when it is tracked throughout (see
     * {@link MinDeltaPlanner}). Otherwise, one that holds only APPENDs and no bulk removal is read
     * as it is: every removal of a row is recorded (a DELETE change or a marker), so each key was
     * appended at most once in it and the appends are already the net change, with no
     * consolidation by key.
     */
    public static String plan(Connection c, TableMeta t, Window w, List<PartitionMeta> partitions, long retainedFrom,
                              ZoneId zone) {
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
        String selected = "SELECT * FROM " + ChangelogTables.name(t) + " WHERE " + String.join(" AND ", conds);
        if (c != null && w.mode() == Mode.MIN_DELTA && t.keyModel() != KeyModel.DUPLICATE) {
            String planned = MinDeltaPlanner.plan(c, t, start, w.endTso(), selected);
            if (planned != null) {
                return planned;
            }
            if (onlyAppends(c, t, selected, start, w.endTso())) {
                return changes(t, Mode.DETAIL, selected);
            }
        }
        return changes(t, w.mode(), selected);
    }

    private static boolean onlyAppends(Connection c, TableMeta t, String selected, long start, Long end) {
        String markers = "SELECT 1 FROM " + ChangelogTables.MARKERS + " WHERE table_id = " + t.id() + " AND tso >= " + start
                + (end == null ? "" : " AND tso < " + end);
        Object v = Sql.scalar(c, "SELECT NOT EXISTS (SELECT 1 FROM (" + selected + ") WHERE " + ChangelogTables.OP + " <> "
                + ChangelogTables.APPEND + ") AND NOT EXISTS (" + markers + ")");
        return Boolean.TRUE.equals(v);
    }

    /**
     * The changes that {@code changes} (a SELECT over the changelog table) selects, shaped by
     * {@code mode}, as a FROM item with the table's columns and the three hidden columns.
     */
    static String changes(TableMeta t, Mode mode, String changes) {
        String cols = columns(t);
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
     * tells whether it exists at the end (APPEND or UPDATE_AFTER) and with which values. One window
     * (one partitioning and order, so one sort) gives each change its position among its key's
     * changes and the key's first and last operations; the first change is kept as the net
     * UPDATE_BEFORE or DELETE, the last as the net UPDATE_AFTER or APPEND. One change cannot be
     * both, as its operation cannot be in both sets.
     */
    static String minDelta(TableMeta t, String changes) {
        List<String> keys = t.keyColumns().stream().map(k -> Sql.ident(k.name())).toList();
        String order = "PARTITION BY " + String.join(", ", keys) + " ORDER BY " + ChangelogTables.TSO + ", " + ChangelogTables.LSN;
        String whole = order + " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING";
        String ev = "SELECT *, row_number() OVER (" + order + ") AS __pos, count(*) OVER (" + whole + ") AS __cnt, first_value("
                + ChangelogTables.OP + ") OVER (" + whole + ") AS __fop, last_value(" + ChangelogTables.OP + ") OVER (" + whole
                + ") AS __lop FROM (" + changes + ")";
        String existedAtStart = "__fop IN (" + ChangelogTables.DELETE + ", " + ChangelogTables.UPDATE_BEFORE + ")";
        String existsAtEnd = "__lop IN (" + ChangelogTables.APPEND + ", " + ChangelogTables.UPDATE_AFTER + ")";
        String first = "__pos = 1 AND " + existedAtStart;
        String last = "__pos = __cnt AND " + existsAtEnd;
        String op = "CASE WHEN " + first + " THEN CASE WHEN " + existsAtEnd + " THEN " + ChangelogTables.UPDATE_BEFORE + " ELSE "
                + ChangelogTables.DELETE + " END WHEN " + existedAtStart + " THEN " + ChangelogTables.UPDATE_AFTER + " ELSE "
                + ChangelogTables.APPEND + " END";
        // The operation keeps the changelog's type, as in the other modes.
        return "(SELECT * FROM (SELECT " + columns(t) + ", CAST(" + op + " AS TINYINT), " + ChangelogTables.TSO + ", "
                + ChangelogTables.LSN + " FROM (" + ev + ") WHERE (" + first + ") OR (" + last + ")) AS " + deltaAlias(t) + ")";
    }

    /** The alias naming a consolidated result's columns: the table's columns, then the hidden ones. */
    static String deltaAlias(TableMeta t) {
        List<String> names = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            names.add(Sql.ident(c.name()));
        }
        for (String h : HIDDEN_COLUMNS) {
            names.add(Sql.ident(h));
        }
        return "__delta(" + String.join(", ", names) + ")";
    }

    /** The table's columns, quoted, in order. */
    static String columns(TableMeta t) {
        List<String> out = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            out.add(Sql.ident(c.name()));
        }
        return String.join(", ", out);
    }

    private static String text(long tso, ZoneId zone) {
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(Tso.physicalMillis(tso)), zone).toString().replace('T', ' ');
    }
}
