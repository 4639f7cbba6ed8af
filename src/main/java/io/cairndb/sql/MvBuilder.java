package io.cairndb.sql;

import io.cairndb.sql.CairnSqlParser.AlterMvRefreshContext;
import io.cairndb.sql.CairnSqlParser.AlterMvRenameContext;
import io.cairndb.sql.CairnSqlParser.AlterMvReplaceContext;
import io.cairndb.sql.CairnSqlParser.AlterMvSetContext;
import io.cairndb.sql.CairnSqlParser.AlterMvStatusContext;
import io.cairndb.sql.CairnSqlParser.CancelMvTaskContext;
import io.cairndb.sql.CairnSqlParser.CreateMaterializedViewContext;
import io.cairndb.sql.CairnSqlParser.DropMaterializedViewContext;
import io.cairndb.sql.CairnSqlParser.MvPartitionArgContext;
import io.cairndb.sql.CairnSqlParser.MvPartitionExprContext;
import io.cairndb.sql.CairnSqlParser.MvRefreshContext;
import io.cairndb.sql.CairnSqlParser.MvTriggerContext;
import io.cairndb.sql.CairnSqlParser.PauseMvJobContext;
import io.cairndb.sql.CairnSqlParser.RefreshMaterializedViewContext;
import io.cairndb.sql.CairnSqlParser.ResumeMvJobContext;
import io.cairndb.sql.CairnSqlParser.ShowCreateMaterializedViewContext;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.Statement;
import org.antlr.v4.runtime.Token;

import java.util.List;
import java.util.Locale;

/** Builds the materialized-view statements. */
final class MvBuilder extends CairnSqlBaseVisitor<Object> {
    private final AstBuilder ast;
    private final ExpressionBuilder expressions;

    MvBuilder(AstBuilder ast, ExpressionBuilder expressions) {
        this.ast = ast;
        this.expressions = expressions;
    }

    @Override
    public Statement visitCreateMaterializedView(CreateMaterializedViewContext ctx) {
        List<MvStatement.Column> columns = ctx.mvColumn().stream()
                .map(c -> new MvStatement.Column(TreeValues.identifier(c.identifier()),
                        c.string() == null ? null : TreeValues.string(c.string()),
                        c.dataType() == null ? null : expressions.dataType(c.dataType()),
                        c.NULL() == null ? null : c.NOT() == null))
                .toList();
        if (ctx.mvRefresh().size() > 1) {
            throw SyntaxErrors.at(ctx.mvRefresh(1).getStart(), "REFRESH may be given only once");
        }
        MvRefreshContext refreshCtx = ctx.mvRefresh().isEmpty() ? null : ctx.mvRefresh(0);
        MvStatement.Refresh refresh = refreshCtx == null ? null : refresh(refreshCtx);
        String build = ctx.build != null ? upper(ctx.build)
                : refreshCtx != null && refreshCtx.build != null ? upper(refreshCtx.build) : null;
        boolean async = build != null || refresh != null || ctx.KEY() != null || ctx.comment != null
                || ctx.PARTITION() != null || ctx.distributionDesc() != null || ctx.propertiesClause() != null
                || !columns.isEmpty() || ctx.ORDER() != null;
        return new MvStatement.Create(TreeValues.qualifiedName(ctx.name), ctx.EXISTS() != null, columns, build, refresh,
                ctx.keyColumns == null ? List.of() : TreeValues.identifiers(ctx.keyColumns),
                ctx.comment == null ? null : TreeValues.string(ctx.comment),
                ctx.mvPartitionExpr() == null ? null : partition(ctx.mvPartitionExpr()),
                ctx.distributionDesc() == null ? null : DdlBuilder.distribution(ctx.distributionDesc()),
                TreeValues.properties(ctx.propertiesClause() == null ? null : ctx.propertiesClause().propertyList()),
                ast.query(ctx.query()), AstBuilder.text(ctx.query()), async);
    }

