package io.cairndb.write;

import io.cairndb.analyzer.RollupQueries;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.ExprTree;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Keeps a table's rollups (synchronous MVs) in step with its writes, in the write's transaction, so
 * that no reader sees a row of the table without its contribution to every rollup.
 *
 * <p>Rows added to a DUPLICATE or AGGREGATE table add the rows they derive to each rollup, merged by
 * the rollup's key model. Where a write replaces or removes rows (upserts of a UNIQUE table, DELETE,
 * TRUNCATE of partitions), the rollup rows of the keys it touches are derived again from the table.
 * While a rollup is being built, writes append what they derive to its pending table instead.
 */
public final class RollupUpkeep {
    private static final String BATCH = "__cairn_rollup_batch";
    private static final String KEYS = "__cairn_rollup_keys_";
    private static final String REKEYED = "__cairn_rollup_rekeyed";
    private static final String FOLDED = "__cairn_rollup_folded";
    /** Appended rows of a rollup that merges on read are folded once there are at least this many. */
    private static final long FOLD_AFTER = 256;

    /**
     * Per rollup (by id) that merges on read: the rows its last fold left and those appended since.
     * Only when to fold depends on it: after a restart or a rolled-back write it is merely off.
     */
    private record Appended(long folded, long since) {
    }

    private static final Map<Long, Appended> APPENDED = new java.util.concurrent.ConcurrentHashMap<>();

    private RollupUpkeep() {
    }

