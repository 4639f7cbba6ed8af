package io.cairndb.ivm;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * The delta of a semi or anti join kept by match counts ({@link MatchCounts}). A left row l is kept
 * by a semi join when m(l) = 1, by an anti join when m(l) = 0, with m(l) = 1 when the join's left-only
 * conditions hold and its key has a count above 0. With the counts as they were (old) and as the
 * right input's changes ΔR leave them (new), {@code Δ = ΔL·m_old + L·(m_new − m_old)}: the left
 * changes filtered by the old counts (a semi or anti join of ΔL with the count table), and the rows
 * of L as it is now whose key's count crosses 0 (keys of ΔR whose old count is 0 and new one is not,
 * weight +1, or the reverse, −1; negated for an anti join). Only keys ΔR touches are looked up, and
 * L is read only for the keys that cross.
 */
final class SemiJoinDelta {
    private static final ScalarExpr ZERO = new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ZERO);
    private static final ScalarExpr PLUS_ONE = new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ONE);
    private static final ScalarExpr MINUS_ONE = new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ONE.negate());

    private final IntSupplier ids;

    SemiJoinDelta(IntSupplier ids) {
        this.ids = ids;
    }

    /** The join's delta, and the change of its counts (null when its right input did not change). */
    record Result(DeltaPlanner.Delta delta, MatchCounts.Change change) {
    }

    /** {@code left}, {@code right}: the deltas of the join's inputs (one may be null); {@code recount}: count again after. */
    Result delta(MatchCounts.Counted counted, DeltaPlanner.Delta left, DeltaPlanner.Delta right, boolean recount) {
        PlanNode.Join j = counted.join();
        SemiJoinKey key = counted.key();
        boolean anti = j.kind() == PlanNode.JoinKind.LEFT_ANTI;
        PlanColumn w = new PlanColumn(ids.getAsInt(), DeltaPlanner.WEIGHT, DataType.BIGINT, false);
        List<PlanNode> terms = new ArrayList<>();
        if (left != null) {
            PlanNode.StateScan old = counted.scan(ids);
            PlanNode kept = new PlanNode.Join(j.kind(), left.plan(), old, matches(key, old.outputs()));
            terms.add(project(j, kept, w, left.weight().ref()));
        }
        MatchCounts.Change change = null;
        if (right != null) {
            change = changedCounts(counted, right, recount);
            PlanNode flips = flips(counted, change, anti);
            PlanColumn sign = flips.outputs().get(flips.outputs().size() - 1);
            PlanNode flipped = new PlanNode.Join(PlanNode.JoinKind.INNER, j.left(), flips, matches(key, flips.outputs()));
            terms.add(project(j, flipped, w, sign.ref()));
        }
        List<PlanColumn> outputs = new ArrayList<>(j.outputs());
        outputs.add(w);
        return new Result(new DeltaPlanner.Delta(DeltaPlanner.unite(terms, outputs), w), change);
    }

    /** Per key of the right input's changes, the net change of its count (keys whose count does not change left out). */
    private MatchCounts.Change changedCounts(MatchCounts.Counted counted, DeltaPlanner.Delta right, boolean recount) {
        SemiJoinKey key = counted.key();
        PlanNode changes = key.rightCondition() == null ? right.plan() : new PlanNode.Filter(right.plan(), key.rightCondition());
        List<PlanColumn> keys = new ArrayList<>();
        List<PlanNode.Assignment> assignments = new ArrayList<>();
        List<ScalarExpr> present = new ArrayList<>();
        for (int i = 0; i < key.parts().size(); i++) {
            SemiJoinKey.Part part = key.parts().get(i);
            PlanColumn k = new PlanColumn(ids.getAsInt(), IvmLayout.HIDDEN_PREFIX + "KEY_" + i + "__", part.type(), part.right().nullable());
            keys.add(k);
            assignments.add(new PlanNode.Assignment(k, part.right()));
            if (!part.nullSafe()) {
                present.add(new ScalarExpr.Call(Operator.IS_NOT_NULL.function(), List.of(k.ref()), DataType.BOOLEAN, false));
            }
        }
        PlanColumn weight = new PlanColumn(ids.getAsInt(), DeltaPlanner.WEIGHT, DataType.BIGINT, false);
        assignments.add(new PlanNode.Assignment(weight, right.weight().ref()));
        PlanNode keyed = new PlanNode.Project(changes, assignments);
        if (!present.isEmpty()) {
            keyed = new PlanNode.Filter(keyed, SemiJoinKey.and(present));
        }
        PlanColumn delta = new PlanColumn(ids.getAsInt(), "__DORIS_IVM_COUNT_DELTA__", DataType.BIGINT, true);
        PlanNode grouped = new PlanNode.Aggregate(keyed, keys, List.of(), List.of(new PlanNode.AggregateAssignment(delta,
                new PlanNode.AggregateCall("sum", List.of(weight.ref()), false, List.of()))));
        PlanNode changed = new PlanNode.Filter(grouped, call(Operator.NE, delta.ref(), ZERO));
        return new MatchCounts.Change(counted, changed, keys, delta, recount);
    }

    /**
     * The keys whose count crosses 0, with the weight their left rows take: a key without a stored
     * count (old 0) that gains rows +1, a stored count that falls to 0 −1 (the other way round for an
     * anti join). Columns: the keys, then the weight.
     */
    private PlanNode flips(MatchCounts.Counted counted, MatchCounts.Change change, boolean anti) {
        PlanNode.StateScan old = counted.scan(ids);
        List<ScalarExpr> same = new ArrayList<>();
        for (int i = 0; i < change.keys().size(); i++) {
            same.add(call(counted.key().parts().get(i).nullSafe() ? Operator.EQ_FOR_NULL : Operator.EQ, change.keys().get(i).ref(),
                    old.outputs().get(i).ref()));
        }
        ScalarExpr on = same.isEmpty() ? new ScalarExpr.Literal(DataType.BOOLEAN, Boolean.TRUE) : SemiJoinKey.and(same);
        PlanNode joined = new PlanNode.Join(PlanNode.JoinKind.LEFT, change.changes(), old, on);
        ScalarExpr count = old.outputs().get(old.outputs().size() - 1).asNullable().ref();
        ScalarExpr unmatched = new ScalarExpr.Call(Operator.IS_NULL.function(), List.of(count), DataType.BOOLEAN, false);
        ScalarExpr gained = call(Operator.AND, unmatched, call(Operator.GT, change.delta().ref(), ZERO));
        ScalarExpr emptied = call(Operator.LE, call(Operator.ADD, count, change.delta().ref()), ZERO);
        PlanNode crossing = new PlanNode.Filter(joined, call(Operator.OR, gained, emptied));
        List<PlanNode.Assignment> assignments = new ArrayList<>();
        change.keys().forEach(k -> assignments.add(new PlanNode.Assignment(k, k.ref())));
        PlanColumn sign = new PlanColumn(ids.getAsInt(), "__DORIS_IVM_SIGN__", DataType.BIGINT, false);
        assignments.add(new PlanNode.Assignment(sign, new ScalarExpr.Case(null, List.of(new ScalarExpr.When(unmatched,
                anti ? MINUS_ONE : PLUS_ONE)), anti ? PLUS_ONE : MINUS_ONE, DataType.BIGINT, false)));
        return new PlanNode.Project(crossing, assignments);
    }

    /**
     * The condition under which a left row matches a row of {@code keys} (columns holding the key's
     * parts in order, as the count table and the flips have them): its key is theirs and the join's
     * left-only conditions hold.
     */
    private static ScalarExpr matches(SemiJoinKey key, List<PlanColumn> keys) {
        List<ScalarExpr> conjuncts = new ArrayList<>();
        for (int i = 0; i < key.parts().size(); i++) {
            SemiJoinKey.Part part = key.parts().get(i);
            conjuncts.add(call(part.nullSafe() ? Operator.EQ_FOR_NULL : Operator.EQ, part.left(), keys.get(i).ref()));
        }
        if (key.leftCondition() != null) {
            conjuncts.add(key.leftCondition());
        }
        return conjuncts.isEmpty() ? new ScalarExpr.Literal(DataType.BOOLEAN, Boolean.TRUE) : SemiJoinKey.and(conjuncts);
    }

    /** The join's columns and the weight {@code weight} over {@code input}. */
    private static PlanNode project(PlanNode.Join j, PlanNode input, PlanColumn w, ScalarExpr weight) {
        List<PlanNode.Assignment> assignments = new ArrayList<>();
        j.outputs().forEach(c -> assignments.add(new PlanNode.Assignment(c, c.ref())));
        assignments.add(new PlanNode.Assignment(w, weight));
        return new PlanNode.Project(input, assignments);
    }

    private static ScalarExpr call(Operator op, ScalarExpr a, ScalarExpr b) {
        DataType type = switch (op) {
            case ADD -> DataType.BIGINT;
            default -> DataType.BOOLEAN;
        };
        boolean nullable = op != Operator.EQ_FOR_NULL && (a.nullable() || b.nullable());
        return new ScalarExpr.Call(op.function(), List.of(a, b), type, nullable);
    }
}
