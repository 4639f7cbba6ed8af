package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a column change of a base table (DROP, MODIFY or RENAME COLUMN) does to the async MVs over it,
 * in the same transaction: every row of the table changed without a change of its partitions'
 * versions, so no MV may go on claiming to hold its rows. An MV that reads a dropped or renamed column
 * keeps it recorded as changed, so that it stays in SCHEMA_CHANGE even when a column of that name comes
 * back (with other values) until a refresh builds it again (a retyped one shows by its type); an
 * incrementally maintained MV's baseline is invalidated by any such change (seed 003), as no change
 * was recorded for the rows.
 */
public final class BaseSchemaChanges {
    /** The type recorded for a column the MV read that was dropped, renamed or retyped since. */
    static final String CHANGED = "CHANGED";

    private BaseSchemaChanges() {
    }

    /** After ALTER TABLE {@code alter} changed table {@code before} (as it was when the statement began). */
    public static void apply(StatementContext ctx, TableMeta before, Statement.AlterTable alter) {
        Map<String, String> changed = new LinkedHashMap<>();
        // A retyped column shows as such by its type; dropped and renamed ones are marked.
        Map<String, String> modified = new LinkedHashMap<>();
        for (Statement.AlterClause clause : alter.clauses()) {
            if (clause instanceof Statement.DropColumn d) {
                changed.put(d.name().toLowerCase(java.util.Locale.ROOT), "column " + d.name() + " of " + before.name() + " was dropped");
            } else if (clause instanceof Statement.ModifyColumn m) {
                modified.put(m.column().name().toLowerCase(java.util.Locale.ROOT), "column " + m.column().name() + " of "
                        + before.name() + " was modified");
            } else if (clause instanceof Statement.RenameColumn r) {
                changed.put(r.oldName().toLowerCase(java.util.Locale.ROOT), "column " + r.oldName() + " of " + before.name()
                        + " was renamed");
            }
        }
        if (changed.isEmpty() && modified.isEmpty()) {
            return;
        }
        Map<String, String> all = new LinkedHashMap<>(changed);
        all.putAll(modified);
        for (MvMeta mv : ctx.catalog().allMvs()) {
            if (mv.baseTables().stream().noneMatch(b -> b.id() == before.id())) {
                continue;
            }
            ctx.lockUntilEnd(mv.database(), mv.name());
            MvMeta current = ctx.catalog().mvById(mv.id());
            if (current == null) {
                continue;
            }
            MvMeta updated = marked(current, before.id(), changed);
            if (current.ivm() != null) {
                updated = updated.withIvm(current.ivm().invalidated(current.ivm().streams(), "the IVM baseline was invalidated: "
                        + String.join("; ", all.values())));
            }
            if (!updated.equals(current)) {
                MvMeta saved = updated;
                ctx.catalog().saveMv(ctx.txn().connection(), saved);
                ctx.txn().afterCommit(() -> ctx.catalog().publishMv(saved));
            }
        }
    }

    /** The MV with the changed columns it reads of table {@code tableId} recorded as {@link #CHANGED}. */
    private static MvMeta marked(MvMeta mv, long tableId, Map<String, String> changed) {
        List<MvMeta.BaseTable> tables = new ArrayList<>();
        for (MvMeta.BaseTable b : mv.baseTables()) {
            if (b.id() != tableId) {
                tables.add(b);
                continue;
            }
            Map<String, String> types = new LinkedHashMap<>(b.columnTypes());
            types.replaceAll((column, type) -> changed.containsKey(column.toLowerCase(java.util.Locale.ROOT)) ? CHANGED : type);
            tables.add(new MvMeta.BaseTable(b.id(), b.database(), b.name(), types));
        }
        return mv.withBaseTables(tables);
    }
}
