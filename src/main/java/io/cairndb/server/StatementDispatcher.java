package io.cairndb.server;

import io.cairndb.analyzer.PartitionPruning;
import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.QueryTranslator;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.DataType;
import io.cairndb.ddl.AlterTableDdl;
import io.cairndb.ddl.DatabaseDdl;
import io.cairndb.ddl.StreamDdl;
import io.cairndb.ddl.TableDdl;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.catalog.TableMeta;
import io.cairndb.mv.BaseSchemaChanges;
import io.cairndb.mv.MaterializedViews;
import io.cairndb.mv.SyncMaterializedViews;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanText;
import io.cairndb.rewrite.RewriteOutcome;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.ExportStatement;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.AccountStatement;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.Statement;
import io.cairndb.system.ClientShows;
import io.cairndb.system.ColumnStatistics;
import io.cairndb.system.DataShows;
import io.cairndb.system.DynamicPartitionTables;
import io.cairndb.system.ShowExecutor;
import io.cairndb.system.TabletShows;
import io.cairndb.write.DeleteExecutor;
import io.cairndb.write.InsertExecutor;
import io.cairndb.write.TruncateExecutor;
import io.cairndb.write.UpdateExecutor;

import java.util.ArrayList;
import java.util.List;

/** Routes each statement to the package that owns it. */
final class StatementDispatcher {
    private final Session session;

    private static final String SELECT_LIMIT = "sql_select_limit";

    StatementDispatcher(Session session) {
        this.session = session;
    }

