package io.cairndb.changelog;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Plans {@code SELECT ... FROM stream}: the unconsumed changes of the stream's table (after each
 * partition's offset), shaped by the stream type, with the two hidden stream columns.
 */
public final class StreamPlanner {
    public static final String CHANGE_TYPE_COLUMN = "__DORIS_STREAM_CHANGE_TYPE_COL__";
    public static final String SEQUENCE_COLUMN = "__DORIS_STREAM_SEQUENCE_COL__";
    public static final List<String> HIDDEN_COLUMNS = List.of(CHANGE_TYPE_COLUMN, SEQUENCE_COLUMN);
    public static final List<String> TYPES = List.of("min_delta", "append_only", "detail");
    /** The names of the streams IVM MVs create for themselves, which nobody else may consume or drop. */
    public static final String INTERNAL_PREFIX = "__doris_ivm_stream_";

    private StreamPlanner() {
    }

    public static boolean isInternal(String streamName) {
        return streamName.startsWith(INTERNAL_PREFIX);
    }

    /** Checks a new stream's table and properties; returns the normalized type. */
    public static String checkNew(TableMeta t, String type, boolean featureEnabled) {
        if (!featureEnabled) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "Table stream is not enabled. Set enable_table_stream = true in the FE configuration to use it.");
        }
        if (t.isView()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not create stream on view " + t.name()
                    + ": a stream needs an OLAP table with changelog enabled");
        }
        ChangelogConfig config = ChangelogConfig.of(t);
        if (!config.enabled()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not create stream on table " + t.name()
                    + " because changelog is not enabled on it");
        }
        String normalized = type == null ? "min_delta" : type.trim().toLowerCase(Locale.ROOT);
        if (!TYPES.contains(normalized)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid stream type: " + type
                    + ". Only min_delta, append_only, detail are supported.");
        }
        if (normalized.equals("min_delta") && t.keyModel() != KeyModel.DUPLICATE && !config.needHistoricalValue()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "MIN_DELTA stream requires base table to enable changelog.need_historical_value=true");
        }
        return normalized;
    }

    /**
     * The FROM item reading the stream's unconsumed changes, in the reading transaction's snapshot;
     * {@code offsets} are the stream's offsets when the statement read them already (else null).
     */
    public static String plan(Connection c, StreamMeta s, TableMeta t, java.util.Map<Long, Long> offsets) {
        List<String> names = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            names.add(Sql.ident(col.name()));
        }
        String cols = String.join(", ", names);
        if (s.showInitialRows() && StreamOffsets.neverConsumed(c, s.id())) {
            // Everything up to now is folded into the table itself: its rows are the initial appends.
            long latest = Tso.atMillis(0);
            return "(SELECT " + cols + ", 'APPEND' AS " + Sql.ident(CHANGE_TYPE_COLUMN) + ", CAST(row_number() OVER () AS HUGEINT) AS "
                    + Sql.ident(SEQUENCE_COLUMN) + " FROM " + t.duckName() + " WHERE " + latest + " = 0)";
        }
        String changes = unconsumed(s, t, StreamOffsets.floor(offsets != null ? offsets : StreamOffsets.read(c, s.id()), s, t));
        IncrPlanner.Mode mode = switch (s.type()) {
            case "append_only" -> IncrPlanner.Mode.APPEND_ONLY;
            case "detail" -> IncrPlanner.Mode.DETAIL;
            default -> IncrPlanner.Mode.MIN_DELTA;
        };
        String delta = IncrPlanner.changes(t, mode, changes);
        String type = "CASE " + Sql.ident(IncrPlanner.OP_COLUMN) + " WHEN " + ChangelogTables.APPEND + " THEN 'APPEND' WHEN "
                + ChangelogTables.DELETE + " THEN 'DELETE' WHEN " + ChangelogTables.UPDATE_BEFORE + " THEN 'UPDATE_BEFORE' ELSE 'UPDATE_AFTER' END";
        String sequence = "CAST(" + Sql.ident(IncrPlanner.TSO_COLUMN) + " AS HUGEINT) * 4294967296 + " + Sql.ident(IncrPlanner.LSN_COLUMN);
        return "(SELECT " + cols + ", " + type + " AS " + Sql.ident(CHANGE_TYPE_COLUMN) + ", " + sequence + " AS "
                + Sql.ident(SEQUENCE_COLUMN) + " FROM " + delta + ")";
    }

    /** The changelog rows of {@code t} after each partition's offset ({@code floor}: the least offset). */
    static String unconsumed(StreamMeta s, TableMeta t, long floor) {
        return unconsumed(s, t, Long.toString(floor));
    }

    /** As {@link #unconsumed(StreamMeta, TableMeta, long)}, with the floor written as {@code floorSql} (a literal or a parameter). */
    static String unconsumed(StreamMeta s, TableMeta t, String floorSql) {
        String offsets = "(SELECT partition_id, offset_tso FROM " + StreamOffsets.TABLE + " WHERE stream_id = " + s.id() + ")";
        return "SELECT cl.* FROM " + ChangelogTables.name(t) + " AS cl LEFT JOIN " + offsets + " AS o ON o.partition_id = cl."
                + ChangelogTables.PARTITION + " WHERE cl." + ChangelogTables.TSO + " > " + floorSql + " AND cl." + ChangelogTables.TSO
                + " > coalesce(o.offset_tso, " + s.startTso() + ")";
    }
}
