package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.AccessRights;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.AccountStatement;
import io.cairndb.sql.tree.ExportStatement;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;
import io.cairndb.system.DataShows;

/**
 * The privileges each statement needs on the objects it names, checked before it runs, as Doris
 * checks them. What queries read (tables, views, MVs, streams, also inside INSERT .. SELECT, CTAS,
 * views and MV definitions) is checked where the binder resolves each name; system listings show
 * only what the user may see; USE and the protocol's own commands check in {@link Session}; who may
 * grant what is checked in {@link Grants}.
 */
final class StatementPrivileges {
    private StatementPrivileges() {
    }

    static void require(StatementContext ctx, Statement s, AccountStatement.UserIdentity self) {
        AccessRights a = ctx.access();
        if (s instanceof Statement.CreateDatabase c) {
            a.requireDatabase(Access.CREATE, c.name());
        } else if (s instanceof Statement.DropDatabase d) {
            a.requireDatabase(Access.DROP, d.name());
        } else if (s instanceof Statement.ShowCreateDatabase d) {
            requireVisible(ctx, d.name());
        } else if (s instanceof Statement.ShowTables t) {
            requireVisible(ctx, t.database() != null ? t.database() : database(ctx, null));
        } else if (s instanceof Statement.ShowLoad l) {
            requireVisible(ctx, l.database() != null ? l.database() : database(ctx, null));
        } else if (s instanceof Statement.ShowData d) {
            DataShows.Target target = DataShows.target(ctx, d);
            if (target.table() != null) {
                ctx.access().require(Access.SHOW, target.database(), target.table());
            } else {
                requireVisible(ctx, target.database());
            }
        } else if (s instanceof Statement.ShowStreams t) {
            requireVisible(ctx, t.database() != null ? t.database() : database(ctx, null));
        } else if (s instanceof Statement.ShowDynamicPartitionTables t) {
            requireVisible(ctx, t.database() != null ? t.database() : database(ctx, null));
        } else if (s instanceof Statement.CreateTable c) {
            table(ctx, Access.CREATE, c.name());
            if (c.like() != null) {
                table(ctx, Access.SELECT, c.like());
            }
        } else if (s instanceof Statement.CreateView v) {
            table(ctx, Access.CREATE, v.name());
        } else if (s instanceof Statement.DropTable d) {
            table(ctx, Access.DROP, d.name());
        } else if (s instanceof Statement.DropView d) {
            table(ctx, Access.DROP, d.name());
        } else if (s instanceof Statement.TruncateTable t) {
            table(ctx, Access.LOAD, t.name());
        } else if (s instanceof Statement.AlterTable t) {
            table(ctx, Access.ALTER, t.name());
            for (Statement.AlterClause clause : t.clauses()) {
                if (clause instanceof Statement.ReplaceTable r) {
                    table(ctx, Access.ALTER, r.other().database() != null ? r.other() : QualifiedName.of(database(ctx, t.name()), r.other().name()));
                }
            }
        } else if (s instanceof Statement.Insert i) {
            table(ctx, Access.LOAD, i.table());
        } else if (s instanceof Statement.AnalyzeTable t) {
            table(ctx, Access.SELECT, t.table());
        } else if (s instanceof Statement.ShowColumnStats t) {
            table(ctx, Access.SHOW, t.table());
        } else if (s instanceof Statement.LoadData l) {
            table(ctx, Access.LOAD, l.table());
        } else if (s instanceof Statement.Update u) {
            table(ctx, Access.LOAD, u.table());
        } else if (s instanceof Statement.Delete d) {
            table(ctx, Access.LOAD, d.table());
        } else if (s instanceof Statement.CreateStream c) {
            table(ctx, Access.CREATE, c.name());
            table(ctx, Access.SELECT, c.table());
        } else if (s instanceof Statement.DropStream d) {
            table(ctx, Access.DROP, d.name());
        } else if (s instanceof Statement.ShowCreateTable c) {
            table(ctx, Access.SHOW, c.name());
        } else if (s instanceof Statement.ShowPartitions p) {
            table(ctx, Access.SHOW, p.table());
        } else if (s instanceof Statement.ShowColumns c) {
            table(ctx, Access.SHOW, c.table());
        } else if (s instanceof Statement.ShowConstraints c) {
            table(ctx, Access.SHOW, c.table());
        } else if (s instanceof Statement.Describe d) {
            table(ctx, Access.SHOW, d.table());
        } else if (s instanceof Statement.ShowOther o && (o.what().equals("FRONTENDS") || o.what().equals("BACKENDS"))) {
            a.requireGlobal(Access.ADMIN);
        } else if (s instanceof Statement.ShowOther o && o.what().equals("TABLE STATUS")) {
            // Its target names the database.
            requireVisible(ctx, o.target() != null ? o.target().name() : database(ctx, null));
        } else if (s instanceof Statement.ShowOther o && o.target() != null) {
            table(ctx, Access.SHOW, o.target());
        } else if (s instanceof ExportStatement.Export e) {
            table(ctx, Access.SELECT, e.table());
        } else if (s instanceof ExportStatement.Show e) {
            requireVisible(ctx, e.database() != null ? e.database() : database(ctx, null));
        } else if (s instanceof ExportStatement.Cancel e) {
            requireVisible(ctx, e.database() != null ? e.database() : database(ctx, null));
        } else if (s instanceof Statement.ShowTransaction || s instanceof Statement.ShowProc || s instanceof Statement.AdminSetConfig
                || s instanceof Statement.ShowTablets || s instanceof Statement.ShowTablet
                || s instanceof Statement.AdminShowConfig) {
            a.requireGlobal(Access.ADMIN);
        } else if (s instanceof Statement.SetStatement set) {
            boolean global = set.items().stream().anyMatch(i -> i instanceof Statement.SetVariable v
                    && v.scope() == Statement.Scope.GLOBAL);
            if (global) {
                a.requireGlobal(Access.ADMIN);
            }
        } else if (s instanceof AccountStatement.CreateUser || s instanceof AccountStatement.AlterUser
                || s instanceof AccountStatement.DropUser || s instanceof AccountStatement.CreateRole
                || s instanceof AccountStatement.DropRole || s instanceof AccountStatement.GrantRoles
                || s instanceof AccountStatement.RevokeRoles || s instanceof AccountStatement.ShowRoles) {
            a.requireGlobal(Access.GRANT);
        } else if (s instanceof AccountStatement.SetPassword p && p.user() != null && !p.user().equals(self)) {
            a.requireGlobal(Access.GRANT);
        } else if (s instanceof AccountStatement.ShowGrants g && (g.all() || g.user() != null && !g.user().equals(self))) {
            a.requireGlobal(Access.GRANT);
        } else if (s instanceof Statement.Explain e && e.statement() instanceof MvStatement.RefreshMv r) {
            table(ctx, Access.CREATE, r.name());
        } else if (s.getClass().getEnclosingClass() == MvStatement.class) {
            materializedView(ctx, s);
        }
    }