    StatementResult dispatch(StatementContext checked, Statement statement) {
        StatementPrivileges.require(checked, statement, session.account());
        StatementContext ctx = readingTarget(checked, statement);
        if (statement instanceof Statement.QueryStatement q) {
            QueryTranslator.AnsweredQuery answered = ctx.translator().answering(withSelectLimit(q.query()));
            return session.query(ctx, answered.sql(), answered.sources());
        }
        if (statement instanceof Statement.Outfile o) {
            return OutfileWriter.write(ctx, o, ctx.translator().answering(o.query()).sql(), ctx.translator().describe(o.query()));
        }
        if (statement instanceof Statement.Explain e) {
            return explain(ctx, e);
        }
        if (statement instanceof Statement.CreateDatabase s) {
            return DatabaseDdl.create(ctx, s);
        }
        if (statement instanceof Statement.DropDatabase s) {
            UpdateCount r = DatabaseDdl.drop(ctx, s);
            session.database().materializedViews().dropDatabase(ctx, s.name());
            ctx.txn().afterCommit(() -> session.database().exportJobs().dropDatabase(s.name()));
            if (s.name().equals(session.currentDatabase())) {
                ctx.txn().afterCommit(this::leaveDroppedDatabase);
            }
            return r;
        }
        if (statement instanceof Statement.UseDatabase s) {
            session.useDatabase(s.name());
            return UpdateCount.NONE;
        }
        if (statement instanceof Statement.CreateTable s) {
            return TableDdl.createTable(ctx, s);
        }
        if (statement instanceof Statement.DropTable s) {
            return TableDdl.dropTable(ctx, s);
        }
        if (statement instanceof Statement.TruncateTable s) {
            return TruncateExecutor.execute(ctx, s);
        }
        if (statement instanceof Statement.CreateView s) {
            return TableDdl.createView(ctx, s);
        }
        if (statement instanceof Statement.DropView s) {
            return TableDdl.dropView(ctx, s);
        }
        if (statement instanceof Statement.AlterTable s) {
            TableMeta before = ctx.catalog().table(ctx.databaseOf(s.name()), s.name().name());
            UpdateCount r = AlterTableDdl.execute(ctx, s);
            if (before != null) {
                BaseSchemaChanges.apply(ctx, before, s);
            }
            return r;
        }
        if (statement instanceof Statement.Insert s) {
            return InsertExecutor.execute(ctx, s);
        }
        if (statement instanceof Statement.LoadData s) {
            // Over the MySQL protocol the client sends the file first and the load runs as a Stream Load.
            throw new CairnException(ErrorCode.NOT_SUPPORTED, s.local()
                    ? "LOAD DATA LOCAL INFILE needs a MySQL client that sends the file (mysql --local-infile=1, "
                    + "Connector/J allowLoadLocalInfile=true)"
                    : "LOAD DATA INFILE without LOCAL reads a file on the server, which is not supported: use LOAD DATA LOCAL INFILE, "
                    + "or INSERT .. SELECT FROM local(..)");
        }
        if (statement instanceof Statement.Update s) {
            return UpdateExecutor.execute(ctx, s);
        }
        if (statement instanceof Statement.Delete s) {
            return DeleteExecutor.execute(ctx, s);
        }
        if (statement instanceof Statement.SetStatement s) {
            return set(ctx, s);
        }
        if (statement instanceof Statement.LockTables s) {
            return session.tableLocks().lock(ctx, s, session.database().locks());
        }
        if (statement instanceof Statement.UnlockTables) {
            return session.tableLocks().unlock();
        }
        if (statement instanceof Statement.Kill s) {
            session.database().kill(s.connectionId(), s.queryOnly(), ctx.access());
            return UpdateCount.NONE;
        }
        if (statement instanceof Statement.ShowDatabases s) {
            return ShowExecutor.databases(ctx, s);
        }
        if (statement instanceof Statement.ShowTables s) {
            return ShowExecutor.tables(ctx, s);
        }
        if (statement instanceof Statement.ShowCreateDatabase s) {
            return ShowExecutor.createDatabase(ctx, s);
        }
        if (statement instanceof Statement.ShowCreateTable s) {
            return ShowExecutor.createTable(ctx, s);
        }
        if (statement instanceof Statement.ShowPartitions s) {
            return ShowExecutor.partitions(ctx, s, session.database().dataSizes());
        }
        if (statement instanceof Statement.ShowDynamicPartitionTables s) {
            return DynamicPartitionTables.show(ctx, s, session.database().dynamicPartitions()::status);
        }
        if (statement instanceof Statement.ShowColumns s) {
            return ShowExecutor.columns(ctx, s);
        }
        if (statement instanceof Statement.ShowVariables s) {
            return ShowExecutor.variables(ctx,
                    s.scope() == Statement.Scope.GLOBAL ? session.variables().globalView() : session.variables().sessionView(),
                    SessionVariables.defaultsView(), s);
        }
        if (statement instanceof Statement.ShowProcesslist s) {
            return ShowExecutor.processlist(ctx, session.database().processes().stream()
                    .filter(p -> ctx.access().hasGlobal(Access.ADMIN) || p.user().equals(session.user())).toList(), s.full());
        }
        if (statement instanceof Statement.ShowTransaction s) {
            return TransactionShows.transaction(ctx, s, session.database());
        }
        if (statement instanceof Statement.ShowConstraints s) {
            return ShowExecutor.constraints(ctx, s);
        }
        if (statement instanceof Statement.ShowTablets s) {
            return TabletShows.tablets(ctx, s, session.database().dataSizes(), session.database().dataRoot());
        }
        if (statement instanceof Statement.ShowTablet s) {
            return TabletShows.tablet(ctx, s);
        }
        if (statement instanceof ExportStatement.Export s) {
            return TableExport.run(ctx, s, session.database().exportJobs());
        }
        if (statement instanceof ExportStatement.Show s) {
            return ExportShows.show(ctx, s, session.database().exportJobs());
        }
        if (statement instanceof ExportStatement.Cancel s) {
            return ExportShows.cancel(ctx, s, session.database().exportJobs());
        }
        if (statement instanceof Statement.ShowLoad s) {
            return TransactionShows.loads(ctx, s, session.database());
        }
        if (statement instanceof Statement.ShowData s) {
            return DataShows.show(ctx, s, session.database().dataSizes());
        }
        if (statement instanceof Statement.ShowLastInsert) {
            return TransactionShows.lastInsert(session.loads().lastInsert());
        }
        if (statement instanceof Statement.AnalyzeTable s) {
            return ColumnStatistics.analyze(ctx, s);
        }
        if (statement instanceof Statement.ShowColumnStats s) {
            return ColumnStatistics.show(ctx, s);
        }
        if (statement instanceof Statement.ShowProc s) {
            return ServerShows.proc(ctx, s.path(), session.database());
        }
        if (statement instanceof Statement.ShowOther s && ServerShows.answers(s)) {
            return ServerShows.show(s, session.database());
        }
        if (statement instanceof Statement.ShowOther s) {
            return ClientShows.show(ctx, s, session.database().dataSizes());
        }
        if (statement instanceof Statement.CreateStream s) {
            return StreamDdl.create(ctx, s);
        }
        if (statement instanceof Statement.DropStream s) {
            return StreamDdl.drop(ctx, s);
        }
        if (statement instanceof Statement.ShowStreams s) {
            return StreamDdl.show(ctx, s);
        }
        if (statement instanceof AccountStatement.CreateUser s) {
            return session.database().accounts().create(ctx, s);
        }
        if (statement instanceof AccountStatement.AlterUser s) {
            return session.database().accounts().alter(ctx, s);
        }
        if (statement instanceof AccountStatement.DropUser s) {
            return session.database().accounts().drop(ctx, s);
        }
        if (statement instanceof AccountStatement.SetPassword s) {
            return session.database().accounts().setPassword(ctx, s, session.user(), session.clientHost());
        }
        if (statement instanceof AccountStatement.Grant s) {
            return session.database().grants().grant(ctx, s);
        }
        if (statement instanceof AccountStatement.Revoke s) {
            return session.database().grants().revoke(ctx, s);
        }
        if (statement instanceof AccountStatement.GrantRoles s) {
            return session.database().grants().grantRoles(ctx, s);
        }
        if (statement instanceof AccountStatement.RevokeRoles s) {
            return session.database().grants().revokeRoles(ctx, s);
        }
        if (statement instanceof AccountStatement.CreateRole s) {
            return session.database().grants().createRole(ctx, s);
        }
        if (statement instanceof AccountStatement.DropRole s) {
            return session.database().grants().dropRole(ctx, s);
        }
        if (statement instanceof AccountStatement.ShowGrants s) {
            return session.database().grants().show(s, session.account());
        }
        if (statement instanceof AccountStatement.ShowRoles) {
            return session.database().grants().showRoles();
        }
        if (statement instanceof Statement.AdminSetConfig s) {
            ctx.config().setAll(s.settings());
            return UpdateCount.NONE;
        }
        if (statement instanceof Statement.AdminShowConfig s) {
            return ShowExecutor.config(ctx.config().all(), s.like());
        }
        if (statement instanceof Statement.Describe s) {
            return ShowExecutor.describe(ctx, s);
        }
        if (statement.getClass().getEnclosingClass() == MvStatement.class) {
            return materializedView(ctx, statement);
        }
        throw new IllegalStateException("unhandled " + statement);
    }

