package io.cairndb.ddl;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.engine.TableLocks;
import io.cairndb.changelog.StreamPlanner;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.engine.ValueFormat;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** CREATE STREAM, DROP STREAM and SHOW STREAMS. */
public final class StreamDdl {
    private static final Set<String> PROPERTIES = Set.of("type", "show_initial_rows");

    private StreamDdl() {
    }

    public static UpdateCount create(StatementContext ctx, Statement.CreateStream stmt) {
        String db = ctx.databaseOf(stmt.name());
        String name = stmt.name().name();
        ctx.lockNewName(db, name);
        if (ctx.catalog().stream(db, name) != null) {
            if (stmt.ifNotExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.TABLE_EXISTS, "Stream '" + name + "' already exists");
        }
        if (ctx.catalog().table(db, name) != null) {
            throw new CairnException(ErrorCode.TABLE_EXISTS, "Table '" + name + "' already exists");
        }
        Map<String, String> props = stmt.properties();
        for (String key : props.keySet()) {
            if (!PROPERTIES.contains(key)) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown stream property: " + key);
            }
        }
        String initial = props.getOrDefault("show_initial_rows", "false");
        if (!initial.equalsIgnoreCase("true") && !initial.equalsIgnoreCase("false")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "show_initial_rows must be true or false, got: " + initial);
        }
        // Under the writer lock no commit of the table is in flight: changes after this TSO are the stream's.
        // The table is read after locking, as the last writer left it.
        ctx.lockUntilEnd(ctx.databaseOf(stmt.table()), stmt.table().name());
        TableMeta table = ctx.table(stmt.table());
        String type = StreamPlanner.checkNew(table, props.get("type"), ctx.config().flag("enable_table_stream"));
        StreamMeta s = new StreamMeta(ctx.catalog().newId(), db, name, table.id(), table.database(), table.name(), type,
                initial.equalsIgnoreCase("true"), ctx.commitTso().get(), stmt.comment(), System.currentTimeMillis());
        ctx.catalog().saveStream(ctx.txn().connection(), s);
        ctx.txn().afterCommit(() -> ctx.catalog().publishStream(s));
        return UpdateCount.NONE;
    }

    public static UpdateCount drop(StatementContext ctx, Statement.DropStream stmt) {
        String db = ctx.databaseOf(stmt.name());
        // A consumer running now finishes first; its offsets are then dropped with the stream.
        TableLocks.Held lock = ctx.locks().lockStream(db, stmt.name().name(), ctx.txn(), ctx.txn()::interrupted);
        ctx.txn().afterEnd(lock::close);
        StreamMeta s = ctx.catalog().stream(db, stmt.name().name());
        if (s == null) {
            if (stmt.ifExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.UNKNOWN_TABLE, "Unknown stream '" + stmt.name().name() + "'");
        }
        if (StreamPlanner.isInternal(s.name()) && !stmt.force()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Stream " + s.name() + " is an internal stream of an incrementally "
                    + "maintained materialized view and is dropped with it; DROP STREAM .. FORCE drops it anyway (the MV then "
                    + "needs a COMPLETE refresh)");
        }
        StreamOffsets.drop(ctx.txn().connection(), s.id());
        ctx.catalog().deleteStream(ctx.txn().connection(), db, s.name());
        ctx.txn().afterCommit(() -> ctx.catalog().forgetStream(db, s.name()));
        return UpdateCount.NONE;
    }

    public static RowResult show(StatementContext ctx, Statement.ShowStreams stmt) {
        String db = ctx.databaseOf(stmt.database());
        List<ResultColumn> cols = new ArrayList<>();
        for (String n : List.of("StreamName", "BaseTable", "Type", "ShowInitialRows", "CreateTime", "Comment")) {
            cols.add(new ResultColumn(n, DataType.STRING));
        }
        Pattern like = stmt.like() == null ? null : Pattern.compile(stmt.like().replace("%", ".*").replace("_", "."),
                Pattern.CASE_INSENSITIVE);
        List<List<Object>> rows = new ArrayList<>();
        for (StreamMeta s : ctx.catalog().streams(db)) {
            if (!ctx.visible(db, s.name())) {
                continue;
            }
            if (like != null && !like.matcher(s.name()).matches()) {
                continue;
            }
            String created = ValueFormat.datetime(LocalDateTime.ofInstant(Instant.ofEpochMilli(s.createTime()),
                    ctx.session().zone()), 0);
            rows.add(List.of(s.name(), s.tableDatabase() + "." + s.tableName(), s.type().toUpperCase(java.util.Locale.ROOT),
                    String.valueOf(s.showInitialRows()), created, s.comment()));
        }
        return new ListRowResult(cols, rows);
    }
}
