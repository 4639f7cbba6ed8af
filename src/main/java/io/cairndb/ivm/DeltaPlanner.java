package io.cairndb.ivm;

import io.cairndb.catalog.DataType;
import io.cairndb.changelog.StreamPlanner;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Derives delta plans (DBSP's Z-sets): the delta of a node is a plan of the rows it gains (weight +1)
 * and loses (weight -1) between the last refresh and now, with the node's own column ids followed by
 * the weight. A table's delta is its internal stream's unconsumed changes (APPEND and UPDATE_AFTER
 * +1, DELETE and UPDATE_BEFORE -1); filters and projections map weights through, UNION ALL unites
 * its branches' deltas, and an inner join follows {@code Δ(L⋈R) = ΔL⋈R + L⋈ΔR − ΔL⋈ΔR} with L and R
 * read as they are now, in the refresh's snapshot. A semi or anti join whose matches the MV counts
 * per key follows {@link SemiJoinDelta}; outer joins, and semi and anti joins whose condition also
 * compares their sides otherwise, are recomputed for the keys a change touches ({@link #outerJoin}).
 * Constant rows never change.
 */
public final class DeltaPlanner {
    public static final String WEIGHT = "__DORIS_IVM_WEIGHT__";
    private static final ScalarExpr PLUS_ONE = new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ONE);
    private static final ScalarExpr MINUS_ONE = new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ONE.negate());

    /**
     * A delta plan and its weight column (the last of its outputs), and the changes of match counts it
     * reads as they were, to be applied after it in this order (see {@link MatchCounts}).
     */
    public record Delta(PlanNode plan, PlanColumn weight, List<MatchCounts.Change> counts) {
        public Delta {
            counts = List.copyOf(counts);
        }

        Delta(PlanNode plan, PlanColumn weight) {
            this(plan, weight, List.of());
        }
    }

    private final Map<Long, List<String>> streams;
    private final Map<Long, List<String>> partitions;
    private final MatchCounts counts;
    private final List<MatchCounts.Change> countChanges = new ArrayList<>();
    private int nextId;

    /**
     * {@code streams} maps the id of each table whose changes are to be read to its stream (database,
     * name); other tables are taken as unchanged. {@code partitions} maps a table to the partitions
     * whose changes are read (Doris's ivm_partition_window_limit); a table not in it is read whole.
     * Ids of new columns start above those of {@code plan}.
     */
    public DeltaPlanner(PlanNode plan, Map<Long, List<String>> streams, Map<Long, List<String>> partitions) {
        this(plan, streams, partitions, null);
    }

    /** As above, for an MV that keeps {@code counts} (null: none) for the counted semi and anti joins of {@code plan}. */
    public DeltaPlanner(PlanNode plan, Map<Long, List<String>> streams, Map<Long, List<String>> partitions, MatchCounts counts) {
        this.streams = Map.copyOf(streams);
        this.partitions = Map.copyOf(partitions);
        this.counts = counts;
        this.nextId = maxId(plan) + 1;
    }

    /**
     * The delta of {@code node}, or null when none of the tables under it changed, with the match
     * count changes it reads: those of outer joins first, as a join's changes read the counts of the
     * joins inside its right input as they were.
     */
    public Delta delta(PlanNode node) {
        Delta d = of(node);
        if (d == null) {
            return null;
        }
        List<MatchCounts.Change> changes = new ArrayList<>(countChanges);
        changes.sort(java.util.Comparator.comparingInt(c -> c.counted().index()));
        return new Delta(d.plan(), d.weight(), changes);
    }

    private Delta of(PlanNode node) {
        if (node instanceof PlanNode.Scan scan) {
            return scan(scan);
        } else if (node instanceof PlanNode.Values || node instanceof PlanNode.TableFunction) {
            return null;
        } else if (node instanceof PlanNode.Filter f) {
            Delta in = of(f.input());
            return in == null ? null : new Delta(new PlanNode.Filter(in.plan(), f.condition()), in.weight());
        } else if (node instanceof PlanNode.Project p) {
            Delta in = of(p.input());
            if (in == null) {
                return null;
            }
            List<PlanNode.Assignment> assignments = new ArrayList<>(p.assignments());
            assignments.add(new PlanNode.Assignment(in.weight(), in.weight().ref()));
            return new Delta(new PlanNode.Project(in.plan(), assignments), in.weight());
        } else if (node instanceof PlanNode.Join j) {
            return join(j);
        } else if (node instanceof PlanNode.SetOperation op) {
            return unionAll(op);
        }
        throw new IllegalArgumentException("no delta rule for " + node.getClass().getSimpleName());
    }

    private Delta scan(PlanNode.Scan scan) {
        List<String> stream = streams.get(scan.source().tableId());
        if (stream == null) {
            return null;
        }
        PlanColumn type = new PlanColumn(nextId++, StreamPlanner.CHANGE_TYPE_COLUMN, DataType.STRING, false);
        PlanColumn sequence = new PlanColumn(nextId++, StreamPlanner.SEQUENCE_COLUMN, DataType.LARGEINT, false);
        List<PlanColumn> outputs = new ArrayList<>(scan.outputs());
        outputs.add(type);
        outputs.add(sequence);
        List<String> columns = new ArrayList<>(scan.columns());
        columns.addAll(StreamPlanner.HIDDEN_COLUMNS);
        PlanNode changes = new PlanNode.ChangeScan(scan.source(), null, stream, outputs, columns,
                partitions.getOrDefault(scan.source().tableId(), List.of()));
        ScalarExpr retracted = new ScalarExpr.Call(Operator.IN.function(), List.of(type.ref(), text("DELETE"),
                text("UPDATE_BEFORE")), DataType.BOOLEAN, false);
        ScalarExpr weight = new ScalarExpr.Case(null, List.of(new ScalarExpr.When(retracted, MINUS_ONE)), PLUS_ONE,
                DataType.BIGINT, false);
        PlanColumn w = weightColumn();
        List<PlanNode.Assignment> assignments = new ArrayList<>();
        scan.outputs().forEach(c -> assignments.add(new PlanNode.Assignment(c, c.ref())));
        assignments.add(new PlanNode.Assignment(w, weight));
        return new Delta(new PlanNode.Project(changes, assignments), w);
    }

    /** ΔL⋈R + L⋈ΔR − ΔL⋈ΔR; a term whose delta is empty is left out. Outer joins: see {@link #outerJoin}. */
    private Delta join(PlanNode.Join j) {
        Delta left = of(j.left());
        Delta right = of(j.right());
        if (left == null && right == null) {
            return null;
        }
        MatchCounts.Counted counted = counts == null ? null : counts.find(j);
        if (counted != null) {
            SemiJoinDelta.Result r = new SemiJoinDelta(() -> nextId++).delta(counted, left, right, windowed(j.right()));
            if (r.change() != null) {
                countChanges.add(r.change());
            }
            return r.delta();
        }
        if (j.kind() != PlanNode.JoinKind.INNER && j.kind() != PlanNode.JoinKind.CROSS) {
            return outerJoin(j, left, right);
        }
        PlanColumn w = weightColumn();
        List<PlanNode> terms = new ArrayList<>();
        if (left != null) {
            terms.add(term(j, left.plan(), j.right(), w, left.weight().ref()));
        }
        if (right != null) {
            terms.add(term(j, j.left(), right.plan(), w, right.weight().ref()));
        }
        if (left != null && right != null) {
            ScalarExpr product = new ScalarExpr.Call(Operator.MULTIPLY.function(), List.of(left.weight().ref(),
                    right.weight().ref()), DataType.BIGINT, false);
            ScalarExpr negated = new ScalarExpr.Call(Operator.NEGATIVE.function(), List.of(product), DataType.BIGINT, false);
            terms.add(term(j, left.plan(), right.plan(), w, negated));
        }
        List<PlanColumn> outputs = new ArrayList<>(j.outputs());
        outputs.add(w);
        return new Delta(unite(terms, outputs), w);
    }

    /**
     * An outer join's delta, recomputed for the join keys the changes touch: a row of the join
     * depends only on rows of both sides with its key (the equality {@link EquiKey} of the condition),
     * so with K the keys of ΔL and ΔR, Δ = J(L|K, R|K) − J(L_old|K, R_old|K). The old sides are the
     * current rows with the changes taken back (X − ΔX, consolidated: each distinct row with its
     * multiplicity, which weighs the old join's rows); NULL keys match NULL keys here (<=>), so a
     * changed row with a NULL key is scoped too. Without an equality any row may pair with any other:
     * the scope is the whole join, recomputed as it is and as it was.
     */
    private Delta outerJoin(PlanNode.Join j, Delta left, Delta right) {
        EquiKey key = EquiKey.of(j).orElse(null);
        Scope scope = null;
        if (key != null) {
            PlanColumn k = new PlanColumn(nextId++, "__DORIS_IVM_KEY__", key.type(), true);
            List<PlanNode> keys = new ArrayList<>();
            if (left != null) {
                keys.add(new PlanNode.Project(left.plan(), List.of(new PlanNode.Assignment(k, key.left()))));
            }
            if (right != null) {
                keys.add(new PlanNode.Project(right.plan(), List.of(new PlanNode.Assignment(k, key.right()))));
            }
            scope = new Scope(new PlanNode.Distinct(unite(keys, List.of(k))), k);
        }
        PlanColumn w = weightColumn();
        List<PlanColumn> outputs = new ArrayList<>(j.outputs());
        outputs.add(w);

        PlanNode newLeft = scoped(j.left(), key == null ? null : key.left(), scope);
        PlanNode newRight = scoped(j.right(), key == null ? null : key.right(), scope);
        PlanNode now = term(j, newLeft, newRight, w, PLUS_ONE);

        Old oldLeft = old(j.left(), newLeft, left, key == null ? null : key.left(), scope);
        Old oldRight = old(j.right(), newRight, right, key == null ? null : key.right(), scope);
        // A semi or anti join keeps a left row once per copy whatever matches it: the right side counts as a set.
        ScalarExpr weight = j.kind().keepsRight() ? multiply(oldLeft.multiplicity(), oldRight.multiplicity()) : oldLeft.multiplicity();
        PlanNode before = term(j, oldLeft.plan(), oldRight.plan(), w,
                new ScalarExpr.Call(Operator.NEGATIVE.function(), List.of(weight), DataType.BIGINT, false));
        return new Delta(unite(List.of(now, before), outputs), w);
    }

    /** The join keys a change touches (column {@code k} of {@code touched}); null when the whole join is in scope. */
    private record Scope(PlanNode touched, PlanColumn k) {
    }

    /** The rows of {@code side} whose key ({@code key}, over the side's columns) is in {@code scope} (all: null). */
    private static PlanNode scoped(PlanNode side, ScalarExpr key, Scope scope) {
        if (scope == null) {
            return side;
        }
        ScalarExpr match = new ScalarExpr.Call(Operator.EQ_FOR_NULL.function(), List.of(key, scope.k().ref()), DataType.BOOLEAN, false);
        return new PlanNode.Join(PlanNode.JoinKind.LEFT_SEMI, side, scope.touched(), match);
    }

    /** A side as it was, scoped, and the expression of each row's multiplicity (a constant 1 when it did not change). */
    private record Old(PlanNode plan, ScalarExpr multiplicity) {
    }

    private Old old(PlanNode side, PlanNode current, Delta change, ScalarExpr key, Scope scope) {
        if (change == null) {
            return new Old(current, PLUS_ONE);
        }
        PlanColumn w = weightColumn();
        List<PlanNode.Assignment> kept = new ArrayList<>();
        List<PlanNode.Assignment> undone = new ArrayList<>();
        for (PlanColumn c : side.outputs()) {
            kept.add(new PlanNode.Assignment(c, c.ref()));
            undone.add(new PlanNode.Assignment(c, c.ref()));
        }
        kept.add(new PlanNode.Assignment(w, PLUS_ONE));
        undone.add(new PlanNode.Assignment(w, new ScalarExpr.Call(Operator.NEGATIVE.function(), List.of(change.weight().ref()),
                DataType.BIGINT, false)));
        List<PlanColumn> columns = new ArrayList<>(side.outputs());
        columns.add(w);
        PlanNode both = unite(List.of(new PlanNode.Project(current, kept),
                new PlanNode.Project(scoped(change.plan(), key, scope), undone)), columns);
        PlanColumn multiplicity = new PlanColumn(nextId++, "__DORIS_IVM_MULTIPLICITY__", DataType.BIGINT, true);
        PlanNode.AggregateCall sum = new PlanNode.AggregateCall("sum", List.of(w.ref()), false, List.of());
        PlanNode grouped = new PlanNode.Aggregate(both, side.outputs(), List.of(), List.of(new PlanNode.AggregateAssignment(multiplicity,
                sum)));
        ScalarExpr positive = new ScalarExpr.Call(Operator.GT.function(), List.of(multiplicity.ref(),
                new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ZERO)), DataType.BOOLEAN, true);
        // The outer join may pad the side with NULLs: such a row counts once.
        ScalarExpr weight = new ScalarExpr.Call("coalesce", List.of(multiplicity.ref(), PLUS_ONE), DataType.BIGINT, false);
        return new Old(new PlanNode.Filter(grouped, positive), weight);
    }

    private static ScalarExpr multiply(ScalarExpr a, ScalarExpr b) {
        if (a == PLUS_ONE) {
            return b;
        }
        if (b == PLUS_ONE) {
            return a;
        }
        return new ScalarExpr.Call(Operator.MULTIPLY.function(), List.of(a, b), DataType.BIGINT, false);
    }

    /** One term of a join's delta: the join of two inputs, the join's columns and the term's weight. */
    private static PlanNode term(PlanNode.Join j, PlanNode left, PlanNode right, PlanColumn w, ScalarExpr weight) {
        PlanNode.Join joined = new PlanNode.Join(j.kind(), left, right, j.condition());
        List<PlanNode.Assignment> assignments = new ArrayList<>();
        j.outputs().forEach(c -> assignments.add(new PlanNode.Assignment(c, c.ref())));
        assignments.add(new PlanNode.Assignment(w, weight));
        return new PlanNode.Project(joined, assignments);
    }

    /** UNION ALL: each changed branch's delta under the operation's columns. */
    private Delta unionAll(PlanNode.SetOperation op) {
        PlanColumn w = weightColumn();
        List<PlanNode> terms = new ArrayList<>();
        for (PlanNode branch : List.of(op.left(), op.right())) {
            Delta d = of(branch);
            if (d == null) {
                continue;
            }
            List<PlanNode.Assignment> assignments = new ArrayList<>();
            for (int i = 0; i < op.outputs().size(); i++) {
                PlanColumn out = op.outputs().get(i);
                PlanColumn in = branch.outputs().get(i);
                ScalarExpr value = in.type().equals(out.type()) ? in.ref() : new ScalarExpr.Cast(in.ref(), out.type(), in.nullable());
                assignments.add(new PlanNode.Assignment(out, value));
            }
            assignments.add(new PlanNode.Assignment(w, d.weight().ref()));
            terms.add(new PlanNode.Project(d.plan(), assignments));
        }
        if (terms.isEmpty()) {
            return null;
        }
        List<PlanColumn> outputs = new ArrayList<>(op.outputs());
        outputs.add(w);
        return new Delta(unite(terms, outputs), w);
    }

    /** Whether {@code node} reads a table of which only some partitions' changes are read. */
    private boolean windowed(PlanNode node) {
        if (node instanceof PlanNode.Scan scan) {
            return partitions.containsKey(scan.source().tableId());
        }
        return node.inputs().stream().anyMatch(this::windowed);
    }

    /** UNION ALL of terms that produce the same columns, under those columns. */
    static PlanNode unite(List<PlanNode> terms, List<PlanColumn> outputs) {
        PlanNode out = terms.get(0);
        for (int i = 1; i < terms.size(); i++) {
            out = new PlanNode.SetOperation(PlanNode.SetKind.UNION, true, out, terms.get(i), outputs);
        }
        return out;
    }

    private PlanColumn weightColumn() {
        return new PlanColumn(nextId++, WEIGHT, DataType.BIGINT, false);
    }

    private static ScalarExpr text(String value) {
        return new ScalarExpr.Literal(DataType.STRING, value);
    }

    /** The greatest column id of the plan: of its nodes' columns and of lambda parameters in its expressions. */
    private static int maxId(PlanNode node) {
        int[] max = {0};
        node.outputs().forEach(c -> max[0] = Math.max(max[0], c.id()));
        for (ScalarExpr e : PlanExpressions.of(node)) {
            PlanExpressions.walk(e, x -> {
                if (x instanceof ScalarExpr.Lambda l) {
                    l.params().forEach(c -> max[0] = Math.max(max[0], c.id()));
                }
            });
        }
        for (PlanNode input : node.inputs()) {
            max[0] = Math.max(max[0], maxId(input));
        }
        return max[0];
    }
}