    /**
     * UPDATE and DELETE read the rows of the table they change: LOAD_PRIV on it is enough for that, as
     * in Doris (other tables they read still need SELECT_PRIV).
     */
    private static StatementContext readingTarget(StatementContext ctx, Statement statement) {
        QualifiedName target = statement instanceof Statement.Update u ? u.table()
                : statement instanceof Statement.Delete d ? d.table() : null;
        if (target == null) {
            return ctx;
        }
        String db = ctx.databaseOf(target);
        return ctx.withRights(ctx.access().alsoReading(db, target.name()));
    }

    private StatementResult materializedView(StatementContext ctx, Statement statement) {
        MaterializedViews mvs = session.database().materializedViews();
        SyncMaterializedViews rollups = session.database().syncMaterializedViews();
        if (statement instanceof MvStatement.Create s && !s.async()) {
            return rollups.create(ctx, s);
        }
        if (statement instanceof MvStatement.Drop s && s.onTable() != null) {
            return rollups.drop(ctx, s);
        }
        if (statement instanceof MvStatement.ShowCreate s && s.onTable() != null) {
            return rollups.showCreate(ctx, s);
        }
        if (statement instanceof MvStatement.ShowRollupJobs s) {
            return rollups.showJobs(ctx, s);
        }
        if (statement instanceof MvStatement.CancelRollupJob s) {
            return rollups.cancel(ctx, s);
        }
        if (statement instanceof MvStatement.AddRollup s) {
            return rollups.addRollups(ctx, s);
        }
        if (statement instanceof MvStatement.DropRollup s) {
            return rollups.dropRollups(ctx, s);
        }
        if (statement instanceof MvStatement.Create s) {
            return mvs.create(ctx, s);
        }
        if (statement instanceof MvStatement.RefreshMv s) {
            return mvs.refresh(ctx, s);
        }
        if (statement instanceof MvStatement.Drop s) {
            return mvs.drop(ctx, s);
        }
        if (statement instanceof MvStatement.Alter s) {
            return mvs.alter(ctx, s);
        }
        if (statement instanceof MvStatement.Job s) {
            return mvs.job(ctx, s);
        }
        if (statement instanceof MvStatement.CancelTask s) {
            return mvs.cancelTask(ctx, s);
        }
        if (statement instanceof MvStatement.ShowCreate s) {
            return mvs.showCreate(ctx, s);
        }
        throw new IllegalStateException("unhandled " + statement);
    }

