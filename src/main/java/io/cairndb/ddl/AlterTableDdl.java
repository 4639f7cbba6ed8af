package io.cairndb.ddl;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.analyzer.PartitionResolver;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.TableDefinitionAnalyzer;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.catalog.DistributionMeta;
import io.cairndb.catalog.DynamicPartitionConfig;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.SequenceColumn;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.analyzer.RollupQueries;
import io.cairndb.write.RollupUpkeep;
import io.cairndb.engine.Sql;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckTableDdl;
import io.cairndb.printer.DuckTypes;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.ColumnDef;
import io.cairndb.sql.tree.PartitionDesc;
import io.cairndb.sql.tree.Statement;

import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ALTER TABLE. Each clause changes the DuckDB table and the metadata in the statement's
 * transaction. DuckDB only appends columns, so a clause that changes the column order rebuilds
 * the table in the new order.
 */
public final class AlterTableDdl {
    private AlterTableDdl() {
    }

    public static UpdateCount execute(StatementContext ctx, Statement.AlterTable stmt) {
        if (stmt.clauses().stream().anyMatch(c -> c instanceof Statement.AddConstraint || c instanceof Statement.DropConstraint
                || c instanceof Statement.ReplaceTable)) {
            ctx.lockConstraints();
        }
        if (stmt.clauses().stream().allMatch(c -> c instanceof Statement.ToggleKeys)) {
            ctx.baseTable(stmt.name());
            return UpdateCount.NONE;
        }
        for (Statement.AlterClause clause : stmt.clauses()) {
            if (clause instanceof Statement.ReplaceTable replace) {
                return TableReplacement.execute(ctx, stmt, replace);
            }
        }
        // Only a comment may change on a materialized view, as in Doris.
        if (stmt.clauses().stream().allMatch(c -> c instanceof Statement.ModifyComment)) {
            return ctx.underMetadataLock(stmt.name(), original -> alter(ctx, stmt, original));
        }
        return ctx.underWriteLock(stmt.name(), original -> alter(ctx, stmt, original));
    }

    private static UpdateCount alter(StatementContext ctx, Statement.AlterTable stmt, TableMeta original) {
        if (!stmt.clauses().stream().allMatch(c -> c instanceof Statement.ModifyComment)) {
            RollupUpkeep.requireNoBuild(original, "ALTER");
        }
        TableMeta t = original;
        for (Statement.AlterClause clause : stmt.clauses()) {
            t = apply(ctx, t, clause);
        }
        if (DynamicPartitionConfig.present(t.properties())) {
            DynamicPartitionConfig.of(t.properties()).checkTable(t);
        }
        if (DynamicPartitions.enabledBy(original, t)) {
            // As at CREATE: switching dynamic partitioning on creates (and drops) partitions at once.
            t = DynamicPartitions.schedule(ctx, t, Instant.now()).table();
        }
        TableMeta result = t;
        Connection c = ctx.txn().connection();
        ChangelogConfig before = ChangelogConfig.of(original);
        ChangelogConfig.validate(result, before, ctx.config().changelogEnabled());
        if (!before.enabled() && ChangelogConfig.of(result).enabled()) {
            ChangelogTables.create(c, ctx.changelogBounds(), result, ctx.commitTso().get());
        } else if (before.enabled() && !ChangelogTables.tracked(original) && ChangelogTables.tracked(result)) {
            // Before images start now; earlier changes lack them and the keys' previous changes.
            ChangelogTables.trackFrom(c, result, ctx.commitTso().get());
        }
        if (!result.name().equals(original.name())) {
            ctx.catalog().deleteTable(c, original.database(), original.name());
        }
        ctx.catalog().saveTable(c, result);
        ctx.txn().afterCommit(() -> {
            // The new name first, so that a lookup by id meanwhile always finds the table.
            ctx.catalog().publishTable(result);
            if (!result.name().equals(original.name())) {
                ctx.catalog().forgetTable(original.database(), original.name());
            }
        });
        return UpdateCount.NONE;
    }

