package io.cairndb.write;

import io.cairndb.analyzer.PartitionResolver;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.engine.UpdateCount;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** DELETE FROM, on every key model, optionally restricted to partitions and joined with USING. */
public final class DeleteExecutor {
    private DeleteExecutor() {
    }

    public static UpdateCount execute(StatementContext ctx, Statement.Delete stmt) {
        return ctx.underWriteLock(stmt.table(), t -> {
            String alias = stmt.alias() != null ? stmt.alias() : t.name();
            RollupUpkeep.requireNoBuild(t, "DELETE");
            RollupUpkeep.requireConditionColumns(t, alias, stmt.where());
            Relation from = new Relation.TableRef(stmt.table(), alias, List.of(), null);
            if (stmt.using() != null) {
                from = new Relation.Join(Relation.JoinType.CROSS, from, stmt.using(), null, List.of());
            }
            String target = t.duckName();
            KeyList keys = matchingKeys(ctx, t, alias, from, stmt.where());
            String where;
            if (keys != null) {
                where = keys.condition(null);
            } else {
                // The matching rows are identified by rowid, so USING joins and subqueries resolve as in a SELECT.
                Expr rowid = new Expr.Identifier(List.of(alias, "rowid"));
                Query matches = Query.of(new QueryBody.QuerySpec(Map.of(), true,
                        List.of(new QueryBody.SingleColumn(rowid, "rowid")), from, stmt.where(), null, null));
                where = "rowid IN (" + ctx.translator().translateWithRowColumns(matches) + ")";
            }
            if (!stmt.partitions().isEmpty()) {
                List<PartitionMeta> parts = PartitionResolver.requireAll(t, stmt.partitions());
                where += " AND " + PartitionPredicates.anyOf(t, parts);
            }
            // An unpartitioned table's version changes when the DELETE removed a row, which its count says.
            Set<Integer> touched = t.isPartitioned() ? PartitionVersions.touched(ctx, t, target, where) : null;
            if (ChangeCapture.enabled(t)) {
                ChangeCapture.deletes(ctx, t, where);
            }
            Runnable rollupsAfter = RollupUpkeep.removing(ctx, t, where);
            long n = Sql.execute(ctx.txn().connection(), "DELETE FROM " + target + " WHERE " + where);
            rollupsAfter.run();
            PartitionVersions.bump(ctx, t, touched != null ? touched : PartitionVersions.whole(n));
            return UpdateCount.of(n);
        });
    }

    /**
     * The keys of the matching rows, when they are few and the table has a primary key on one
     * column: then each read of the rows (partitions touched, changelog, the DELETE) looks them up
     * in the index, where a {@code rowid IN (..)} subquery scans the whole table each time.
     */
    private static KeyList matchingKeys(StatementContext ctx, TableMeta t, String alias, Relation from, Expr where) {
        if (!KeyList.indexedByOneColumn(t)) {
            return null;
        }
        // Keys named by constants need no read: a key that is not stored matches nothing either way.
        KeyList named = from instanceof Relation.TableRef ? KeyList.named(t, alias, where, true) : null;
        if (named != null) {
            return named;
        }
        String keyName = t.keyColumns().get(0).name();
        Query keys = Query.of(new QueryBody.QuerySpec(Map.of(), false,
                List.of(new QueryBody.SingleColumn(new Expr.Identifier(List.of(alias, keyName)), keyName)), from, where, null, null));
        return KeyList.of(ctx.txn().connection(), t, ctx.translator().translate(keys));
    }
}
