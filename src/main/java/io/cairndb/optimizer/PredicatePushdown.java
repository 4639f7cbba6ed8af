package io.cairndb.optimizer;

import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanNodes;
import io.cairndb.plan.ScalarExpr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Moves each conjunct of a filter as far down the plan as it stays equivalent: through projections
 * (their expressions put in place of their columns), sorts, DISTINCT, set operations (into every
 * branch), aggregates (conjuncts on grouping keys), windows (on partition keys), generators, and into
 * the inputs of joins, where an inner join region is reordered so that every join has a condition
 * ({@link InnerJoinOrder}) and an outer join whose NULL-extended rows a conjunct rejects becomes an
 * inner or one-sided join. A conjunct stops where its columns are produced, or above a LIMIT.
 */
final class PredicatePushdown {
    private PredicatePushdown() {
    }

    static PlanNode apply(PlanNode plan) {
        return push(plan, List.of());
    }

    /** {@code node} with {@code conjuncts} (over its outputs) applied as low as they can be. */
    static PlanNode push(PlanNode node, List<ScalarExpr> conjuncts) {
        if (node instanceof PlanNode.Filter f) {
            List<ScalarExpr> all = new ArrayList<>(conjuncts);
            all.addAll(TrivialPredicates.simplify(Conjuncts.split(f.condition())));
            return push(f.input(), all);
        }
        if (node instanceof PlanNode.Join j) {
            return join(j, conjuncts);
        }
        if (node instanceof PlanNode.Project p) {
            return project(p, conjuncts);
        }
        if (node instanceof PlanNode.Aggregate a) {
            return aggregate(a, conjuncts);
        }
        if (node instanceof PlanNode.Window w) {
            return window(w, conjuncts);
        }
        if (node instanceof PlanNode.SetOperation op) {
            return setOperation(op, conjuncts);
        }
        if (node instanceof PlanNode.Sort || node instanceof PlanNode.Distinct) {
            return PlanNodes.withInputs(node, List.of(push(node.inputs().get(0), conjuncts)));
        }
        if (node instanceof PlanNode.Generate g) {
            Set<Integer> below = ids(g.input().outputs());
            Split split = split(conjuncts, c -> movable(c) && below.containsAll(ownColumns(c, g)));
            return filter(PlanNodes.withInputs(g, List.of(push(g.input(), split.down()))), split.kept());
        }
        // A leaf, or a LIMIT: conjuncts stop here; what is under a LIMIT is pushed on its own.
        List<PlanNode> inputs = node.inputs().stream().map(i -> push(i, List.of())).toList();
        return filter(PlanNodes.withInputs(node, inputs), conjuncts);
    }

    private static PlanNode join(PlanNode.Join j, List<ScalarExpr> conjuncts) {
        PlanNode.JoinKind kind = simplified(j, conjuncts);
        if (kind == PlanNode.JoinKind.INNER || kind == PlanNode.JoinKind.CROSS) {
            return InnerJoinOrder.region(new PlanNode.Join(kind, j.left(), j.right(), j.condition()), conjuncts);
        }
        Set<Integer> left = ids(j.left().outputs());
        Set<Integer> right = ids(j.right().outputs());
        List<ScalarExpr> toLeft = new ArrayList<>();
        List<ScalarExpr> toRight = new ArrayList<>();
        List<ScalarExpr> on = new ArrayList<>();
        // Above the join: conjuncts on the side whose every row the join keeps go into that side.
        boolean leftKept = kind == PlanNode.JoinKind.LEFT || kind == PlanNode.JoinKind.LEFT_SEMI || kind == PlanNode.JoinKind.LEFT_ANTI;
        boolean rightKept = kind == PlanNode.JoinKind.RIGHT;
        Split above = split(conjuncts, c -> movable(c) && (leftKept && left.containsAll(ownColumns(c, left, right))
                || rightKept && right.containsAll(ownColumns(c, left, right))));
        (leftKept ? toLeft : toRight).addAll(above.down());
        // In the condition: a conjunct on the side whose rows only match goes into it (for a semi join
        // the left side's too: a left row that fails it matches nothing and is dropped either way).
        for (ScalarExpr c : Conjuncts.split(j.condition())) {
            Set<Integer> cols = ownColumns(c, left, right);
            boolean onLeft = !cols.isEmpty() && left.containsAll(cols);
            boolean onRight = !cols.isEmpty() && right.containsAll(cols);
            if (movable(c) && onRight && (kind == PlanNode.JoinKind.LEFT || kind.keepsRight() == false)) {
                toRight.add(c);
            } else if (movable(c) && onLeft && (kind == PlanNode.JoinKind.RIGHT || kind == PlanNode.JoinKind.LEFT_SEMI)) {
                toLeft.add(c);
            } else {
                on.add(c);
            }
        }
        PlanNode out = new PlanNode.Join(kind, push(j.left(), toLeft), push(j.right(), toRight), Conjuncts.and(on));
        return filter(out, above.kept());
    }

