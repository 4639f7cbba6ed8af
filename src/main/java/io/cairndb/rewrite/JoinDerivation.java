package io.cairndb.rewrite;

import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares the join graphs of a query and a view under a table mapping. Inner joins need nothing
 * more than their predicates (those are compared as predicates); with outer, semi or anti joins,
 * every join must pair up by the tables on each side, those with the same conditions (semi and anti
 * joins of the same kind). A view's outer join may
 * answer a query's inner (or narrower outer) join: the view is then read as if that join were inner,
 * filtered to the rows on which it matched (join derivation), which a non-NULL column of the side that
 * may be NULL-extended tells.
 *
 * A query's semi join to a table on one of its unique keys is answered by a view's inner join on the
 * same condition (each row matches at most once, so the inner join's rows are the semi join's). Joins
 * of the view to tables the query does not read must be ones {@link JoinElimination} removes.
 *
 * @param query    the query's form, semi joins answered by inner ones made inner (query column space)
 * @param view     the view's form with every derived join made inner (view column space)
 * @param nonNulls for each side the query needs matched, the view columns any one of which is
 *                 non-NULL exactly on those rows
 * @param absents  for each side an anti join needs missing, the view columns any one of which is NULL
 *                 exactly on the rows where it is (a view's LEFT join answering a query's LEFT ANTI)
 * @param dropped  the view's columns of the tables whose joins are eliminated
 */
