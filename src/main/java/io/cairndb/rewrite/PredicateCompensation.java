package io.cairndb.rewrite;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;
import io.cairndb.plan.SpjgPredicates;
import io.cairndb.plan.ValueRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The filter that turns a view's rows into the rows the query's predicates keep (Goldstein and
 * Larson): every equality, range and other predicate of the view must hold in the query, and what
 * the query asks beyond them is applied to the MV's rows. Both sides are in the query's column space.
 */
final class PredicateCompensation {
    private final SpjgForm query;
    private final List<SpjgForm.EquivalenceClass> view;
    private final Function<ScalarExpr, Optional<ScalarExpr>> inView;
    private final Map<Integer, Integer> viewClassOf = new HashMap<>();

    private PredicateCompensation(SpjgForm query, List<SpjgForm.EquivalenceClass> view,
                                  Function<ScalarExpr, Optional<ScalarExpr>> inView) {
        this.query = query;
        this.view = view;
        this.inView = inView;
        for (int i = 0; i < view.size(); i++) {
            for (PlanColumn c : view.get(i).columns()) {
                viewClassOf.put(c.id(), i);
            }
        }
    }

    /**
     * The compensating conjuncts over MV columns. {@code inView} computes a query expression from the
     * MV's columns using only the view's equalities (the query's do not hold on the MV's rows yet).
     */
    static List<ScalarExpr> compute(SpjgForm query, List<SpjgForm.EquivalenceClass> viewClasses,
                                    List<ScalarExpr> viewResiduals, Function<ScalarExpr, Optional<ScalarExpr>> inView) {
        PredicateCompensation p = new PredicateCompensation(query, viewClasses, inView);
        List<ScalarExpr> out = new ArrayList<>();
        p.equalities(out);
        p.ranges(out);
        p.residuals(viewResiduals, out);
        return out;
    }

    private void equalities(List<ScalarExpr> out) {
        for (SpjgForm.EquivalenceClass v : view) {
            if (v.columns().size() < 2) {
                continue;
            }
            Optional<SpjgForm.EquivalenceClass> q = query.classOf(v.columns().get(0).id());
            Set<Integer> ids = new HashSet<>();
            q.ifPresent(c -> c.columns().forEach(x -> ids.add(x.id())));
            if (!v.columns().stream().allMatch(c -> ids.contains(c.id()))) {
                throw new MatchFailure("Predicate compensate fail: the view's predicate "
                        + ExprTexts.names(v.columns()).replace(", ", " = ") + " is not in the query");
            }
        }
        for (SpjgForm.EquivalenceClass q : query.classes()) {
            // One representative for each group of columns the view already equates.
            Map<Object, List<PlanColumn>> groups = new LinkedHashMap<>();
            for (PlanColumn c : q.columns()) {
                Integer v = viewClassOf.get(c.id());
                groups.computeIfAbsent(v == null ? (Object) ("q" + c.id()) : v, k -> new ArrayList<>()).add(c);
            }
            if (groups.size() < 2) {
                continue;
            }
            ScalarExpr first = null;
            for (List<PlanColumn> group : groups.values()) {
                ScalarExpr rep = express(group);
                if (first == null) {
                    first = rep;
                } else {
                    out.add(new ScalarExpr.Call(Operator.EQ.function(), List.of(first, rep), DataType.BOOLEAN, true));
                }
            }
        }
    }

    private void ranges(List<ScalarExpr> out) {
        for (SpjgForm.EquivalenceClass v : view) {
            if (v.range().equals(ValueRange.ALL)) {
                continue;
            }
            ValueRange q = query.classOf(v.columns().get(0).id()).map(SpjgForm.EquivalenceClass::range)
                    .orElse(ValueRange.ALL);
            if (!v.range().encloses(q)) {
                throw new MatchFailure("Predicate compensate fail: the query's condition on " + v.columns().get(0).name()
                        + " is not within the view's");
            }
        }
        for (SpjgForm.EquivalenceClass q : query.classes()) {
            if (q.range().equals(ValueRange.ALL)) {
                continue;
            }
            ValueRange viewRange = ValueRange.ALL;
            for (PlanColumn c : q.columns()) {
                Integer v = viewClassOf.get(c.id());
                if (v != null) {
                    viewRange = viewRange.intersect(view.get(v).range()).orElse(viewRange);
                }
            }
            if (!q.range().encloses(viewRange)) {
                out.addAll(q.range().conjuncts(express(q.columns())));
            }
        }
    }

    private void residuals(List<ScalarExpr> viewResiduals, List<ScalarExpr> out) {
        Set<String> queryTexts = new HashSet<>();
        query.residuals().forEach(r -> queryTexts.add(ExprTexts.of(r)));
        Set<String> viewTexts = new HashSet<>();
        for (ScalarExpr r : viewResiduals) {
            String t = ExprTexts.of(r);
            if (queryTexts.contains(t)) {
                viewTexts.add(t);
            } else if (!impliedByQuery(r)) {
                throw new MatchFailure("Rewrite compensate predicate by view fail: the view's predicate "
                        + ExprTexts.readable(r) + " is not in the query" + (SpjgPredicates.disjunction(r).isPresent()
                        ? ", nor implied by its conditions on that column" : ""));
            }
        }
        for (ScalarExpr r : query.residuals()) {
            if (!viewTexts.contains(ExprTexts.of(r))) {
                out.add(inView.apply(r).orElseThrow(() -> new MatchFailure(
                        "The columns used by query are not in view: predicate " + ExprTexts.readable(r))));
            }
        }
    }

    /**
     * Whether the query's conditions keep only rows the view's OR of ranges on one column keeps: the
     * query's range of that column (of its class) lies within one of the view's disjuncts, or each
     * disjunct of a query OR on that column does. Then the query's own conditions, applied to the MV's
     * rows, are all the filter needs.
     */
    private boolean impliedByQuery(ScalarExpr viewPredicate) {
        Optional<List<SpjgPredicates.ColumnRange>> view = SpjgPredicates.disjunction(viewPredicate);
        if (view.isEmpty()) {
            return false;
        }
        int column = view.get().get(0).column();
        Optional<SpjgForm.EquivalenceClass> cls = query.classOf(column);
        ValueRange range = cls.map(SpjgForm.EquivalenceClass::range).orElse(ValueRange.ALL);
        if (!range.equals(ValueRange.ALL) && view.get().stream().anyMatch(v -> v.range().encloses(range))) {
            return true;
        }
        for (ScalarExpr r : query.residuals()) {
            Optional<List<SpjgPredicates.ColumnRange>> q = SpjgPredicates.disjunction(r);
            if (q.isEmpty() || !sameClass(q.get().get(0).column(), column, cls)) {
                continue;
            }
            if (q.get().stream().allMatch(d -> view.get().stream().anyMatch(v -> v.range().encloses(d.range())))) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameClass(int a, int b, Optional<SpjgForm.EquivalenceClass> classOfB) {
        return a == b || classOfB.map(c -> c.columns().stream().anyMatch(x -> x.id() == a)).orElse(false);
    }

    /** A column of the group as the MV's rows give it. */
    private ScalarExpr express(List<PlanColumn> group) {
        for (PlanColumn c : group) {
            Optional<ScalarExpr> e = inView.apply(c.ref());
            if (e.isPresent()) {
                return e.get();
            }
        }
        throw new MatchFailure("The columns used by query are not in view: " + ExprTexts.names(group));
    }
}