    /**
     * The kind of outer join that gives the same rows under {@code conjuncts}: a side whose
     * NULL-extended rows a conjunct rejects need not be NULL-extended.
     */
    private static PlanNode.JoinKind simplified(PlanNode.Join j, List<ScalarExpr> conjuncts) {
        PlanNode.JoinKind kind = j.kind();
        if (kind != PlanNode.JoinKind.LEFT && kind != PlanNode.JoinKind.RIGHT && kind != PlanNode.JoinKind.FULL) {
            return kind;
        }
        Set<Integer> left = ids(j.left().outputs());
        Set<Integer> right = ids(j.right().outputs());
        boolean rightRejected = conjuncts.stream().anyMatch(c -> NullRejection.rejectsNulls(c, right));
        boolean leftRejected = conjuncts.stream().anyMatch(c -> NullRejection.rejectsNulls(c, left));
        return switch (kind) {
            case LEFT -> rightRejected ? PlanNode.JoinKind.INNER : kind;
            case RIGHT -> leftRejected ? PlanNode.JoinKind.INNER : kind;
            default -> leftRejected && rightRejected ? PlanNode.JoinKind.INNER
                    : leftRejected ? PlanNode.JoinKind.LEFT : rightRejected ? PlanNode.JoinKind.RIGHT : kind;
        };
    }

    /** Conjuncts go below a projection with its expressions in place of its columns, where that computes the same. */
    private static PlanNode project(PlanNode.Project p, List<ScalarExpr> conjuncts) {
        Map<Integer, ScalarExpr> computed = new HashMap<>();
        p.assignments().forEach(a -> computed.put(a.column().id(), a.expr()));
        List<ScalarExpr> down = new ArrayList<>();
        List<ScalarExpr> kept = new ArrayList<>();
        for (ScalarExpr c : conjuncts) {
            boolean inlinable = movable(c) && ExprFacts.columns(c).stream().filter(computed::containsKey)
                    .allMatch(id -> inlinable(computed.get(id)));
            if (inlinable) {
                down.add(PlanExpressions.replaceColumns(c, r -> computed.getOrDefault(r.id(), r)));
            } else {
                kept.add(c);
            }
        }
        return filter(new PlanNode.Project(push(p.input(), down), p.assignments()), kept);
    }

    /** An expression a filter below may repeat: it computes the same value there and costs little. */
    private static boolean inlinable(ScalarExpr e) {
        return PlanExpressions.deterministic(e) && !PlanExpressions.hasSubquery(e);
    }

    private static PlanNode aggregate(PlanNode.Aggregate a, List<ScalarExpr> conjuncts) {
        Set<Integer> everySetKeys = new HashSet<>();
        for (int i = 0; i < a.keys().size(); i++) {
            int position = i;
            if (a.groupingSets().isEmpty() || a.groupingSets().stream().allMatch(set -> set.contains(position))) {
                everySetKeys.add(a.keys().get(i).id());
            }
        }
        Set<Integer> produced = ids(a.outputs());
        // A conjunct on no column stays: below, it would leave the grand total of a grouping set () in place.
        Split split = split(conjuncts, c -> movable(c) && !ownColumns(c, produced).isEmpty()
                && everySetKeys.containsAll(ownColumns(c, produced)));
        return filter(PlanNodes.withInputs(a, List.of(push(a.input(), split.down()))), split.kept());
    }