record JoinDerivation(SpjgForm query, SpjgForm view, List<List<PlanColumn>> nonNulls, List<List<PlanColumn>> absents,
                      Set<Integer> dropped) {

    static JoinDerivation of(SpjgForm query, SpjgForm view, ViewTranslation tr, TableKeys keys) {
        Set<Integer> eliminated = JoinElimination.edges(view, tr.unmappedTables(), keys);
        Set<Integer> dropped = new HashSet<>();
        tr.unmappedTables().forEach(t -> view.tables().get(t).outputs().forEach(c -> dropped.add(c.id())));
        boolean outer = hasOuter(query) || hasOuter(view, eliminated);
        if (!outer) {
            return new JoinDerivation(query, view, List.of(), List.of(), dropped);
        }
        if (query.joins().size() != view.joins().size() - eliminated.size()) {
            throw new MatchFailure("Match mode is invalid: the query and the view join their tables differently");
        }
        SpjgForm derived = view;
        SpjgForm answered = query;
        List<List<PlanColumn>> nonNulls = new ArrayList<>();
        List<List<PlanColumn>> absents = new ArrayList<>();
        Set<Integer> used = new HashSet<>();
        for (int e = 0; e < view.joins().size(); e++) {
            if (eliminated.contains(e)) {
                continue;
            }
            SpjgForm.JoinEdge v = view.joins().get(e);
            Set<Integer> left = mapped(v.leftTables(), tr);
            Set<Integer> right = mapped(v.rightTables(), tr);
            int match = -1;
            boolean swapped = false;
            for (int q = 0; q < query.joins().size() && match < 0; q++) {
                SpjgForm.JoinEdge j = query.joins().get(q);
                if (used.contains(q)) {
                    continue;
                }
                if (set(j.leftTables()).equals(left) && set(j.rightTables()).equals(right)) {
                    match = q;
                } else if (set(j.leftTables()).equals(right) && set(j.rightTables()).equals(left)
                        && (j.kind().keepsRight() && v.kind().keepsRight() || inner(v.kind()))) {
                    // An inner join has no sides: it pairs with a query's join of the same tables either way
                    // round (a RIGHT SEMI join is bound as a LEFT one with its inputs swapped).
                    match = q;
                    swapped = true;
                }
            }
            if (match < 0) {
                throw new MatchFailure("Match mode is invalid: the query and the view join their tables differently");
            }
            used.add(match);
            SpjgForm.JoinEdge q = query.joins().get(match);
            PlanNode.JoinKind queryKind = swapped ? mirror(q.kind()) : q.kind();
            PlanNode.JoinKind viewKind = inner(v.kind()) ? PlanNode.JoinKind.INNER : v.kind();
            queryKind = inner(queryKind) ? PlanNode.JoinKind.INNER : queryKind;
            if (viewKind == PlanNode.JoinKind.INNER && queryKind == PlanNode.JoinKind.INNER) {
                continue;
            }
            if (!sameConditions(q, v, tr)) {
                throw new MatchFailure("Match mode is invalid: the conditions of the " + words(v.kind()) + " join differ");
            }
            if (viewKind == queryKind) {
                continue;
            }
            if (viewKind == PlanNode.JoinKind.INNER && queryKind == PlanNode.JoinKind.LEFT_SEMI
                    && probesUniqueKey(query, q, keys)) {
                answered = answered.withInnerJoin(match);
                continue;
            }
            if (viewKind == PlanNode.JoinKind.LEFT && queryKind == PlanNode.JoinKind.LEFT_ANTI) {
                // The left rows that matched nothing are the view's rows whose right side is NULL-extended.
                if (insideNullExtendedSide(view, e)) {
                    throw new MatchFailure("Match mode is invalid: the view's LEFT join is on the NULL-extended side of "
                            + "another outer join");
                }
                absents.add(nonNull(view, v, v.rightTables(), true));
                continue;
            }
            if (!viewKind.keepsRight() || !queryKind.keepsRight()) {
                throw new MatchFailure("Match mode is invalid: the query's " + words(q.kind()) + " join is not the view's "
                        + words(v.kind()) + " join");
            }
            boolean needLeft = keepsAllOf(viewKind, true) && !keepsAllOf(queryKind, true);
            boolean needRight = keepsAllOf(viewKind, false) && !keepsAllOf(queryKind, false);
            if (keepsAllOf(queryKind, true) && !keepsAllOf(viewKind, true)
                    || keepsAllOf(queryKind, false) && !keepsAllOf(viewKind, false)) {
                throw new MatchFailure("Match mode is invalid: the view's " + words(v.kind())
                        + " join lacks rows the query's " + words(q.kind()) + " join keeps");
            }
            // Filtering the view's rows derives this join only where no other outer join of the view may
            // NULL-extend it: there a dropped row would have left its NULL-extended twin in the query.
            if ((needLeft || needRight) && insideNullExtendedSide(view, e)) {
                throw new MatchFailure("Match mode is invalid: the view's " + words(v.kind())
                        + " join is on the NULL-extended side of another outer join");
            }
            // The rows the view keeps unmatched on one side must go: those whose other side is NULL-extended.
            if (needLeft) {
                nonNulls.add(nonNull(view, v, v.rightTables(), !keepsAllOf(queryKind, false)));
            }
            if (needRight) {
                nonNulls.add(nonNull(view, v, v.leftTables(), !keepsAllOf(queryKind, true)));
            }
            if (queryKind == PlanNode.JoinKind.INNER) {
                derived = derived.withInnerJoin(e);
            }
        }
        return new JoinDerivation(answered, derived, nonNulls, absents, dropped);
    }

    /** Whether a semi join's condition equates a unique key of its probed side (one table) with the other side. */
    private static boolean probesUniqueKey(SpjgForm query, SpjgForm.JoinEdge semi, TableKeys keys) {
        if (semi.rightTables().size() != 1) {
            return false;
        }
        PlanNode.Scan probed = query.tables().get(semi.rightTables().get(0));
        List<Integer> ids = probed.outputs().stream().map(PlanColumn::id).toList();
        Set<String> equated = new HashSet<>();
        for (ScalarExpr c : semi.conjuncts()) {
            if (Operator.EQ.is(c)) {
                for (ScalarExpr a : ((ScalarExpr.Call) c).args()) {
                    if (a instanceof ScalarExpr.ColumnRef r && ids.contains(r.id())) {
                        equated.add(probed.columns().get(ids.indexOf(r.id())));
                    }
                }
            }
        }
        return keys.isUnique(probed.source().tableId(), equated);
    }

    private static String words(PlanNode.JoinKind kind) {
        return kind.name().replace('_', ' ');
    }

    private static boolean hasOuter(SpjgForm form) {
        return hasOuter(form, Set.of());
    }

    private static boolean hasOuter(SpjgForm form, Set<Integer> except) {
        for (int e = 0; e < form.joins().size(); e++) {
            if (!except.contains(e) && !inner(form.joins().get(e).kind())) {
                return true;
            }
        }
        return false;
    }

    private static boolean inner(PlanNode.JoinKind kind) {
        return kind == PlanNode.JoinKind.INNER || kind == PlanNode.JoinKind.CROSS;
    }

    /** Whether a join of this kind keeps every row of its left ({@code left}) or right input. */
    private static boolean keepsAllOf(PlanNode.JoinKind kind, boolean left) {
        return kind == PlanNode.JoinKind.FULL || (left ? kind == PlanNode.JoinKind.LEFT : kind == PlanNode.JoinKind.RIGHT);
    }

    private static PlanNode.JoinKind mirror(PlanNode.JoinKind kind) {
        return switch (kind) {
            case LEFT -> PlanNode.JoinKind.RIGHT;
            case RIGHT -> PlanNode.JoinKind.LEFT;
            default -> kind;
        };
    }

    private static boolean sameConditions(SpjgForm.JoinEdge query, SpjgForm.JoinEdge view, ViewTranslation tr) {
        Set<String> q = new TreeSet<>();
        query.conjuncts().forEach(c -> q.add(ExprTexts.of(c)));
        Set<String> v = new TreeSet<>();
        view.conjuncts().forEach(c -> v.add(ExprTexts.of(tr.expr(c))));
        return q.equals(v);
    }

    /**
     * Columns of the tables at {@code side} that are non-NULL exactly on the rows where that side is
     * present: NOT NULL columns of its tables that no join within the side NULL-extends, and, when the
     * query keeps none of the side's unmatched rows ({@code matchedOnly}), the columns a NULL-rejecting
     * equality of the condition compares. A join key is never enough on its own where the query keeps
     * unmatched rows: a row whose key is NULL matches nothing and is kept all the same.
     */
    private static List<PlanColumn> nonNull(SpjgForm view, SpjgForm.JoinEdge edge, List<Integer> side,
                                            boolean matchedOnly) {
        Set<Integer> sideColumns = new HashSet<>();
        List<PlanColumn> out = new ArrayList<>();
        for (int t : side) {
            view.tables().get(t).outputs().forEach(c -> sideColumns.add(c.id()));
        }
        if (matchedOnly) {
            for (ScalarExpr c : edge.conjuncts()) {
                if (Operator.EQ.is(c)) {
                    for (ScalarExpr a : ((ScalarExpr.Call) c).args()) {
                        if (a instanceof ScalarExpr.ColumnRef r && sideColumns.contains(r.id())) {
                            out.add(r.column());
                        }
                    }
                }
            }
        }
        Set<Integer> extended = nullExtendedWithin(view, side);
        for (int t : side) {
            if (!extended.contains(t)) {
                view.tables().get(t).outputs().stream().filter(c -> !c.nullable()).forEach(out::add);
            }
        }
        return out;
    }

    /** The tables of {@code side} that a join whose tables all lie within it may NULL-extend. */
    private static Set<Integer> nullExtendedWithin(SpjgForm view, List<Integer> side) {
        Set<Integer> within = set(side);
        Set<Integer> out = new HashSet<>();
        for (SpjgForm.JoinEdge f : view.joins()) {
            if (within.containsAll(f.leftTables()) && within.containsAll(f.rightTables())) {
                if (keepsAllOf(f.kind(), true)) {
                    out.addAll(f.rightTables());
                }
                if (keepsAllOf(f.kind(), false)) {
                    out.addAll(f.leftTables());
                }
            }
        }
        return out;
    }

    /** Whether another join of the view has join {@code edge}'s tables on a side it may NULL-extend or only probes. */
    private static boolean insideNullExtendedSide(SpjgForm view, int edge) {
        SpjgForm.JoinEdge e = view.joins().get(edge);
        Set<Integer> tables = set(e.leftTables());
        tables.addAll(e.rightTables());
        for (int f = 0; f < view.joins().size(); f++) {
            SpjgForm.JoinEdge other = view.joins().get(f);
            if (f == edge) {
                continue;
            }
            boolean right = set(other.rightTables()).containsAll(tables);
            boolean left = set(other.leftTables()).containsAll(tables);
            if (right && (keepsAllOf(other.kind(), true) || !other.kind().keepsRight())
                    || left && keepsAllOf(other.kind(), false)) {
                return true;
            }
        }
        return false;
    }

    private static Set<Integer> mapped(List<Integer> viewTables, ViewTranslation tr) {
        Set<Integer> out = new HashSet<>();
        viewTables.forEach(t -> out.add(tr.table(t)));
        return out;
    }

    private static Set<Integer> set(List<Integer> tables) {
        return new HashSet<>(tables);
    }
}