    private void leaveDroppedDatabase() {
        // MySQL keeps the session without a current database after dropping it.
        session.clearDatabase();
    }

    /**
     * EXPLAIN: the logical plan after transparent rewrite (node, output columns with types, predicates),
     * the DuckDB SQL printed from it, DuckDB's plan and the MATERIALIZATIONS section: which MVs answer
     * the query, which was chosen and why the others cannot. {@code SHAPE PLAN} is the bare node tree of
     * the rewritten plan; {@code ANALYZED PLAN} and {@code LOGICAL PLAN} the plan as bound,
     * {@code REWRITTEN PLAN} and {@code OPTIMIZED PLAN} as the optimizer and rewrite leave it; {@code EXPLAIN ANALYZE} runs the
     * query and shows DuckDB's profile of it.
     */
    private RowResult explain(StatementContext ctx, Statement.Explain e) {
        if (e.statement() instanceof MvStatement.RefreshMv r) {
            return session.database().materializedViews().explainRefresh(ctx, r);
        }
        if (!(e.statement() instanceof Statement.QueryStatement q)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "EXPLAIN supports queries only");
        }
        QueryBinder.Result bound = QueryBinder.bind(ctx, q.query());
        String level = e.level() == null ? "" : e.level();
        List<List<Object>> rows = new ArrayList<>();
        if (level.equals("ANALYZED PLAN") || level.equals("LOGICAL PLAN")) {
            PlanText.of(bound.analyzed()).lines().forEach(line -> rows.add(List.of(line)));
            return explainRows(rows);
        }
        RewriteOutcome rewritten = ctx.translator().rewrite(bound.plan());
        PlanNode plan = rewritten.plan();
        if (level.equals("ANALYZE")) {
            // Runs the query and shows DuckDB's profile of it: each operator's time and rows.
            for (List<Object> r : Sql.rows(ctx.txn().connection(), "EXPLAIN ANALYZE " + ctx.translator().print(plan))) {
                String.valueOf(r.get(r.size() - 1)).lines().forEach(line -> rows.add(List.of(line)));
            }
            return explainRows(rows);
        }
        switch (level) {
            case "SHAPE PLAN", "REWRITTEN PLAN", "OPTIMIZED PLAN" -> {
                String text = level.equals("SHAPE PLAN") ? PlanText.shape(plan) : PlanText.of(plan);
                text.lines().forEach(line -> rows.add(List.of(line)));
                return explainRows(rows);
            }
            default -> {
            }
        }
        rows.add(List.of("Logical plan:"));
        PlanText.of(plan).lines().forEach(line -> rows.add(List.of("  " + line)));
        PartitionPruning.describe(ctx, plan).forEach(line -> rows.add(List.of("Partitions: " + line)));
        String sql = ctx.translator().print(plan);
        rows.add(List.of("DuckDB SQL: " + sql));
        for (List<Object> r : Sql.rows(ctx.txn().connection(), "EXPLAIN " + sql)) {
            for (String line : String.valueOf(r.get(r.size() - 1)).split("\n")) {
                rows.add(List.of(line));
            }
        }
        if (ctx.session().flag("enable_materialized_view_rewrite")) {
            rewritten.report().lines().forEach(line -> rows.add(List.of(line)));
        }
        return explainRows(rows);
    }

    private static RowResult explainRows(List<List<Object>> rows) {
        return new ListRowResult(List.of(new ResultColumn("Explain String", DataType.STRING)), rows);
    }

    /**
     * sql_select_limit caps the rows of a top-level SELECT without a LIMIT of its own, as in MySQL
     * (subqueries and INSERT .. SELECT are not affected).
     */
    private Query withSelectLimit(Query query) {
        long limit = session.variables().number(SELECT_LIMIT);
        if (query.limit() != null || limit == Long.MAX_VALUE) {
            return query;
        }
        return new Query(query.with(), query.body(), query.orderBy(), new Query.Limit(limit, 0));
    }

    private UpdateCount set(StatementContext ctx, Statement.SetStatement s) {
        for (Statement.SetItem item : s.items()) {
            if (item instanceof Statement.SetVariable v && (v.value() == null || v.value() instanceof Expr.DefaultValue)) {
                if (v.scope() == Statement.Scope.GLOBAL) {
                    session.variables().resetGlobal(v.name());
                } else {
                    session.variables().resetSession(v.name());
                }
                if (v.name().equalsIgnoreCase("time_zone")) {
                    session.applyTimeZone(session.variables().get("time_zone"));
                }
            } else if (item instanceof Statement.SetVariable v) {
                String value = evaluate(ctx, v.value());
                if (v.name().equalsIgnoreCase("time_zone")) {
                    session.applyTimeZone(value);
                }
                if (v.scope() == Statement.Scope.GLOBAL) {
                    session.variables().setGlobal(v.name(), value);
                } else {
                    session.variables().setSession(v.name(), value);
                }
            }
            if (item instanceof Statement.SetUserVariable u) {
                session.setUserVariable(u.name(), evaluate(ctx, u.value()));
            }
            if (item instanceof Statement.SetNames n) {
                session.variables().setSession("character_set_client", n.charset());
                session.variables().setSession("character_set_connection", n.charset());
                session.variables().setSession("character_set_results", n.charset());
            }
        }
        return UpdateCount.NONE;
    }

    /** A SET value as text: literals as written, other expressions computed by DuckDB. */
    private static String evaluate(StatementContext ctx, Expr value) {
        if (value instanceof Expr.StringLiteral s) {
            return s.value();
        }
        if (value instanceof Expr.IntegerLiteral i) {
            return i.value().toString();
        }
        if (value instanceof Expr.DecimalLiteral d) {
            return d.value().toPlainString();
        }
        if (value instanceof Expr.BooleanLiteral b) {
            return b.value() ? "1" : "0";
        }
        if (value instanceof Expr.NullLiteral n) {
            return "";
        }
        if (value instanceof Expr.Identifier id) {
            return id.name();
        }
        Object v = Sql.scalar(ctx.txn().connection(), "SELECT " + ctx.translator().translate(value));
        return v == null ? "" : v.toString();
    }
}
