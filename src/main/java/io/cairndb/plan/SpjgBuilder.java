package io.cairndb.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Takes a plan apart into its {@link SpjgForm}, substituting every column by its scan-column expression. */
final class SpjgBuilder {
    private final List<PlanNode.Scan> scans = new ArrayList<>();
    private final List<SpjgForm.JoinEdge> joins = new ArrayList<>();
    /** What each column above the scans is, over scan columns; scan columns map to themselves. */
    private final Map<Integer, ScalarExpr> definitions = new HashMap<>();
    /** Scan columns by id, numbered in plan order (for a stable order of the equivalence classes). */
    private final Map<Integer, PlanColumn> scanColumns = new HashMap<>();
    private final Map<Integer, Integer> positions = new HashMap<>();
    private final List<ScalarExpr> conjuncts = new ArrayList<>();

    private SpjgBuilder() {
    }

    static Optional<SpjgForm> build(PlanNode plan) {
        PlanNode node = plan;
        PlanNode.Project top = null;
        if (node instanceof PlanNode.Project p && p.input() instanceof PlanNode.Aggregate) {
            top = p;
            node = p.input();
        }
        PlanNode.Aggregate aggregate = node instanceof PlanNode.Aggregate a ? a : null;
        if (aggregate != null) {
            node = aggregate.input();
        }
        SpjgBuilder b = new SpjgBuilder();
        if (b.spj(node, false) == null) {
            return Optional.empty();
        }
        List<ScalarExpr> keys = List.of();
        List<PlanNode.AggregateAssignment> calls = List.of();
        if (aggregate != null) {
            keys = aggregate.keys().stream().map(k -> b.expand(k.ref())).toList();
            calls = new ArrayList<>();
            for (PlanNode.AggregateAssignment a : aggregate.aggregates()) {
                PlanNode.AggregateCall c = a.call();
                if (c.args().stream().anyMatch(PlanExpressions::hasSubquery)) {
                    return Optional.empty();
                }
                calls.add(new PlanNode.AggregateAssignment(a.column(), new PlanNode.AggregateCall(c.function(),
                        c.args().stream().map(b::expand).toList(), c.distinct(), c.orderBy().stream()
                        .map(k -> new PlanNode.SortKey(b.expand(k.expr()), k.ascending(), k.nullsFirst())).toList())));
            }
        }
        if (top != null && !b.define(top)) {
            return Optional.empty();
        }
        List<PlanNode.Assignment> outputs = plan.outputs().stream()
                .map(c -> new PlanNode.Assignment(c, b.expand(c.ref()))).toList();
        SpjgPredicates.Result predicates = SpjgPredicates.analyze(b.conjuncts, b.scanColumns, b.positions);
        return Optional.of(new SpjgForm(b.scans, b.joins, predicates.classes(), predicates.residuals(),
                aggregate != null, keys, aggregate == null ? List.of() : aggregate.groupingSets(), calls, outputs));
    }

    /**
     * Walks a join tree, returning the positions of its scans, or null when it is not one.
     * {@code nullExtended}: the tree is on a side of an outer join that may be NULL-extended.
     */
    private List<Integer> spj(PlanNode n, boolean nullExtended) {
        if (n instanceof PlanNode.Scan s) {
            scans.add(s);
            for (PlanColumn c : s.outputs()) {
                scanColumns.put(c.id(), c);
                positions.put(c.id(), positions.size());
                definitions.put(c.id(), c.ref());
            }
            return List.of(scans.size() - 1);
        }
        if (n instanceof PlanNode.Filter f) {
            List<Integer> tables = nullExtended ? null : spj(f.input(), false);
            if (tables == null || PlanExpressions.hasSubquery(f.condition())) {
                return null;
            }
            conjuncts.addAll(Conjuncts.of(expand(f.condition())));
            return tables;
        }
        if (n instanceof PlanNode.Project p) {
            List<Integer> tables = spj(p.input(), nullExtended);
            // Above the outer join a computed column would not be NULL on the rows it adds.
            boolean computed = p.assignments().stream().anyMatch(a -> !(a.expr() instanceof ScalarExpr.ColumnRef));
            return tables == null || nullExtended && computed || !define(p) ? null : tables;
        }
        if (n instanceof PlanNode.Join j) {
            return join(j, nullExtended);
        }
        return null;
    }

    private List<Integer> join(PlanNode.Join j, boolean nullExtended) {
        PlanNode.JoinKind kind = j.kind();
        if (!kind.keepsRight() || j.condition() != null && PlanExpressions.hasSubquery(j.condition())) {
            return null;
        }
        boolean full = kind == PlanNode.JoinKind.FULL;
        boolean leftExtended = nullExtended || full || kind == PlanNode.JoinKind.RIGHT;
        boolean rightExtended = nullExtended || full || kind == PlanNode.JoinKind.LEFT;
        List<Integer> left = spj(j.left(), leftExtended);
        List<Integer> right = left == null ? null : spj(j.right(), rightExtended);
        if (right == null) {
            return null;
        }
        List<ScalarExpr> on = Conjuncts.of(j.condition() == null ? null : expand(j.condition()));
        joins.add(new SpjgForm.JoinEdge(kind, left, right, on));
        boolean inner = kind == PlanNode.JoinKind.INNER || kind == PlanNode.JoinKind.CROSS;
        if (inner && !nullExtended) {
            conjuncts.addAll(on);
        }
        List<Integer> tables = new ArrayList<>(left);
        tables.addAll(right);
        return tables;
    }

    /** Records what the columns of a Project are; false when one holds a subquery. */
    private boolean define(PlanNode.Project p) {
        for (PlanNode.Assignment a : p.assignments()) {
            if (PlanExpressions.hasSubquery(a.expr())) {
                return false;
            }
            definitions.put(a.column().id(), expand(a.expr()));
        }
        return true;
    }

    private ScalarExpr expand(ScalarExpr e) {
        return PlanExpressions.replaceColumns(e, r -> definitions.getOrDefault(r.id(), r));
    }
}
