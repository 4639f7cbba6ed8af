package io.cairndb.analyzer;

import io.cairndb.engine.Txn;
import io.cairndb.plan.ColumnLineage;
import io.cairndb.plan.PlanLineage;
import io.cairndb.plan.QueryLineage;
import io.cairndb.server.Database;
import io.cairndb.sql.tree.Query;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * The property that the plan's lineage equals the syntax-tree reference ({@link QueryAnalyzer}) for a
 * query: which base columns each output column traces to, the base tables and the non-deterministic
 * functions. The SQL script suite checks it for every query it runs.
 */
public final class LineageReference {
    private LineageReference() {
    }

    /** The disagreements for {@code query} bound in {@code database} (empty when the lineages agree). */
    public static List<String> disagreements(Database db, String database, Query query) throws SQLException {
        try (Connection c = db.connect()) {
            StatementContext ctx = db.context(new Txn(c), database);
            QueryBinder.Result bound = QueryBinder.bind(ctx, query);
            return compare(PlanLineage.of(bound.plan()), QueryAnalyzer.lineage(ctx, query), bound);
        }
    }

    /**
     * Where the reference is known to be weaker, the plan must know at least as much: an inner join
     * USING (k) equates both sides' k as ON t1.k = t2.k does (the reference equates ON conditions
     * only), and {@code *} leaves out hidden columns (the reference listed them). The text of an
     * invalid expression is the plan's own (bound names, casts it inserted); that a column is invalid
     * must agree.
     */
    static List<String> compare(QueryLineage plan, QueryLineage tree, QueryBinder.Result bound) {
        List<String> out = new ArrayList<>();
        List<ColumnLineage> treeColumns = tree.columns().size() > plan.columns().size()
                ? tree.columns().stream().filter(c -> !hidden(c)).toList() : tree.columns();
        if (treeColumns.size() != plan.columns().size()) {
            out.add("columns from plan: " + plan.columns() + " / from tree: " + tree.columns());
        } else {
            for (int i = 0; i < treeColumns.size(); i++) {
                ColumnLineage p = plan.columns().get(i);
                ColumnLineage t = treeColumns.get(i);
                boolean sameValidity = (p.invalidExpression() == null) == (t.invalidExpression() == null);
                if (!sameValidity || !p.origins().containsAll(t.origins())) {
                    out.add("column " + (i + 1) + " from plan: " + p + " / from tree: " + t);
                }
            }
        }
        // A right semi or anti join is bound with its sides swapped: the tables, not their order, must agree.
        if (!new HashSet<>(plan.baseTables()).equals(new HashSet<>(tree.baseTables()))) {
            out.add("tables from plan: " + plan.baseTables() + " / from tree: " + tree.baseTables());
        }
        // The binder folds session functions into constants and reports them beside the plan.
        List<String> nondeterministic = new ArrayList<>(plan.nondeterministicFunctions());
        bound.sessionFunctions().stream().filter(PlanLineage::nondeterministic).filter(f -> !nondeterministic.contains(f))
                .forEach(nondeterministic::add);
        nondeterministic.sort(null);
        if (!nondeterministic.equals(tree.nondeterministicFunctions())) {
            out.add("nondeterministic from plan: " + nondeterministic + " / from tree: " + tree.nondeterministicFunctions());
        }
        return out;
    }

    private static boolean hidden(ColumnLineage c) {
        return c.origins().size() == 1 && c.origins().get(0).column().startsWith("__");
    }
}