    /** Rows a statement may not change while a rollup of the table is being built (Doris: the table is in ROLLUP state). */
    public static void requireNoBuild(TableMeta t, String operation) {
        if (t.rollups().stream().anyMatch(RollupMeta::building)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table[" + t.name() + "]'s state(ROLLUP) is not NORMAL. Do not allow doing "
                    + operation + " ops");
        }
    }

    /**
     * A DELETE's condition may name only columns every rollup holds as such (Doris applies it to each
     * rollup); {@code alias} is the name the statement gives the table.
     */
    static void requireConditionColumns(TableMeta t, String alias, Expr where) {
        if (where == null || t.rollups().isEmpty()) {
            return;
        }
        List<String> named = new ArrayList<>();
        conditionColumns(t, alias, where, named);
        for (RollupMeta r : t.rollups()) {
            for (String column : named) {
                if (!holds(r, column)) {
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Column[" + column + "] not exist in index " + r.name()
                            + ". maybe you need drop the corresponding materialized-view.");
                }
            }
        }
    }

    private static void conditionColumns(TableMeta t, String alias, Expr e, List<String> out) {
        if (e instanceof Expr.Identifier id) {
            List<String> parts = id.parts();
            ColumnMeta c = t.column(parts.get(parts.size() - 1));
            boolean ours = parts.size() == 1 || parts.get(parts.size() - 2).equalsIgnoreCase(alias);
            if (c != null && ours && !out.contains(c.name())) {
                out.add(c.name());
            }
        }
        ExprTree.children(e).forEach(child -> conditionColumns(t, alias, child, out));
    }

    /** Whether a column of a rollup is the table's column {@code column} (a value column of a DUPLICATE rollup too). */
    private static boolean holds(RollupMeta r, String column) {
        for (int i = 0; i < r.columns().size(); i++) {
            ColumnMeta c = r.columns().get(i);
            if ((c.key() || c.aggregation() == null)
                    && SqlParser.parseExpression(r.defineExprs().get(i)) instanceof Expr.Identifier id
                    && id.parts().get(id.parts().size() - 1).equalsIgnoreCase(column)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The rows of {@code staged} (a table with {@code t}'s columns) were written to {@code t}, which
     * has applied them by its key model already.
     */
    static void added(StatementContext ctx, TableMeta t, String staged) {
        for (RollupMeta r : t.rollups()) {
            Connection c = ctx.txn().connection();
            if (t.keyModel().upserts()) {
                // A stored row of a staged key was replaced, or kept (a smaller sequence value), and may
                // have entered or left the rollup's WHERE: the table says which.
                String keys = "SELECT DISTINCT " + baseKeys(r) + " FROM " + staged;
                if (r.building()) {
                    Sql.execute(c, "INSERT INTO " + r.pending(t).duckName() + " (" + keyList(r) + ") " + keys);
                } else {
                    rederive(ctx, t, r, keys);
                }
                continue;
            }
            // Read straight from the staged rows: a rollup of a DUPLICATE or AGGREGATE table has no REPLACE
            // column, the one merge that needs its rows' order (their rowid).
            String rows = "(" + derived(ctx, t, r, staged) + ")";
            if (r.building()) {
                Sql.execute(c, "INSERT INTO " + r.pending(t).duckName() + " SELECT * FROM " + rows);
            } else {
                store(ctx, t, r, rows);
            }
        }
    }

    /**
     * Rows of {@code t} matching {@code where} (DuckDB SQL over its columns) are about to be removed;
     * the returned step, run once they are, derives the rollup rows of their keys again.
     */
    public static Runnable removing(StatementContext ctx, TableMeta t, String where) {
        if (t.rollups().isEmpty()) {
            return () -> { };
        }
        Connection c = ctx.txn().connection();
        List<Runnable> after = new ArrayList<>();
        for (RollupMeta r : t.rollups()) {
            String keys = "temp." + KEYS + r.id();
            Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + KEYS + r.id() + " AS SELECT DISTINCT " + keyList(r) + " FROM ("
                    + derived(ctx, t, r, "(SELECT * FROM " + t.duckName() + " WHERE " + where + ")") + ")");
            after.add(() -> {
                try {
                    rederive(ctx, t, r, "SELECT * FROM " + keys);
                } finally {
                    Sql.execute(c, "DROP TABLE IF EXISTS " + keys);
                }
            });
        }
        return () -> after.forEach(Runnable::run);
    }

    /** Every row of {@code t} was removed. */
    public static void emptied(StatementContext ctx, TableMeta t) {
        for (RollupMeta r : t.rollups()) {
            Sql.execute(ctx.txn().connection(), "DELETE FROM " + r.storage(t).duckName());
        }
    }

    /**
     * Derives every rollup of {@code t} again from its rows: for statements that move rows wholesale
     * (partitions replaced or dropped, a table swapped in).
     */
    public static void rederiveAll(StatementContext ctx, TableMeta t) {
        for (RollupMeta r : t.rollups()) {
            Connection c = ctx.txn().connection();
            Sql.execute(c, "DELETE FROM " + r.storage(t).duckName());
            fill(ctx, t, r, r.storage(t));
        }
    }

    /**
     * Adds to {@code target} (the rollup's storage, empty) the rows {@code t} holds now, merged by the
     * rollup's key model; the rows of a rollup that does not aggregate sorted by its key, so that its
     * zone maps serve queries that filter on the key's first column (Doris's prefix index).
     */
    public static void fill(StatementContext ctx, TableMeta t, RollupMeta r, TableMeta target) {
        String rows = "(" + derived(ctx, t, r, t.duckName()) + ")";
        if (r.mergesOnRead()) {
            long merged = Sql.execute(ctx.txn().connection(), "INSERT INTO " + target.duckName() + " "
                    + KeyModelWriter.aggregatedPerKey(target, rows));
            APPENDED.put(r.id(), new Appended(merged, 0));
        } else if (r.keyModel() == KeyModel.AGGREGATE) {
            KeyModelWriter.apply(ctx, target, rows, null, -1);
        } else {
            // A UNIQUE table's rows have distinct keys, which its rollup keeps: nothing to merge.
            Sql.execute(ctx.txn().connection(), "INSERT INTO " + target.duckName() + " SELECT * FROM " + rows + " ORDER BY " + keyList(r));
        }
    }

    /**
     * Merges into a rollup built from a snapshot what writes appended to its pending table since: rows
     * they added, or for a UNIQUE table the keys whose rows are derived again.
     */
    public static void mergePending(StatementContext ctx, TableMeta t, RollupMeta r) {
        String pending = r.pending(t).duckName();
        if (t.keyModel().upserts()) {
            rederive(ctx, t, r, "SELECT DISTINCT " + keyList(r) + " FROM " + pending);
        } else {
            store(ctx, t, r, pending);
        }
    }

    /** The rollup rows of the keys {@code keys} (a query of the rollup's key columns) derived again from {@code t}. */
    private static void rederive(StatementContext ctx, TableMeta t, RollupMeta r, String keys) {
        Connection c = ctx.txn().connection();
        TableMeta storage = r.storage(t);
        String keyTable = "temp." + REKEYED;
        Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + REKEYED + " AS " + keys);
        try {
            Sql.execute(c, "DELETE FROM " + storage.duckName() + " AS s WHERE EXISTS (SELECT 1 FROM " + keyTable + " AS k WHERE "
                    + keysMatch(r, "s", "k") + ")");
            String rows = t.keyModel().upserts()
                    // The rollup's key is the table's: only the table's rows of those keys are read.
                    ? derived(ctx, t, r, "(SELECT b.* FROM " + t.duckName() + " AS b SEMI JOIN " + keyTable + " AS k ON "
                            + tableKeysMatch(r, "b", "k") + ")")
                    : "SELECT d.* FROM (" + derived(ctx, t, r, t.duckName()) + ") AS d SEMI JOIN " + keyTable + " AS k ON "
                            + keysMatch(r, "d", "k");
            Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + BATCH + " AS " + rows);
            store(ctx, t, r, "temp." + BATCH);
        } finally {
            Sql.execute(c, "DROP TABLE IF EXISTS temp." + BATCH);
            Sql.execute(c, "DROP TABLE IF EXISTS " + keyTable);
        }
    }

    /**
     * Adds rows ({@code rows}, a FROM item with the rollup's columns) to its storage: by its key model,
     * or, for one that merges on read, merged per key and appended (a single INSERT, where an update
     * in place costs DuckDB an upsert into a primary key); the appended rows are folded into one per
     * key once there are as many as the rows folded last time (at least {@link #FOLD_AFTER}).
     */
    private static void store(StatementContext ctx, TableMeta t, RollupMeta r, String rows) {
        TableMeta storage = r.storage(t);
        if (!r.mergesOnRead()) {
            KeyModelWriter.apply(ctx, storage, rows, null, -1);
            return;
        }
        Connection c = ctx.txn().connection();
        long added = Sql.execute(c, "INSERT INTO " + storage.duckName() + " " + KeyModelWriter.aggregatedPerKey(storage, rows));
        Appended before = APPENDED.getOrDefault(r.id(), new Appended(0, 0));
        Appended now = new Appended(before.folded(), before.since() + added);
        if (now.since() >= Math.max(FOLD_AFTER, now.folded())) {
            Sql.execute(c, "CREATE OR REPLACE TEMP TABLE " + FOLDED + " AS " + KeyModelWriter.aggregatedPerKey(storage, storage.duckName()));
            try {
                Sql.execute(c, "DELETE FROM " + storage.duckName());
                now = new Appended(Sql.execute(c, "INSERT INTO " + storage.duckName() + " SELECT * FROM temp." + FOLDED), 0);
            } finally {
                Sql.execute(c, "DROP TABLE IF EXISTS temp." + FOLDED);
            }
        }
        APPENDED.put(r.id(), now);
    }

    /** DuckDB SQL of the rows the table rows in {@code source} (a FROM item with the table's columns) add to the rollup. */
    private static String derived(StatementContext ctx, TableMeta t, RollupMeta r, String source) {
        return ctx.unchecked().translator().readingScans(Map.of(t.id(), source)).translate(RollupQueries.rows(t, r));
    }

    private static String keyList(RollupMeta r) {
        List<String> out = new ArrayList<>();
        for (ColumnMeta k : r.columns()) {
            if (k.key()) {
                out.add(Sql.ident(k.name()));
            }
        }
        return String.join(", ", out);
    }

    /** The key columns of a UNIQUE table's rollup, each a column of the table, as the table's rows name them. */
    private static String baseKeys(RollupMeta r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.columns().size(); i++) {
            if (r.columns().get(i).key()) {
                out.add(Sql.ident(tableColumn(r, i)) + " AS " + Sql.ident(r.columns().get(i).name()));
            }
        }
        return String.join(", ", out);
    }

    /** Rows {@code table} of the table and {@code keys} of the rollup's key columns (a UNIQUE table's rollup) have one key. */
    private static String tableKeysMatch(RollupMeta r, String table, String keys) {
        List<String> on = new ArrayList<>();
        for (int i = 0; i < r.columns().size(); i++) {
            if (r.columns().get(i).key()) {
                on.add(table + "." + Sql.ident(tableColumn(r, i)) + " IS NOT DISTINCT FROM " + keys + "."
                        + Sql.ident(r.columns().get(i).name()));
            }
        }
        return String.join(" AND ", on);
    }

    /** The table column a rollup column of a UNIQUE table's rollup is. */
    private static String tableColumn(RollupMeta r, int i) {
        Expr.Identifier column = (Expr.Identifier) SqlParser.parseExpression(r.defineExprs().get(i));
        return column.parts().get(column.parts().size() - 1);
    }

    private static String keysMatch(RollupMeta r, String left, String right) {
        List<String> on = new ArrayList<>();
        for (ColumnMeta k : r.columns()) {
            if (k.key()) {
                on.add(left + "." + Sql.ident(k.name()) + " IS NOT DISTINCT FROM " + right + "." + Sql.ident(k.name()));
            }
        }
        return String.join(" AND ", on);
    }
}
