package io.cairndb.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
        if (n instanceof PlanNode.Window w) {
            return window(w, nullExtended);
        }
        return null;
    }

    /**
     * A window: its columns are defined as window calls ({@link SpjgForm#WINDOW_CALL}). What the window
     * is computed over is part of each call: the conditions below it (join conditions, filters, and outer
     * joins with theirs), except filters on columns every window partitions by, which keep or drop whole
     * partitions and so filter the windowed rows alike. Two window columns are then equal only when their
     * windows see the same rows; every condition also filters the result, as it does.
     */
    private List<Integer> window(PlanNode.Window w, boolean nullExtended) {
        int below = conjuncts.size();
        int joinsBefore = joins.size();
        List<Integer> tables = nullExtended ? null : spj(w.input(), false);
        if (tables == null || PlanExpressions.of(w).stream().anyMatch(PlanExpressions::hasSubquery)) {
            return null;
        }
        Set<Integer> partitioned = null;
        for (PlanNode.WindowAssignment a : w.windows()) {
            Set<Integer> columns = new HashSet<>();
            a.call().partitionBy().stream().map(this::expand).filter(e -> e instanceof ScalarExpr.ColumnRef)
                    .forEach(e -> columns.add(((ScalarExpr.ColumnRef) e).id()));
            if (partitioned == null) {
                partitioned = columns;
            } else {
                partitioned.retainAll(columns);
            }
        }
        List<ScalarExpr> input = new ArrayList<>();
        for (ScalarExpr c : conjuncts.subList(below, conjuncts.size())) {
            Set<Integer> used = new HashSet<>();
            PlanExpressions.walk(c, x -> {
                if (x instanceof ScalarExpr.ColumnRef r) {
                    used.add(r.id());
                }
            });
            if (partitioned == null || !partitioned.containsAll(used)) {
                input.add(c);
            }
        }
        StringBuilder over = new StringBuilder();
        for (SpjgForm.JoinEdge e : joins.subList(joinsBefore, joins.size())) {
            if (e.kind() != PlanNode.JoinKind.INNER && e.kind() != PlanNode.JoinKind.CROSS) {
                over.append(' ').append(e.kind().name()).append('(').append(e.conjuncts().size()).append(')');
                input.addAll(e.conjuncts());
            }
        }
        input.sort(Comparator.comparing(c -> ExprText.byName().expr(c)));
        String rows = input.isEmpty() ? "" : " OVER ROWS WHERE " + input.size() + over;
        ExprText shape = new ExprText(c -> "?", s -> "(subquery)", false);
        for (PlanNode.WindowAssignment a : w.windows()) {
            PlanNode.WindowCall call = a.call();
            // The shape shows each expression as ?, in the order the arguments list them.
            List<ScalarExpr> args = new ArrayList<>();
            List<ScalarExpr> functionArgs = placeholders(call.args(), args);
            List<ScalarExpr> partitionBy = placeholders(call.partitionBy(), args);
            List<PlanNode.SortKey> orderBy = new ArrayList<>();
            for (PlanNode.SortKey k : call.orderBy()) {
                orderBy.add(new PlanNode.SortKey(placeholders(List.of(k.expr()), args).get(0), k.ascending(), k.nullsFirst()));
            }
            PlanNode.Frame frame = call.frame() == null ? null : new PlanNode.Frame(call.frame().unit(),
                    placeholder(call.frame().start(), args), placeholder(call.frame().end(), args));
            PlanNode.WindowCall bare = new PlanNode.WindowCall(call.function(), functionArgs, call.distinct(), partitionBy,
                    orderBy, frame);
            args.addAll(input);
            definitions.put(a.column().id(), new ScalarExpr.Call(SpjgForm.WINDOW_CALL + shape.window(bare) + rows, args,
                    a.column().type(), a.column().nullable()));
        }
        return tables;
    }

    /** Each expression as a placeholder column, noted (expanded) in {@code into} after those noted before. */
    private List<ScalarExpr> placeholders(List<ScalarExpr> exprs, List<ScalarExpr> into) {
        List<ScalarExpr> out = new ArrayList<>();
        for (ScalarExpr e : exprs) {
            into.add(expand(e));
            out.add(new PlanColumn(0, "?", e.type(), true).ref());
        }
        return out;
    }

    private PlanNode.FrameBound placeholder(PlanNode.FrameBound b, List<ScalarExpr> into) {
        if (b == null || b.offset() == null) {
            return b;
        }
        return new PlanNode.FrameBound(b.kind(), placeholders(List.of(b.offset()), into).get(0));
    }

    private List<Integer> join(PlanNode.Join j, boolean nullExtended) {
        PlanNode.JoinKind kind = j.kind();
        if (j.condition() != null && PlanExpressions.hasSubquery(j.condition())) {
            return null;
        }
        boolean full = kind == PlanNode.JoinKind.FULL;
        boolean leftExtended = nullExtended || full || kind == PlanNode.JoinKind.RIGHT;
        // The right side of a semi or anti join is only probed: a filter there is no filter of the result.
        boolean rightExtended = nullExtended || full || kind == PlanNode.JoinKind.LEFT || !kind.keepsRight();
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