    /** The seed's MV rules: create needs CREATE (and SELECT on what it reads); drop DROP; alter ALTER; jobs and refresh CREATE. */
    private static void materializedView(StatementContext ctx, Statement s) {
        if (s instanceof MvStatement.Create c) {
            // A synchronous MV needs ALTER on its table, checked once its definition names the table.
            if (c.async()) {
                table(ctx, Access.CREATE, c.name());
            }
        } else if (s instanceof MvStatement.Drop d) {
            if (d.onTable() != null) {
                table(ctx, Access.ALTER, d.onTable());
            } else {
                table(ctx, Access.DROP, d.name());
            }
        } else if (s instanceof MvStatement.Alter a) {
            table(ctx, Access.ALTER, a.name());
        } else if (s instanceof MvStatement.RefreshMv r) {
            table(ctx, Access.CREATE, r.name());
        } else if (s instanceof MvStatement.Job j) {
            table(ctx, Access.CREATE, j.name());
        } else if (s instanceof MvStatement.CancelTask t) {
            table(ctx, Access.CREATE, t.name());
        } else if (s instanceof MvStatement.ShowCreate c) {
            table(ctx, Access.SHOW, c.onTable() != null ? c.onTable() : c.name());
        } else if (s instanceof MvStatement.ShowRollupJobs j) {
            requireVisible(ctx, j.database() != null ? j.database() : database(ctx, null));
        } else if (s instanceof MvStatement.CancelRollupJob j) {
            table(ctx, Access.ALTER, j.table());
        } else if (s instanceof MvStatement.AddRollup r) {
            table(ctx, Access.ALTER, r.table());
        } else if (s instanceof MvStatement.DropRollup r) {
            table(ctx, Access.ALTER, r.table());
        }
    }

    private static void table(StatementContext ctx, Access access, QualifiedName name) {
        ctx.access().require(access, database(ctx, name), name.name());
    }

    private static void requireVisible(StatementContext ctx, String db) {
        if (!ctx.systemTables().isSystemSchema(db)) {
            ctx.access().requireVisibleDatabase(db);
        }
    }

    /** The database a name is in, without checking that it exists (a refusal must not tell). */
    private static String database(StatementContext ctx, QualifiedName name) {
        String db = name != null && name.database() != null ? name.database() : ctx.session().currentDatabase();
        if (db == null) {
            throw new CairnException(ErrorCode.NO_DATABASE_SELECTED, "No database selected");
        }
        return db;
    }
}
