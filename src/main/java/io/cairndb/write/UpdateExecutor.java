package io.cairndb.write;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.SequenceColumn;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * UPDATE on UNIQUE KEY and PRIMARY KEY tables: the new versions of the matching rows are computed
 * by one query, staged (with their old values when the changelog records them), and upserted, as
 * Doris does (a partial-column update is a row rewrite).
 */
public final class UpdateExecutor {
    private UpdateExecutor() {
    }

    public static UpdateCount execute(StatementContext ctx, Statement.Update stmt) {
        return ctx.underWriteLock(stmt.table(), t -> {
            if (!t.keyModel().upserts()) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Only unique table could be updated.");
            }
            Map<String, Expr> assigned = new HashMap<>();
            for (Statement.Assignment a : stmt.assignments()) {
                ColumnMeta c = t.column(a.column());
                if (c == null) {
                    throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + a.column() + "' in '" + t.name() + "'");
                }
                if (c.key()) {
                    throw new CairnException(ErrorCode.NOT_SUPPORTED, "Only value columns of unique table could be updated");
                }
                if (assigned.put(c.name().toLowerCase(Locale.ROOT), a.value()) != null) {
                    throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Duplicate column name '" + a.column() + "'");
                }
            }
            // Doris's ON UPDATE CURRENT_TIMESTAMP: a column the UPDATE does not assign takes the statement's time.
            for (ColumnMeta c : t.columns()) {
                if (c.onUpdate() != null) {
                    assigned.putIfAbsent(c.name().toLowerCase(Locale.ROOT), SqlParser.parseExpression(c.onUpdate()));
                }
            }
            String alias = stmt.alias() != null ? stmt.alias() : t.name();
            List<QueryBody.SelectItem> items = new ArrayList<>();
            for (ColumnMeta c : t.columns()) {
                Expr value = assigned.get(c.name().toLowerCase(Locale.ROOT));
                Expr item = value == null ? new Expr.Identifier(List.of(alias, c.name())) : new Expr.Cast(value, c.type());
                items.add(new QueryBody.SingleColumn(item, c.name()));
            }
            Relation from = new Relation.TableRef(stmt.table(), alias, List.of(), null);
            if (stmt.from() != null) {
                from = new Relation.Join(Relation.JoinType.CROSS, from, stmt.from(), null, List.of());
            }
            // Without FROM each stored row is read once, so the new rows have distinct keys; the old
            // values a changelog records are staged with them. A FROM may match a row more than once,
            // and a sequence column may keep a stored row: those go through the general upsert.
            boolean perStoredRow = stmt.from() == null && SequenceColumn.of(t) == null;
            boolean withOldValues = perStoredRow && ChangeCapture.enabled(t);
            if (withOldValues) {
                items.addAll(ChangeCapture.staged(t, alias));
            }
            Query rows = Query.of(new QueryBody.QuerySpec(Map.of(), false, items, from, stmt.where(), null, null));
            String select = withOldValues ? ctx.translator().translateWithRowColumns(rows) : ctx.translator().translate(rows);
            List<String> extra = withOldValues ? ChangeCapture.stagedColumns(t) : List.of();
            try (StagedRows staged = StagedRows.of(ctx.txn().connection(), t, extra, select)) {
                Set<Integer> touched = PartitionVersions.touchedByStaged(ctx, t, staged.count());
                if (perStoredRow) {
                    KeyModelWriter.update(ctx, t, StagedRows.table(), staged.count(), KeyList.named(t, alias, stmt.where(), false),
                            assigned.keySet());
                } else {
                    // Only the changelog's capture reads the stored rows by key: the upsert's ON CONFLICT reads every key anyway.
                    KeyList keys = ChangeCapture.enabled(t)
                            ? KeyList.ofStaged(ctx.txn().connection(), t, StagedRows.table(), staged.count()) : null;
                    KeyModelWriter.apply(ctx, t, StagedRows.table(), keys, -1);
                }
                RollupUpkeep.added(ctx, t, StagedRows.table());
                PartitionVersions.bump(ctx, t, touched);
                return UpdateCount.of(staged.count());
            }
        });
    }
}
