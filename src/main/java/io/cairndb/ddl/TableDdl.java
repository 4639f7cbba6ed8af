package io.cairndb.ddl;

import io.cairndb.analyzer.ConsumedStreams;
import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.analyzer.TableDefinitionAnalyzer;
import io.cairndb.analyzer.TemporaryPartitionTable;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableKind;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.QueryShape;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.Sql;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckTableDdl;
import io.cairndb.sql.tree.ColumnDef;
import io.cairndb.sql.tree.Statement;
import io.cairndb.write.ColumnDefaults;
import io.cairndb.write.InsertExecutor;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** CREATE TABLE (plain, AS SELECT, LIKE), DROP TABLE, CREATE VIEW and DROP VIEW. */
public final class TableDdl {
    private TableDdl() {
    }

    public static UpdateCount createTable(StatementContext ctx, Statement.CreateTable stmt) {
        String db = ctx.databaseOf(stmt.name());
        if (stmt.asQuery() != null) {
            ConsumedStreams.lock(ctx, stmt.asQuery());
        }
        ctx.lockNewName(db, stmt.name().name());
        if (ctx.catalog().table(db, stmt.name().name()) != null) {
            if (stmt.ifNotExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.TABLE_EXISTS, "Table '" + stmt.name().name() + "' already exists");
        }
        TableMeta t;
        if (stmt.like() != null) {
            t = copyOf(ctx, ctx.baseTable(stmt.like()), db, stmt.name().name());
        } else {
            List<ColumnDef> defs = stmt.asQuery() == null ? stmt.columns() : columnsOfQuery(ctx, stmt);
            t = new TableDefinitionAnalyzer(ctx.catalog()::newId).analyze(stmt, db, defs);
        }
        t = create(ctx, t);
        if (stmt.asQuery() != null) {
            InsertExecutor.insert(ctx, t, new Statement.Insert(stmt.name(), List.of(), List.of(), stmt.asQuery(), false, null));
        }
        return UpdateCount.NONE;
    }

    /** Creates the DuckDB table of a new table, under a DuckDB name of its own; returns the table with that name. */
    private static TableMeta create(StatementContext ctx, TableMeta defined) {
        TableMeta t = ctx.catalog().withFreeDuckName(defined);
        ChangelogConfig.validate(t, ChangelogConfig.DISABLED, ctx.config().changelogEnabled());
        Sql.execute(ctx.txn().connection(), DuckTableDdl.createTable(t));
        if (ChangelogConfig.of(t).enabled()) {
            ChangelogTables.create(ctx.txn().connection(), ctx.changelogBounds(), t, ctx.commitTso().get());
        }
        for (ColumnMeta c : t.columns()) {
            if (c.autoIncrement()) {
                Sql.execute(ctx.txn().connection(), "CREATE SEQUENCE " + ColumnDefaults.sequence(t, c)
                        + (c.autoIncrementStart() == null ? "" : " START WITH " + c.autoIncrementStart() + " MINVALUE 0"));
            }
        }
        TableMeta created = DynamicPartitions.schedule(ctx, t, Instant.now()).table();
        ctx.catalog().saveTable(ctx.txn().connection(), created);
        ctx.txn().afterCommit(() -> ctx.catalog().publishTable(created));
        return created;
    }

