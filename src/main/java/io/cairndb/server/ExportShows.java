package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DataType;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.TimeText;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.ExportStatement;
import io.cairndb.sql.tree.Expr;
import io.cairndb.system.RowFilter;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** SHOW EXPORT and CANCEL EXPORT over the export jobs of a database, with Doris's columns, filters and texts. */
final class ExportShows {
    private static final List<ResultColumn> COLUMNS = List.of(new ResultColumn("JobId", DataType.BIGINT),
            new ResultColumn("Label", DataType.STRING), new ResultColumn("State", DataType.STRING),
            new ResultColumn("Progress", DataType.STRING), new ResultColumn("TaskInfo", DataType.STRING),
            new ResultColumn("Path", DataType.STRING), new ResultColumn("CreateTime", DataType.STRING),
            new ResultColumn("StartTime", DataType.STRING), new ResultColumn("FinishTime", DataType.STRING),
            new ResultColumn("Timeout", DataType.BIGINT), new ResultColumn("ErrorMsg", DataType.STRING),
            new ResultColumn("OutfileInfo", DataType.STRING));
    private static final String SHOW_WHERE = "Where clause should looks like below:  ID = $your_job_id, or STATE = "
            + "\"PENDING|EXPORTING|FINISHED|CANCELLED\", or LABEL = \"xxx\" or LABEL like \"xxx%\"";
    private static final String CANCEL_WHERE = "Where clause should looks like: LABEL = \"your_job_label\", or LABEL like "
            + "\"label_pattern\", or STATE = \"PENDING|EXPORTING\", or two of them joined by AND or OR";

    private ExportShows() {
    }

    /** One condition on jobs: the job id, the state, the label (as a LIKE pattern or exactly). */
    private record Condition(Long id, ExportJob.State state, String label, boolean labelLike) {
        boolean matches(ExportJob j) {
            return (id == null || j.id() == id) && (state == null || j.state() == state)
                    && (label == null || (labelLike ? !RowFilter.like(List.of(List.of(j.label())), 0, label).isEmpty()
                    : j.label().equals(label)));
        }
    }

    /** The jobs of the database (FROM, or the current one) that the user may see, oldest first, filtered and ordered as asked. */
    static RowResult show(StatementContext ctx, ExportStatement.Show show, ExportJobs jobs) {
        String database = ctx.databaseOf(show.database());
        Condition condition = show.where() == null ? null : condition(show.where(), SHOW_WHERE, false);
        ZoneId zone = ctx.session().zone();
        List<List<Object>> rows = new ArrayList<>();
        for (ExportJob j : jobs.of(database)) {
            if ((condition == null || condition.matches(j)) && ctx.visible(j.database(), j.table())) {
                rows.add(Arrays.asList(j.id(), j.label(), j.state().name(), j.state() == ExportJob.State.FINISHED ? "100%" : "0%",
                        j.taskInfo(), j.path(), time(j.createTime(), zone), time(j.startTime(), zone), time(j.finishTime(), zone),
                        j.timeoutSeconds(), j.errorMsg(), j.outfileInfo()));
            }
        }
        return new ListRowResult(COLUMNS, RowFilter.query(ctx, COLUMNS, rows, null, show.orderBy(), show.limit()));
    }

    /**
     * Cancels the jobs of the database that match and have not ended, Doris's way: none that match, or
     * none that has not ended, is an error. An export runs within its statement, so a job another session
     * runs is the only one that can be cancelled; its statement fails.
     */
    static UpdateCount cancel(StatementContext ctx, ExportStatement.Cancel cancel, ExportJobs jobs) {
        String database = ctx.databaseOf(cancel.database());
        if (cancel.where() == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, CANCEL_WHERE);
        }
        List<Condition> any = new ArrayList<>();
        boolean all = cancelConditions(cancel.where(), any);
        List<ExportJob> matching = jobs.of(database).stream()
                .filter(j -> all ? any.stream().allMatch(c -> c.matches(j)) : any.stream().anyMatch(c -> c.matches(j)))
                .filter(j -> ctx.visible(j.database(), j.table())).toList();
        if (matching.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Export job(s) do not exist");
        }
        List<ExportJob> running = matching.stream().filter(j -> !j.finalState()).toList();
        if (running.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "All export job(s) are at final state (CANCELLED/FINISHED)");
        }
        for (ExportJob j : running) {
            ctx.access().require(io.cairndb.catalog.Access.SELECT, j.database(), j.table());
            jobs.cancel(j.id(), "user cancel");
        }
        return UpdateCount.NONE;
    }

    /** CANCEL EXPORT's WHERE: one condition, or two joined by AND (true) or OR (false), into {@code out}. */
    private static boolean cancelConditions(Expr where, List<Condition> out) {
        if (where instanceof Expr.Binary b && (b.op() == Expr.BinaryOp.AND || b.op() == Expr.BinaryOp.OR)) {
            out.add(condition(b.left(), CANCEL_WHERE, true));
            out.add(condition(b.right(), CANCEL_WHERE, true));
            return b.op() == Expr.BinaryOp.AND;
        }
        out.add(condition(where, CANCEL_WHERE, true));
        return true;
    }

    /** {@code ID = n} (not when cancelling), {@code STATE = 's'}, {@code LABEL = 's'} or {@code LABEL LIKE 's'}. */
    private static Condition condition(Expr e, String refusal, boolean cancelling) {
        if (e instanceof Expr.Like like && like.kind() == Expr.LikeKind.LIKE && !like.negated() && column(like.value()).equals("label")
                && like.pattern() instanceof Expr.StringLiteral pattern) {
            return new Condition(null, null, pattern.value(), true);
        }
        if (!(e instanceof Expr.Binary b) || b.op() != Expr.BinaryOp.EQ) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, refusal);
        }
        String column = column(b.left());
        if (!cancelling && (column.equals("id") || column.equals("jobid")) && b.right() instanceof Expr.IntegerLiteral id) {
            return new Condition(id.value().longValueExact(), null, null, false);
        }
        if (column.equals("label") && b.right() instanceof Expr.StringLiteral label) {
            return new Condition(null, null, label.value(), false);
        }
        if (column.equals("state") && b.right() instanceof Expr.StringLiteral state) {
            ExportJob.State s = state(state.value());
            if (s != null && (!cancelling || s == ExportJob.State.PENDING || s == ExportJob.State.EXPORTING)) {
                return new Condition(null, s, null, false);
            }
            if (cancelling && s != null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Only support PENDING/EXPORTING, invalid state: " + state.value());
            }
        }
        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, refusal);
    }

    private static String column(Expr e) {
        return e instanceof Expr.Identifier id && id.parts().size() == 1 ? id.parts().get(0).toLowerCase(Locale.ROOT) : "";
    }

    private static ExportJob.State state(String name) {
        try {
            return ExportJob.State.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String time(Long epochMillis, ZoneId zone) {
        return epochMillis == null ? null : TimeText.format(epochMillis, zone);
    }
}
