package io.cairndb.ddl;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.engine.Sql;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;
import io.cairndb.write.LoadLabels;
import io.cairndb.write.TransactionHistory;

import java.sql.Connection;
import java.util.Locale;
import java.util.Set;

/** CREATE / DROP DATABASE: a database is a DuckDB schema plus its catalog entry. */
public final class DatabaseDdl {
    /** Names DuckDB or CairnDB use for themselves. */
    private static final Set<String> RESERVED = Set.of("main", "temp", "pg_catalog", "information_schema",
            Catalog.SYSTEM_SCHEMA, "system");

    private DatabaseDdl() {
    }

    public static UpdateCount create(StatementContext ctx, Statement.CreateDatabase stmt) {
        String name = stmt.name();
        if (RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Database name '" + name + "' is reserved");
        }
        ctx.lockDatabase(name);
        if (ctx.catalog().database(name) != null) {
            if (stmt.ifNotExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.DATABASE_EXISTS, "Can't create database '" + name + "'; database exists");
        }
        long id = ctx.catalog().newId();
        DatabaseMeta db = new DatabaseMeta(id, name, stmt.properties(), System.currentTimeMillis(),
                ctx.catalog().freeSchemaName(name, id));
        Sql.execute(ctx.txn().connection(), "CREATE SCHEMA " + Sql.ident(db.schema()));
        ctx.catalog().saveDatabase(ctx.txn().connection(), db);
        ctx.txn().afterCommit(() -> ctx.catalog().publishDatabase(db));
        return UpdateCount.NONE;
    }

    public static UpdateCount drop(StatementContext ctx, Statement.DropDatabase stmt) {
        String name = stmt.name();
        ctx.lockConstraints();
        ctx.lockDatabase(name);
        DatabaseMeta db = ctx.catalog().database(name);
        if (db == null) {
            if (stmt.ifExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.UNKNOWN_DATABASE, "Can't drop database '" + name + "'; database doesn't exist");
        }
        // Every table, view and MV of the database locked (in one order, as REPLACE does), so that no
        // writer or refresh of one is in flight while they go.
        ctx.catalog().tables(name).stream().map(TableMeta::name).sorted().forEach(t -> ctx.lockUntilEnd(name, t));
        Connection c = ctx.txn().connection();
        // What cairn_sys keeps for the database's tables and streams goes with them.
        // Every table: dropping a changelog that does not exist does nothing.
        for (TableMeta t : ctx.catalog().tables(name)) {
            ChangelogTables.drop(c, t.id());
        }
        for (StreamMeta s : ctx.catalog().streams(name)) {
            StreamOffsets.drop(c, s.id());
        }
        TableConstraints.forgetReferencesTo(ctx, name);
        LoadLabels.forgetDatabase(c, name);
        TransactionHistory.forgetDatabase(c, name);
        Sql.execute(c, "DROP SCHEMA " + Sql.ident(db.schema()) + " CASCADE");
        ctx.catalog().deleteDatabase(ctx.txn().connection(), name);
        ctx.txn().afterCommit(() -> ctx.catalog().forgetDatabase(name));
        return UpdateCount.NONE;
    }
}