    /** CTAS: the columns are the query's output columns (or the names given), named and typed by the plan. */
    private static List<ColumnDef> columnsOfQuery(StatementContext ctx, Statement.CreateTable stmt) {
        PlanNode plan = QueryBinder.bind(ctx, stmt.asQuery()).plan();
        List<PlanColumn> outputs = plan.outputs();
        if (!stmt.columns().isEmpty() && stmt.columns().size() != outputs.size()) {
            throw new CairnException(ErrorCode.COLUMN_COUNT_MISMATCH, "Number of columns don't equal number of SELECT statement's select list");
        }
        List<ColumnDef> defs = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            String name = stmt.columns().isEmpty() ? outputs.get(i).name() : stmt.columns().get(i).name();
            // The plan's type is Doris's; Doris types CTAS strings as VARCHAR(65533) (use_max_length_of_varchar_in_ctas),
            // which (unlike STRING) may be a key.
            DataType planType = plan.outputs().get(i).type();
            DataType type = planType.kind().isString() ? DataType.varchar(-1) : planType;
            // NOT NULL where the plan proves the column never is NULL, as Doris derives it.
            defs.add(new ColumnDef(name, type, plan.outputs().get(i).nullable(), null, false, null, null, null, null));
        }
        return defs;
    }

    private static TableMeta copyOf(StatementContext ctx, TableMeta src, String db, String name) {
        long now = System.currentTimeMillis();
        List<PartitionMeta> parts = new ArrayList<>();
        for (PartitionMeta p : src.partitioning().partitions()) {
            String pname = src.isPartitioned() ? p.name() : name;
            parts.add(new PartitionMeta(ctx.catalog().newId(), pname, p.lower(), p.upper(), p.listValues(), 1, now));
        }
        return new TableMeta(ctx.catalog().newId(), db, name, TableKind.TABLE, src.columns(), src.keyModel(), src.comment(),
                src.partitioning().withPartitions(parts), src.distribution(), src.properties(), null, now, now)
                .withIndexes(src.indexes());
    }

    public static UpdateCount dropTable(StatementContext ctx, Statement.DropTable stmt) {
        String db = ctx.databaseOf(stmt.name());
        ctx.lockConstraints();
        // Locked first, read after: a writer or rename that held the lock has published its change.
        ctx.lockUntilEnd(db, stmt.name().name());
        TableMeta t = ctx.catalog().table(db, stmt.name().name());
        if (t == null) {
            if (stmt.ifExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.UNKNOWN_TABLE, "Unknown table '" + stmt.name().name() + "'");
        }
        if (t.isView() || t.kind() == TableKind.MATERIALIZED_VIEW) {
            String drop = t.isView() ? "DROP VIEW " : "DROP MATERIALIZED VIEW ";
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "'" + db + "." + t.name() + "' is not TABLE. Use '" + drop
                    + t.name() + "'");
        }
        TableConstraints.checkNotReferenced(ctx, t);
        dropStorage(ctx, t);
        ctx.catalog().deleteTable(ctx.txn().connection(), db, t.name());
        ctx.txn().afterCommit(() -> ctx.catalog().forgetTable(db, t.name()));
        return UpdateCount.NONE;
    }

    /** Drops what holds a table's rows: its DuckDB table, its temporary partitions', sequences and changelog. */
    static void dropStorage(StatementContext ctx, TableMeta t) {
        Sql.execute(ctx.txn().connection(), "DROP TABLE " + t.duckName());
        for (RollupMeta r : t.rollups()) {
            Sql.execute(ctx.txn().connection(), "DROP TABLE IF EXISTS " + r.storage(t).duckName());
            Sql.execute(ctx.txn().connection(), "DROP TABLE IF EXISTS " + r.pending(t).duckName());
        }
        if (!t.isView() && !t.partitioning().temporary().isEmpty()) {
            Sql.execute(ctx.txn().connection(), "DROP TABLE " + TemporaryPartitionTable.of(t).duckName());
        }
        for (ColumnMeta c : t.columns()) {
            if (c.autoIncrement()) {
                Sql.execute(ctx.txn().connection(), "DROP SEQUENCE IF EXISTS " + ColumnDefaults.sequence(t, c));
            }
        }
        if (ChangelogConfig.of(t).enabled()) {
            ChangelogTables.drop(ctx.txn().connection(), t.id());
        }
    }

    public static UpdateCount createView(StatementContext ctx, Statement.CreateView stmt) {
        String db = ctx.databaseOf(stmt.name());
        ctx.lockNewName(db, stmt.name().name());
        TableMeta existing = ctx.catalog().table(db, stmt.name().name());
        if (existing != null) {
            if (stmt.ifNotExists()) {
                return UpdateCount.NONE;
            }
            if (!stmt.orReplace() || !existing.isView()) {
                throw new CairnException(ErrorCode.TABLE_EXISTS, "Table '" + stmt.name().name() + "' already exists");
            }
        }
        PlanNode plan = QueryBinder.bind(ctx, stmt.query()).plan();
        List<ResultColumn> shape = QueryShape.columns(ctx.txn().connection(), ctx.translator().print(plan));
        if (!stmt.columns().isEmpty() && stmt.columns().size() != shape.size()) {
            throw new CairnException(ErrorCode.COLUMN_COUNT_MISMATCH, "The number of columns in the view definition does not match the query");
        }
        List<ColumnMeta> columns = new ArrayList<>();
        for (int i = 0; i < shape.size(); i++) {
            String name = stmt.columns().isEmpty() ? shape.get(i).name() : stmt.columns().get(i).name();
            String comment = stmt.columns().isEmpty() ? "" : stmt.columns().get(i).comment();
            if (columns.stream().anyMatch(c -> c.name().equalsIgnoreCase(name))) {
                throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Duplicate column name '" + name + "'");
            }
            // The engine names the columns; their types are the plan's (Doris's).
            columns.add(new ColumnMeta(name, plan.outputs().get(i).type(), true, false, null, false, null, null, null, comment));
        }
        long now = System.currentTimeMillis();
        TableMeta view = new TableMeta(ctx.catalog().newId(), db, stmt.name().name(), TableKind.VIEW, columns, null,
                stmt.comment(), null, null, java.util.Map.of(), stmt.queryText(), now, now);
        ctx.catalog().saveTable(ctx.txn().connection(), view);
        ctx.txn().afterCommit(() -> ctx.catalog().publishTable(view));
        return UpdateCount.NONE;
    }

    public static UpdateCount dropView(StatementContext ctx, Statement.DropView stmt) {
        String db = ctx.databaseOf(stmt.name());
        ctx.lockUntilEnd(db, stmt.name().name());
        TableMeta t = ctx.catalog().table(db, stmt.name().name());
        if (t == null || !t.isView()) {
            if (stmt.ifExists() && t == null) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.UNKNOWN_TABLE, t == null ? "Unknown view '" + stmt.name().name() + "'"
                    : "'" + db + "." + t.name() + "' is not VIEW");
        }
        ctx.catalog().deleteTable(ctx.txn().connection(), db, t.name());
        ctx.txn().afterCommit(() -> ctx.catalog().forgetTable(db, t.name()));
        return UpdateCount.NONE;
    }
}