    private static PlanNode window(PlanNode.Window w, List<ScalarExpr> conjuncts) {
        Set<Integer> partitioned = null;
        for (PlanNode.WindowAssignment x : w.windows()) {
            Set<Integer> keys = new HashSet<>();
            x.call().partitionBy().forEach(e -> {
                if (e instanceof ScalarExpr.ColumnRef r) {
                    keys.add(r.id());
                }
            });
            if (partitioned == null) {
                partitioned = keys;
            } else {
                partitioned.retainAll(keys);
            }
        }
        Set<Integer> partitionKeys = partitioned == null ? Set.of() : partitioned;
        Set<Integer> produced = ids(w.outputs());
        Split split = split(conjuncts, c -> movable(c) && !ownColumns(c, produced).isEmpty()
                && partitionKeys.containsAll(ownColumns(c, produced)));
        return filter(PlanNodes.withInputs(w, List.of(push(w.input(), split.down()))), split.kept());
    }

    /** Every branch gets the conjuncts over its own columns (set operations compare rows by position). */
    private static PlanNode setOperation(PlanNode.SetOperation op, List<ScalarExpr> conjuncts) {
        Split split = split(conjuncts, PredicatePushdown::movable);
        List<PlanNode> branches = new ArrayList<>();
        for (PlanNode branch : List.of(op.left(), op.right())) {
            Map<Integer, ScalarExpr> byPosition = new HashMap<>();
            for (int i = 0; i < op.outputs().size(); i++) {
                byPosition.put(op.outputs().get(i).id(), branch.outputs().get(i).ref());
            }
            branches.add(push(branch, split.down().stream()
                    .map(c -> PlanExpressions.replaceColumns(c, r -> byPosition.getOrDefault(r.id(), r))).toList()));
        }
        return filter(PlanNodes.withInputs(op, branches), split.kept());
    }

    /** Whether a conjunct may be evaluated elsewhere than where it is written. */
    private static boolean movable(ScalarExpr c) {
        return PlanExpressions.deterministic(c);
    }

    /** The columns of {@code c} that some of the given sets produce (not those of enclosing queries). */
    @SafeVarargs
    private static Set<Integer> ownColumns(ScalarExpr c, Set<Integer>... produced) {
        Set<Integer> out = new HashSet<>();
        for (Integer id : ExprFacts.columns(c)) {
            for (Set<Integer> p : produced) {
                if (p.contains(id)) {
                    out.add(id);
                }
            }
        }
        return out;
    }

    private static Set<Integer> ownColumns(ScalarExpr c, PlanNode.Generate g) {
        return ownColumns(c, ids(g.outputs()));
    }

    static Set<Integer> ids(List<PlanColumn> columns) {
        Set<Integer> out = new HashSet<>();
        columns.forEach(c -> out.add(c.id()));
        return out;
    }

    static PlanNode filter(PlanNode node, List<ScalarExpr> conjuncts) {
        ScalarExpr condition = Conjuncts.and(conjuncts);
        return condition == null ? node : new PlanNode.Filter(node, condition);
    }

    record Split(List<ScalarExpr> down, List<ScalarExpr> kept) {
    }

    static Split split(List<ScalarExpr> conjuncts, java.util.function.Predicate<ScalarExpr> movesDown) {
        List<ScalarExpr> down = new ArrayList<>();
        List<ScalarExpr> kept = new ArrayList<>();
        for (ScalarExpr c : conjuncts) {
            (movesDown.test(c) ? down : kept).add(c);
        }
        return new Split(down, kept);
    }
}