    private static MvStatement.Refresh refresh(MvRefreshContext ctx) {
        if (ctx.kind != null) {
            if (ctx.SCHEDULE() != null && ctx.EVERY() == null) {
                throw SyntaxErrors.at(ctx.kind, "SCHEDULE needs EVERY: REFRESH SCHEDULE [START ('...')] EVERY (INTERVAL n unit)");
            }
            if (ctx.start != null && ctx.EVERY() == null) {
                throw SyntaxErrors.at(ctx.start.getStart(), "START can only be used with EVERY: REFRESH ASYNC START ('...') EVERY (INTERVAL n unit)");
            }
            MvStatement.Trigger trigger = ctx.EVERY() == null ? MvStatement.Trigger.ON_COMMIT
                    : new MvStatement.Trigger(MvStatement.TriggerKind.SCHEDULE, TreeValues.longValue(ctx.INTEGER_VALUE().getSymbol()),
                    TreeValues.identifier(ctx.unit).toUpperCase(Locale.ROOT), ctx.start == null ? null : TreeValues.string(ctx.start));
            return new MvStatement.Refresh(null, false, trigger);
        }
        if (ctx.MANUAL() != null && ctx.mvTrigger() == null) {
            return new MvStatement.Refresh(null, false, MvStatement.Trigger.MANUAL);
        }
        return new MvStatement.Refresh(ctx.method == null ? null : upper(ctx.method), ctx.FALLBACK() != null,
                ctx.mvTrigger() == null ? null : trigger(ctx.mvTrigger()));
    }

    private static MvStatement.Trigger trigger(MvTriggerContext ctx) {
        if (ctx.MANUAL() != null) {
            return MvStatement.Trigger.MANUAL;
        }
        if (ctx.COMMIT() != null) {
            return MvStatement.Trigger.ON_COMMIT;
        }
        return new MvStatement.Trigger(MvStatement.TriggerKind.SCHEDULE, TreeValues.longValue(ctx.INTEGER_VALUE().getSymbol()),
                TreeValues.identifier(ctx.unit).toUpperCase(Locale.ROOT), ctx.starts == null ? null : TreeValues.string(ctx.starts));
    }

    /** {@code date_trunc(col, 'unit')} (Doris) or {@code date_trunc('unit', col)} (StarRocks). */
    private static MvStatement.Partition partition(MvPartitionExprContext ctx) {
        if (ctx.first == null) {
            return new MvStatement.Partition(TreeValues.identifier(ctx.identifier()), null);
        }
        String fn = TreeValues.identifier(ctx.identifier());
        if (!fn.equalsIgnoreCase("date_trunc")) {
            throw SyntaxErrors.at(ctx.start, "PARTITION BY supports a column or date_trunc(column, 'unit'), not " + fn);
        }
        MvPartitionArgContext column = ctx.first.identifier() != null ? ctx.first : ctx.second;
        MvPartitionArgContext unit = column == ctx.first ? ctx.second : ctx.first;
        if (column.identifier() == null || unit.string() == null) {
            throw SyntaxErrors.at(ctx.start, "date_trunc in PARTITION BY needs a column and a unit string");
        }
        return new MvStatement.Partition(TreeValues.identifier(column.identifier()),
                TreeValues.string(unit.string()).toLowerCase(Locale.ROOT));
    }

    @Override
    public Statement visitRefreshMaterializedView(RefreshMaterializedViewContext ctx) {
        List<String> partitions = ctx.identifierList() != null ? TreeValues.identifiers(ctx.identifierList())
                : ctx.single != null ? List.of(TreeValues.identifier(ctx.single)) : List.of();
        String mode = ctx.refreshMode != null ? upper(ctx.refreshMode) : ctx.stale != null ? "STALE_PARTITIONS"
                : !partitions.isEmpty() ? "PARTITIONS" : ctx.start != null ? "RANGE" : null;
        return new MvStatement.RefreshMv(TreeValues.qualifiedName(ctx.qualifiedName()), mode, partitions,
                ctx.start == null ? null : TreeValues.string(ctx.start), ctx.end == null ? null : TreeValues.string(ctx.end),
                ctx.FORCE() != null, ctx.syncMode != null && ctx.syncMode.getType() == CairnSqlLexer.SYNC, ctx.FALLBACK() != null,
                ctx.STREAMS() != null, ctx.DRY() == null ? null : new MvStatement.DryRun(
                        ctx.limit == null ? -1 : Long.parseLong(ctx.limit.getText()), ctx.offset == null ? 0 : Long.parseLong(ctx.offset.getText())));
    }

