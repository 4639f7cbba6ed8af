package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DataType;
import io.cairndb.ddl.AlterTableDdl;
import io.cairndb.ddl.DatabaseDdl;
import io.cairndb.ddl.TableDdl;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Statement;
import io.cairndb.system.ClientShows;
import io.cairndb.system.ShowExecutor;
import io.cairndb.write.DeleteExecutor;
import io.cairndb.write.InsertExecutor;
import io.cairndb.write.TruncateExecutor;
import io.cairndb.write.UpdateExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Routes each statement to the package that owns it. */
final class StatementDispatcher {
    private final Session session;

    StatementDispatcher(Session session) {
        this.session = session;
    }

    StatementResult dispatch(StatementContext ctx, Statement statement) {
        return switch (statement) {
            case Statement.QueryStatement q -> session.query(ctx, ctx.translator().translate(q.query()));
            case Statement.Explain e -> explain(ctx, e);
            case Statement.CreateDatabase s -> DatabaseDdl.create(ctx, s);
            case Statement.DropDatabase s -> {
                UpdateCount r = DatabaseDdl.drop(ctx, s);
                if (s.name().equals(session.currentDatabase())) {
                    ctx.txn().afterCommit(this::leaveDroppedDatabase);
                }
                yield r;
            }
            case Statement.UseDatabase s -> {
                session.useDatabase(s.name());
                yield UpdateCount.NONE;
            }
            case Statement.CreateTable s -> TableDdl.createTable(ctx, s);
            case Statement.DropTable s -> TableDdl.dropTable(ctx, s);
            case Statement.TruncateTable s -> TruncateExecutor.execute(ctx, s);
            case Statement.CreateView s -> TableDdl.createView(ctx, s);
            case Statement.DropView s -> TableDdl.dropView(ctx, s);
            case Statement.AlterTable s -> AlterTableDdl.execute(ctx, s);
            case Statement.Insert s -> InsertExecutor.execute(ctx, s);
            case Statement.Update s -> UpdateExecutor.execute(ctx, s);
            case Statement.Delete s -> DeleteExecutor.execute(ctx, s);
            case Statement.SetStatement s -> set(ctx, s);
            case Statement.Transaction s -> UpdateCount.NONE;
            case Statement.Kill s -> throw new CairnException(ErrorCode.NOT_SUPPORTED, "KILL is not supported yet");
            case Statement.ShowDatabases s -> ShowExecutor.databases(ctx, s);
            case Statement.ShowTables s -> ShowExecutor.tables(ctx, s);
            case Statement.ShowCreateTable s -> ShowExecutor.createTable(ctx, s);
            case Statement.ShowPartitions s -> ShowExecutor.partitions(ctx, s);
            case Statement.ShowColumns s -> ShowExecutor.columns(ctx, s);
            case Statement.ShowVariables s -> ShowExecutor.variables(ctx,
                    s.scope() == Statement.Scope.GLOBAL ? session.variables().globalView() : session.variables().sessionView(),
                    SessionVariables.defaultsView(), s);
            case Statement.ShowProcesslist s -> ShowExecutor.processlist(ctx, session.database().processes(), s.full());
            case Statement.ShowOther s -> ClientShows.show(ctx, s);
            case Statement.Describe s -> ShowExecutor.describe(ctx, s);
        };
    }

    private void leaveDroppedDatabase() {
        // MySQL keeps the session without a current database after dropping it.
        session.clearDatabase();
    }

    private RowResult explain(StatementContext ctx, Statement.Explain e) {
        if (!(e.statement() instanceof Statement.QueryStatement q)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "EXPLAIN supports queries only");
        }
        String sql = ctx.translator().translate(q.query());
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of("DuckDB SQL: " + sql));
        for (List<Object> r : Sql.rows(ctx.txn().connection(), "EXPLAIN " + sql)) {
            for (String line : String.valueOf(r.get(r.size() - 1)).split("\n")) {
                rows.add(List.of(line));
            }
        }
        ctx.txn().commit();
        return new ListRowResult(List.of(new ResultColumn("Explain String", DataType.STRING)), rows);
    }

    private UpdateCount set(StatementContext ctx, Statement.SetStatement s) {
        for (Statement.SetItem item : s.items()) {
            switch (item) {
                case Statement.SetVariable v -> {
                    String value = v.value() == null ? SessionVariables.defaultsView().get(v.name().toLowerCase(Locale.ROOT))
                            : evaluate(ctx, v.value());
                    if (v.name().equalsIgnoreCase("time_zone")) {
                        session.applyTimeZone(value);
                    }
                    if (v.scope() == Statement.Scope.GLOBAL) {
                        session.variables().setGlobal(v.name(), value);
                    } else {
                        session.variables().setSession(v.name(), value);
                    }
                }
                case Statement.SetUserVariable u -> session.setUserVariable(u.name(), evaluate(ctx, u.value()));
                case Statement.SetNames n -> {
                    session.variables().setSession("character_set_client", n.charset());
                    session.variables().setSession("character_set_connection", n.charset());
                    session.variables().setSession("character_set_results", n.charset());
                }
            }
        }
        return UpdateCount.NONE;
    }

    /** A SET value as text: literals as written, other expressions computed by DuckDB. */
    private static String evaluate(StatementContext ctx, Expr value) {
        return switch (value) {
            case Expr.StringLiteral s -> s.value();
            case Expr.IntegerLiteral i -> i.value().toString();
            case Expr.DecimalLiteral d -> d.value().toPlainString();
            case Expr.BooleanLiteral b -> b.value() ? "1" : "0";
            case Expr.NullLiteral n -> "";
            case Expr.Identifier id -> id.name();
            default -> {
                Object v = Sql.scalar(ctx.txn().connection(), "SELECT " + ctx.translator().translate(value));
                yield v == null ? "" : v.toString();
            }
        };
    }
}
