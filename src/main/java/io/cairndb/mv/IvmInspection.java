package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.ivm.DeltaPlanner;
import io.cairndb.ivm.IvmMaintenance;
import io.cairndb.plan.PlanText;
import io.cairndb.sql.tree.MvStatement;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code EXPLAIN REFRESH MATERIALIZED VIEW mv INCREMENTAL [WITH ALL STREAMS] | COMPLETE} and
 * {@code REFRESH .. INCREMENTAL WITH DRY RUN [LIMIT n [OFFSET m]]}: what a refresh would do and
 * write, found as a refresh finds it, in the statement's snapshot; neither changes the MV, its
 * streams' offsets nor its metadata.
 */
final class IvmInspection {
    private static final List<ResultColumn> EXPLAIN = List.of(new ResultColumn("Explain String", DataType.STRING));

    private IvmInspection() {
    }

    static RowResult explain(StatementContext ctx, MvMeta mv, MvStatement.RefreshMv s, IvmCostModel costs) {
        TableMeta table = ctx.catalog().table(mv.database(), mv.name());
        MvDefinition def = MvDefinition.resolve(ctx, mv, table.columnNames());
        String mode = s.mode() == null ? mv.refreshMethod() : s.mode();
        List<List<Object>> rows = new ArrayList<>();
        if (mv.ivm() == null || !mode.equals("INCREMENTAL")) {
            if (mode.equals("INCREMENTAL")) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Materialized view " + mv.name() + " is not maintained incrementally");
            }
            line(rows, "Refresh of " + mv.database() + "." + mv.name() + " (" + mode + "): the definition is computed again");
            line(rows, "Plan:");
            PlanText.of(def.plan()).lines().forEach(l -> line(rows, "  " + l));
            return new ListRowResult(EXPLAIN, rows);
        }
        IvmRefresher.Survey survey = IvmRefresher.survey(ctx, mv, table, def, IvmSetup.signature(def), null);
        IvmCostModel.Estimate estimate = costs.estimate(mv.id(), survey.changeRows());
        IvmRefresher.Result result = IvmRefresher.decide(mv, survey, MvRefresher.ivmPartitions(ctx, mv, table, def), mode,
                s.fallback() || mv.ivm().fallback() && s.mode() == null, estimate);
        line(rows, "Incremental refresh of " + mv.database() + "." + mv.name() + ": RefreshMode " + result.refreshMode()
                + (result.fallbackReason() == null ? "" : ", falls back: " + result.fallbackReason())
                + (result.rebuiltPartitions() == 0 ? "" : ", rebuilds " + result.rebuiltPartitions() + " partition(s): a base lost rows in bulk")
                + (result.rebuiltPartitions() == 0 && result.refreshMode().equals("PARTIAL") && !result.rebuilt().isEmpty()
                        ? ", rebuilds the stale partition(s) " + String.join(", ", result.rebuilt()) : ""));
        String shown = result.estimateShown(estimate);
        if (shown != null) {
            line(rows, "Cost estimate: " + shown);
        }
        line(rows, "Maintained as: " + (survey.form().aggregate() == null ? "the multiset of the definition's rows"
                : "per-group state of " + (survey.form().aggregate().keys().isEmpty() ? "one global group"
                        : survey.form().aggregate().keys().size() + " grouping key(s)")));
        survey.counts().describe().forEach(l -> line(rows, l));
        for (IvmRefresher.Stream st : survey.streams()) {
            boolean pending = st.pending().changes();
            if (pending || s.allStreams()) {
                line(rows, "Stream " + st.stream().name() + " on " + st.table().database() + "." + st.table().name() + ": "
                        + (pending ? "unconsumed changes" : "no unconsumed changes"));
            }
        }
        survey.missing().forEach(m -> line(rows, "Stream " + m.name() + ": missing"));
        if (result.refreshMode().equals("COMPLETE")) {
            line(rows, "Build plan:");
            PlanText.of(def.plan()).lines().forEach(l -> line(rows, "  " + l));
            return new ListRowResult(EXPLAIN, rows);
        }
        DeltaPlanner.Delta delta = survey.delta(s.allStreams());
        if (delta == null) {
            line(rows, "Delta plan: none (no stream has unconsumed changes)");
        } else {
            line(rows, "Delta plan:");
            PlanText.of(delta.plan()).lines().forEach(l -> line(rows, "  " + l));
        }
        return new ListRowResult(EXPLAIN, rows);
    }

    static RowResult dryRun(StatementContext ctx, MvMeta mv, MvStatement.RefreshMv s, IvmCostModel costs) {
        if (mv.ivm() == null || !"INCREMENTAL".equals(s.mode())) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "WITH DRY RUN only applies to REFRESH MATERIALIZED VIEW .. INCREMENTAL "
                    + "of an incrementally maintained materialized view");
        }
        TableMeta table = ctx.catalog().table(mv.database(), mv.name());
        MvDefinition def = MvDefinition.resolve(ctx, mv, table.columnNames());
        IvmRefresher.Survey survey = IvmRefresher.survey(ctx, mv, table, def, IvmSetup.signature(def), null);
        IvmRefresher.Result result = IvmRefresher.decide(mv, survey, MvRefresher.ivmPartitions(ctx, mv, table, def), "INCREMENTAL",
                s.fallback(), costs.estimate(mv.id(), survey.changeRows()));
        if (result.refreshMode().equals("PARTIAL") && !result.rebuilt().isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "The next refresh of " + mv.name() + " rebuilds " + result.rebuilt().size()
                    + " partition(s) whose base rows were removed in bulk: only a refresh that applies changes alone can be previewed");
        }
        if (result.refreshMode().equals("NOT_REFRESH")) {
            // Nothing to apply: the dry run is the empty delta.
            return new ListRowResult(previewColumns(table, IvmRefresher.maintenance(ctx, table, survey, null).previewColumns()),
                    List.of());
        }
        if (!result.refreshMode().equals("PARTIAL")) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "The next refresh of " + mv.name() + " is not incremental (RefreshMode "
                    + result.refreshMode() + (result.fallbackReason() == null ? "" : ", " + result.fallbackReason()) + "): "
                    + (result.refreshMode().equals("NOT_REFRESH") ? "there are no unconsumed changes" : "it would build the MV in full"));
        }
        DeltaPlanner.Delta delta = survey.delta(false);
        IvmMaintenance maintenance = IvmRefresher.maintenance(ctx, table, survey, null);
        IvmMaintenance.Preview preview = maintenance.preview(delta.plan(), delta.weight());
        try {
            String page = s.dryRun().limit() < 0 ? "" : " LIMIT " + s.dryRun().limit() + " OFFSET " + s.dryRun().offset();
            List<List<Object>> rows = Sql.rows(ctx.txn().connection(), "SELECT * FROM (" + preview.select() + ")" + page);
            return new ListRowResult(previewColumns(table, preview.columns()), rows);
        } finally {
            maintenance.discard();
        }
    }

    /** The MV's columns with their types; the ones it does not have (the multiplicity, the delete sign) are BIGINT. */
    private static List<ResultColumn> previewColumns(TableMeta table, List<String> names) {
        List<ResultColumn> columns = new ArrayList<>();
        for (String name : names) {
            ColumnMeta c = table.column(name);
            columns.add(new ResultColumn(name, c == null ? DataType.BIGINT : c.type()));
        }
        return columns;
    }

    private static void line(List<List<Object>> rows, String text) {
        rows.add(List.of(text));
    }
}
