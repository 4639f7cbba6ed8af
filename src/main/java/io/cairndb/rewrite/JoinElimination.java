package io.cairndb.rewrite;

import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A view that joins tables the query does not read still holds each row of the query's tables once
 * when every such table is joined by equalities on a unique key of it (so a row matches at most one
 * of its rows) and the join keeps every row: a LEFT JOIN, or an INNER JOIN along a foreign key whose
 * columns are NOT NULL (so a row matches exactly one). Nothing else of the view may filter by that
 * table. Its join is then as if it were not there.
 */
final class JoinElimination {
    private JoinElimination() {
    }

    /** The positions of the joins of {@code view} that the query need not have; a failure when a table cannot go. */
    static Set<Integer> edges(SpjgForm view, Set<Integer> extraTables, TableKeys keys) {
        Set<Integer> out = new HashSet<>();
        for (int table : extraTables) {
            out.add(edge(view, table, keys));
        }
        return out;
    }

    private static int edge(SpjgForm view, int table, TableKeys keys) {
        PlanNode.Scan extra = view.tables().get(table);
        String name = extra.source().table();
        Set<Integer> own = new HashSet<>();
        extra.outputs().forEach(c -> own.add(c.id()));
        int found = -1;
        for (int e = 0; e < view.joins().size(); e++) {
            SpjgForm.JoinEdge edge = view.joins().get(e);
            if (edge.leftTables().contains(table) || edge.rightTables().contains(table)) {
                if (found >= 0) {
                    throw cannot(name, "it is joined more than once");
                }
                found = e;
            }
        }
        if (found < 0) {
            throw cannot(name, "it is not joined");
        }
        SpjgForm.JoinEdge edge = view.joins().get(found);
        boolean right = edge.rightTables().equals(List.of(table));
        boolean left = edge.leftTables().equals(List.of(table));
        boolean keepsOthers = right && edge.kind() == PlanNode.JoinKind.LEFT || left && edge.kind() == PlanNode.JoinKind.RIGHT;
        boolean inner = (right || left) && edge.kind() == PlanNode.JoinKind.INNER;
        if (!keepsOthers && !inner) {
            throw cannot(name, "its join may drop or add rows of the other tables");
        }
        // Each equality of the join: (column of the other side, column of this table).
        Map<Integer, PlanColumn> columns = new HashMap<>();
        view.tables().forEach(s -> s.outputs().forEach(c -> columns.put(c.id(), c)));
        Set<List<String>> pairs = new HashSet<>();
        Set<String> keyColumns = new HashSet<>();
        Set<Long> otherTables = new HashSet<>();
        boolean othersNotNull = true;
        for (ScalarExpr c : edge.conjuncts()) {
            List<ScalarExpr> args = Operator.EQ.is(c) ? ((ScalarExpr.Call) c).args() : List.of();
            if (args.size() != 2 || !(args.get(0) instanceof ScalarExpr.ColumnRef a)
                    || !(args.get(1) instanceof ScalarExpr.ColumnRef b) || own.contains(a.id()) == own.contains(b.id())) {
                throw cannot(name, "its join condition is not equalities with the other tables' columns");
            }
            ScalarExpr.ColumnRef mine = own.contains(a.id()) ? a : b;
            ScalarExpr.ColumnRef theirs = mine == a ? b : a;
            int at = tableOf(view, theirs.id());
            otherTables.add(view.tables().get(at).source().tableId());
            othersNotNull &= !columns.get(theirs.id()).nullable();
            pairs.add(List.of(columnName(view, at, theirs.id()), columnName(view, table, mine.id())));
            keyColumns.add(columnName(view, table, mine.id()));
        }
        if (!keys.isUnique(extra.source().tableId(), keyColumns)) {
            throw cannot(name, "its join columns " + String.join(", ", new TreeSet<>(keyColumns))
                    + " are not a unique key of it");
        }
        if (inner && (otherTables.size() != 1 || !othersNotNull
                || !keys.references(otherTables.iterator().next(), extra.source().tableId(), pairs))) {
            throw cannot(name, "its inner join is not along a foreign key of NOT NULL columns");
        }
        requireNoOtherUse(view, found, own, name);
        return found;
    }

    /** The table's columns are in no predicate but its join's equalities, and in no other join. */
    private static void requireNoOtherUse(SpjgForm view, int edge, Set<Integer> own, String name) {
        for (int e = 0; e < view.joins().size(); e++) {
            if (e != edge && view.joins().get(e).conjuncts().stream().anyMatch(c -> uses(c, own))) {
                throw cannot(name, "another join uses its columns");
            }
        }
        if (view.residuals().stream().anyMatch(c -> uses(c, own))) {
            throw cannot(name, "the view filters by its columns");
        }
        for (SpjgForm.EquivalenceClass c : view.classes()) {
            boolean mine = c.columns().stream().anyMatch(x -> own.contains(x.id()));
            boolean others = c.columns().stream().anyMatch(x -> !own.contains(x.id()));
            if (mine && !others) {
                throw cannot(name, "the view filters by its columns");
            }
        }
    }

    private static boolean uses(ScalarExpr e, Set<Integer> ids) {
        boolean[] found = {false};
        PlanExpressions.walk(e, x -> found[0] |= x instanceof ScalarExpr.ColumnRef r && ids.contains(r.id()));
        return found[0];
    }

    private static int tableOf(SpjgForm view, int columnId) {
        for (int t = 0; t < view.tables().size(); t++) {
            if (view.tables().get(t).outputs().stream().anyMatch(c -> c.id() == columnId)) {
                return t;
            }
        }
        throw new MatchFailure("View struct info is invalid");
    }

    private static String columnName(SpjgForm view, int table, int columnId) {
        PlanNode.Scan s = view.tables().get(table);
        List<Integer> ids = new ArrayList<>();
        s.outputs().forEach(c -> ids.add(c.id()));
        return s.columns().get(ids.indexOf(columnId));
    }

    private static MatchFailure cannot(String table, String why) {
        return new MatchFailure("Match mode is invalid: the view joins " + table + ", which the query does not, and "
                + why);
    }
}