    @Override
    public Statement visitDropMaterializedView(DropMaterializedViewContext ctx) {
        return new MvStatement.Drop(TreeValues.qualifiedName(ctx.name), ctx.EXISTS() != null,
                ctx.table == null ? null : TreeValues.qualifiedName(ctx.table));
    }

    @Override
    public Statement visitAlterMvSet(AlterMvSetContext ctx) {
        return new MvStatement.Alter(TreeValues.qualifiedName(ctx.qualifiedName()),
                new MvStatement.SetProperties(TreeValues.properties(ctx.propertyList())));
    }

    @Override
    public Statement visitAlterMvRename(AlterMvRenameContext ctx) {
        return new MvStatement.Alter(TreeValues.qualifiedName(ctx.qualifiedName()),
                new MvStatement.Rename(TreeValues.identifier(ctx.identifier())));
    }

    @Override
    public Statement visitAlterMvRefresh(AlterMvRefreshContext ctx) {
        return new MvStatement.Alter(TreeValues.qualifiedName(ctx.qualifiedName()), new MvStatement.ChangeRefresh(refresh(ctx.mvRefresh())));
    }

    @Override
    public Statement visitAlterMvReplace(AlterMvReplaceContext ctx) {
        return new MvStatement.Alter(TreeValues.qualifiedName(ctx.qualifiedName(0)), new MvStatement.Replace(
                TreeValues.qualifiedName(ctx.other),
                TreeValues.properties(ctx.propertiesClause() == null ? null : ctx.propertiesClause().propertyList())));
    }

    @Override
    public Statement visitAlterMvStatus(AlterMvStatusContext ctx) {
        return new MvStatement.Alter(TreeValues.qualifiedName(ctx.qualifiedName()),
                new MvStatement.SetActive(ctx.status.getType() == CairnSqlLexer.ACTIVE));
    }

    @Override
    public Statement visitPauseMvJob(PauseMvJobContext ctx) {
        return new MvStatement.Job(MvStatement.JobAction.PAUSE, TreeValues.qualifiedName(ctx.qualifiedName()));
    }

    @Override
    public Statement visitResumeMvJob(ResumeMvJobContext ctx) {
        return new MvStatement.Job(MvStatement.JobAction.RESUME, TreeValues.qualifiedName(ctx.qualifiedName()));
    }

    @Override
    public Statement visitCancelMvTask(CancelMvTaskContext ctx) {
        return new MvStatement.CancelTask(TreeValues.longValue(ctx.INTEGER_VALUE().getSymbol()),
                TreeValues.qualifiedName(ctx.qualifiedName()));
    }

    @Override
    public Statement visitShowCreateMaterializedView(ShowCreateMaterializedViewContext ctx) {
        return new MvStatement.ShowCreate(TreeValues.qualifiedName(ctx.qualifiedName(0)),
                ctx.table == null ? null : TreeValues.qualifiedName(ctx.table));
    }

    @Override
    public Statement visitShowRollupJobs(CairnSqlParser.ShowRollupJobsContext ctx) {
        return new MvStatement.ShowRollupJobs(ctx.database == null ? null : TreeValues.identifier(ctx.database));
    }

    @Override
    public Statement visitAddRollup(CairnSqlParser.AddRollupContext ctx) {
        List<MvStatement.RollupSpec> specs = ctx.rollupDef().stream().map(r -> new MvStatement.RollupSpec(
                TreeValues.identifier(r.name), r.identifierList().identifier().stream().map(TreeValues::identifier).toList(),
                r.base == null ? null : TreeValues.identifier(r.base),
                TreeValues.properties(r.propertiesClause() == null ? null : r.propertiesClause().propertyList()))).toList();
        return new MvStatement.AddRollup(TreeValues.qualifiedName(ctx.qualifiedName()), specs);
    }

    @Override
    public Statement visitDropRollup(CairnSqlParser.DropRollupContext ctx) {
        return new MvStatement.DropRollup(TreeValues.qualifiedName(ctx.qualifiedName()),
                ctx.identifier().stream().map(TreeValues::identifier).toList());
    }

    @Override
    public Statement visitCancelRollupJob(CairnSqlParser.CancelRollupJobContext ctx) {
        return new MvStatement.CancelRollupJob(TreeValues.qualifiedName(ctx.qualifiedName()));
    }

    private static String upper(Token t) {
        return t.getText().toUpperCase(Locale.ROOT);
    }
}