    private static TableMeta apply(StatementContext ctx, TableMeta t, Statement.AlterClause clause) {
        Connection c = ctx.txn().connection();
        String target = t.duckName();
        if (clause instanceof Statement.AddColumns || clause instanceof Statement.DropColumn
                || clause instanceof Statement.ModifyColumn || clause instanceof Statement.RenameColumn) {
            TemporaryPartitions.checkNoneForSchemaChange(t);
        }
        String changed = clause instanceof Statement.DropColumn d ? d.name()
                : clause instanceof Statement.ModifyColumn m ? m.column().name()
                : clause instanceof Statement.RenameColumn r ? r.oldName() : null;
        if (changed != null) {
            checkNotInRollup(t, changed);
        }
        if (clause instanceof Statement.AddTemporaryPartition add) {
            return TemporaryPartitions.add(ctx, t, add);
        }
        if (clause instanceof Statement.DropTemporaryPartition drop) {
            return TemporaryPartitions.drop(ctx, t, drop);
        }
        if (clause instanceof Statement.ReplacePartition replace) {
            requirePartitioned(t);
            return PartitionReplacement.replace(ctx, t, replace);
        }
        if (clause instanceof Statement.AddColumns add) {
            return addColumns(ctx, t, add);
        }
        if (clause instanceof Statement.DropColumn drop) {
            ColumnMeta col = requireColumn(t, drop.name());
            TableConstraints.checkColumnUnused(t, col);
            if (col.key() && t.keyModel() != KeyModel.DUPLICATE) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not drop key column in " + t.keyModel().keyword()
                        + " table");
            }
            if (t.partitioning().columns().stream().anyMatch(p -> p.equalsIgnoreCase(col.name()))) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not drop partition column: " + col.name());
            }
            if (t.columns().size() == 1) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not drop the last column of a table");
            }
            SequenceColumn seq = SequenceColumn.of(t);
            if (seq != null && seq.column().equals(col.name())) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not drop sequence mapping column[" + col.name()
                        + "] in Unique data model table[" + t.name() + "]");
            }
            Sql.execute(c, "ALTER TABLE " + target + " DROP COLUMN " + Sql.ident(col.name()));
            if (ChangelogConfig.of(t).enabled()) {
                ChangelogTables.retireColumn(c, t, col.name(), ctx.commitTso().get());
            }
            List<ColumnMeta> cols = new ArrayList<>(t.columns());
            cols.remove(col);
            TableMeta next = TableIndexes.columnDropped(t.withColumns(cols), col.name());
            return withDistribution(next, t.distribution().columns().stream()
                    .filter(n -> !n.equalsIgnoreCase(col.name())).toList());
        }
        if ((clause instanceof Statement.ModifyColumn || clause instanceof Statement.RenameColumn)
                && ChangelogConfig.of(t).enabled()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not modify or rename columns of table " + t.name()
                    + " because changelog is enabled on it");
        }
        if (clause instanceof Statement.ModifyColumn modify) {
            return modifyColumn(ctx, t, modify);
        }
        if (clause instanceof Statement.RenameColumn rename) {
            ColumnMeta col = requireColumn(t, rename.oldName());
            TableConstraints.checkColumnUnused(t, col);
            if (t.column(rename.newName()) != null) {
                throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Column '" + rename.newName() + "' already exists");
            }
            Sql.execute(c, "ALTER TABLE " + target + " RENAME COLUMN " + Sql.ident(col.name()) + " TO "
                    + Sql.ident(rename.newName()));
            List<ColumnMeta> cols = new ArrayList<>(t.columns());
            cols.set(cols.indexOf(col), col.withName(rename.newName()));
            PartitionScheme ps = t.partitioning();
            PartitionScheme renamed = new PartitionScheme(ps.kind(), renameIn(ps.columns(), col.name(), rename.newName()),
                    ps.partitions(), ps.auto(), ps.temporary());
            TableMeta next = TableIndexes.columnRenamed(t.withColumns(cols).withPartitioning(renamed), col.name(),
                    rename.newName());
            SequenceColumn seq = SequenceColumn.of(t);
            if (seq != null && seq.column().equals(col.name())) {
                next = next.withProperties(Map.of(SequenceColumn.COL_PROPERTY, rename.newName()));
            }
            return withDistribution(next, renameIn(t.distribution().columns(), col.name(), rename.newName()));
        }
        if (clause instanceof Statement.AddPartition add) {
            requirePartitioned(t);
            DynamicPartitions.checkManualChangeAllowed(t);
            List<PartitionMeta> parts = new ArrayList<>(t.partitioning().partitions());
            PartitionAnalyzer analyzer = partitionAnalyzer(ctx, t);
            for (PartitionMeta p : analyzer.partitionsOf(add.partition(), parts, System.currentTimeMillis())) {
                if (ifNotExists(add) && t.partition(p.name()) != null) {
                    continue;
                }
                analyzer.add(parts, p);
            }
            return t.withPartitioning(t.partitioning().withPartitions(parts));
        }
        if (clause instanceof Statement.DropPartition drop) {
            requirePartitioned(t);
            DynamicPartitions.checkManualChangeAllowed(t);
            PartitionMeta p = t.partition(drop.name());
            if (p == null) {
                if (drop.ifExists()) {
                    return t;
                }
                PartitionResolver.require(t, drop.name());
            }
            return PartitionRemoval.drop(ctx, t, p);
        }
        if (clause instanceof Statement.RenameTable rename) {
            // A table being created under the new name meanwhile is found once its creator is done.
            ctx.lockUntilEnd(t.database(), rename.newName());
            if (ctx.catalog().table(t.database(), rename.newName()) != null) {
                throw new CairnException(ErrorCode.TABLE_EXISTS, "Table '" + rename.newName() + "' already exists");
            }
            // The DuckDB table keeps its name: the catalog maps the new name to it.
            return t.withName(rename.newName());
        }
        if (clause instanceof Statement.SetProperties set) {
            io.cairndb.analyzer.TableProperties.checkAlter(set.properties());
            for (String k : List.of(SequenceColumn.COL_PROPERTY, SequenceColumn.TYPE_PROPERTY)) {
                if (set.properties().containsKey(k)) {
                    throw new CairnException(ErrorCode.NOT_SUPPORTED, "Property " + k
                            + " can only be set when the table is created");
                }
            }
            return t.withProperties(set.properties());
        }
        if (clause instanceof Statement.ModifyComment comment) {
            return t.withComment(comment.comment());
        }
        if (clause instanceof Statement.AddConstraint add) {
            return TableConstraints.add(ctx, t, add);
        }
        if (clause instanceof Statement.DropConstraint drop) {
            return TableConstraints.drop(ctx, t, drop);
        }
        if (clause instanceof Statement.ToggleKeys) {
            return t;
        }
        if (clause instanceof Statement.AddIndex add) {
            return TableIndexes.add(t, add);
        }
        if (clause instanceof Statement.DropIndex drop) {
            return TableIndexes.drop(t, drop);
        }
        throw new IllegalStateException("unhandled " + clause);
    }

    private static boolean ifNotExists(Statement.AddPartition add) {
        PartitionDesc.PartitionDef def = add.partition();
        return def instanceof PartitionDesc.LessThan lt ? lt.ifNotExists()
                : def instanceof PartitionDesc.FixedRange fr ? fr.ifNotExists()
                : def instanceof PartitionDesc.ListValues lv && lv.ifNotExists();
    }

    private static TableMeta addColumns(StatementContext ctx, TableMeta t, Statement.AddColumns add) {
        Connection c = ctx.txn().connection();
        List<ColumnMeta> cols = new ArrayList<>(t.columns());
        int insertAt = position(t, add.after(), add.first(), cols.size());
        boolean reorder = insertAt != cols.size();
        for (ColumnDef def : add.columns()) {
            if (t.column(def.name()) != null || cols.stream().anyMatch(x -> x.name().equalsIgnoreCase(def.name()))) {
                throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Can not add column which already exists in base table: "
                        + def.name());
            }
            ColumnMeta col = TableDefinitionAnalyzer.column(def, false, t.keyModel());
            TableDefinitionAnalyzer.checkOnUpdate(t, col);
            if (col.autoIncrement()) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not add auto-increment column " + col.name());
            }
            if (!col.nullable() && col.defaultValue() == null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not add column " + col.name()
                        + " which is NOT NULL and has no default value");
            }
            String initial = col.defaultValue() == null ? "" : " DEFAULT CAST("
                    + ctx.translator().translate(SqlParser.parseExpression(col.defaultValue())) + " AS "
                    + DuckTypes.toDuckDb(col.type()) + ")";
            if (!reorder) {
                Sql.execute(c, "ALTER TABLE " + t.duckName() + " ADD COLUMN "
                        + DuckTableDdl.columnDefinition(col).replace(" NOT NULL", "") + initial);
            }
            cols.add(insertAt++, col);
        }
        TableMeta next = t.withColumns(cols);
        if (reorder) {
            rebuild(ctx, t, next);
        } else {
            restoreNotNull(c, next, add.columns());
        }
        if (ChangelogConfig.of(t).enabled()) {
            for (ColumnDef def : add.columns()) {
                ChangelogTables.addColumn(c, t, next.column(def.name()));
            }
        }
        return next;
    }

    /** NOT NULL is added after the column has its defaults, since DuckDB checks it on existing rows. */
    private static void restoreNotNull(Connection c, TableMeta t, List<ColumnDef> added) {
        for (ColumnDef def : added) {
            ColumnMeta col = t.column(def.name());
            if (!col.nullable()) {
                Sql.execute(c, "ALTER TABLE " + t.duckName() + " ALTER COLUMN "
                        + Sql.ident(col.name()) + " SET NOT NULL");
            }
        }
    }

    private static TableMeta modifyColumn(StatementContext ctx, TableMeta t, Statement.ModifyColumn modify) {
        ColumnMeta old = requireColumn(t, modify.column().name());
        ColumnDef def = modify.column();
        ColumnMeta col = TableDefinitionAnalyzer.column(def, old.key(), t.keyModel());
        TableDefinitionAnalyzer.checkOnUpdate(t, col);
        if (old.aggregation() != col.aggregation()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not change aggregation type of column " + old.name());
        }
        List<ColumnMeta> cols = new ArrayList<>(t.columns());
        cols.remove(old);
        int at = modify.after() == null && !modify.first() ? t.columns().indexOf(old)
                : position(t.withColumns(cols), modify.after(), modify.first(), cols.size());
        cols.add(at, col);
        TableMeta next = t.withColumns(cols);
        if (at != t.columns().indexOf(old) || old.key()) {
            // DuckDB cannot change the type of an indexed column in place.
            rebuild(ctx, t, next);
            return next;
        }
        Connection c = ctx.txn().connection();
        String target = t.duckName();
        if (!old.type().equals(col.type())) {
            Sql.execute(c, "ALTER TABLE " + target + " ALTER COLUMN " + Sql.ident(old.name()) + " TYPE "
                    + DuckTypes.toDuckDb(col.type()));
        }
        if (old.nullable() != col.nullable()) {
            Sql.execute(c, "ALTER TABLE " + target + " ALTER COLUMN " + Sql.ident(old.name())
                    + (col.nullable() ? " DROP NOT NULL" : " SET NOT NULL"));
        }
        return next;
    }

    /** Recreates the DuckDB table with {@code next}'s column order and types, copying the rows. */
    private static void rebuild(StatementContext ctx, TableMeta current, TableMeta next) {
        Connection c = ctx.txn().connection();
        TableMeta tmp = next.withDuckName(next.duckSchema(), "__rebuild_" + next.id());
        Sql.execute(c, DuckTableDdl.createTable(tmp));
        List<String> items = new ArrayList<>();
        for (ColumnMeta col : next.columns()) {
            ColumnMeta existing = current.column(col.name());
            items.add(existing != null
                    ? "CAST(" + Sql.ident(existing.name()) + " AS " + DuckTypes.toDuckDb(col.type()) + ")"
                    : col.defaultValue() == null ? "NULL"
                    : "CAST(" + ctx.translator().translate(SqlParser.parseExpression(col.defaultValue())) + " AS "
                    + DuckTypes.toDuckDb(col.type()) + ")");
        }
        List<String> names = new ArrayList<>();
        for (ColumnMeta col : next.columns()) {
            names.add(Sql.ident(col.name()));
        }
        if (ChangelogTables.hasRowColumns(c, current)) {
            ChangelogTables.addRowColumns(c, tmp);
            for (String hidden : List.of(ChangelogTables.ROW_TSO, ChangelogTables.ROW_SINCE)) {
                names.add(hidden);
                items.add(hidden);
            }
        }
        Sql.execute(c, "INSERT INTO " + tmp.duckName() + " (" + String.join(", ", names) + ") SELECT " + String.join(", ", items)
                + " FROM " + current.duckName());
        Sql.execute(c, "DROP TABLE " + current.duckName());
        Sql.execute(c, "ALTER TABLE " + tmp.duckName() + " RENAME TO " + Sql.ident(current.duckTable()));
    }

    private static int position(TableMeta t, String after, boolean first, int end) {
        if (first) {
            return t.keyModel() == KeyModel.DUPLICATE ? 0 : t.keyColumns().size();
        }
        if (after == null) {
            return end;
        }
        ColumnMeta a = requireColumn(t, after);
        return t.columns().indexOf(a) + 1;
    }

    private static ColumnMeta requireColumn(TableMeta t, String name) {
        ColumnMeta c = t.column(name);
        if (c == null) {
            throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + name + "' in '" + t.name() + "'");
        }
        return c;
    }

    private static void requirePartitioned(TableMeta t) {
        if (!t.isPartitioned()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Table[" + t.name() + "] is not partitioned");
        }
    }

    static PartitionAnalyzer partitionAnalyzer(StatementContext ctx, TableMeta t) {
        PartitionScheme ps = t.partitioning();
        return new PartitionAnalyzer(ps.kind(), ps.columns().stream().map(t::column).toList(), ctx.catalog()::newId);
    }

    private static List<String> renameIn(List<String> names, String from, String to) {
        return names.stream().map(n -> n.equalsIgnoreCase(from) ? to : n).toList();
    }

    /** A column a rollup (synchronous MV) computes from stays as it is until the rollup is dropped. */
    private static void checkNotInRollup(TableMeta t, String column) {
        for (RollupMeta r : t.rollups()) {
            if (RollupQueries.columnsRead(r).contains(column.toLowerCase(java.util.Locale.ROOT))) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Can not change column[" + column + "]: materialized view ["
                        + r.name() + "] on table [" + t.name() + "] is computed from it. Drop the materialized view first");
            }
        }
    }

    private static TableMeta withDistribution(TableMeta t, List<String> columns) {
        DistributionMeta d = t.distribution();
        return new TableMeta(t.id(), t.database(), t.name(), t.kind(), t.columns(), t.keyModel(), t.comment(),
                t.partitioning(), new DistributionMeta(d.random(), columns, d.buckets()), t.properties(), t.viewSql(),
                t.createTime(), System.currentTimeMillis(), t.duckSchema(), t.duckTable(), t.constraints(), t.rollups(),
                t.indexes());
    }
}
