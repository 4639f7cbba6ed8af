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
 * read as they are now, in the refresh's snapshot. Constant rows never change.
 */
public final class DeltaPlanner {
    public static final String WEIGHT = "__DORIS_IVM_WEIGHT__";
    private static final ScalarExpr PLUS_ONE = new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ONE);
    private static final ScalarExpr MINUS_ONE = new ScalarExpr.Literal(DataType.BIGINT, BigInteger.ONE.negate());

    /** A delta plan and its weight column (the last of its outputs). */
    public record Delta(PlanNode plan, PlanColumn weight) {
    }

    private final Map<Long, List<String>> streams;
    private int nextId;

    /**
     * {@code streams} maps the id of each table whose changes are to be read to its stream (database,
     * name); other tables are taken as unchanged. Ids of new columns start above those of {@code plan}.
     */
    public DeltaPlanner(PlanNode plan, Map<Long, List<String>> streams) {
        this.streams = Map.copyOf(streams);
        this.nextId = maxId(plan) + 1;
    }

    /** The delta of {@code node}, or null when none of the tables under it changed. */
    public Delta delta(PlanNode node) {
        if (node instanceof PlanNode.Scan scan) {
            return scan(scan);
        } else if (node instanceof PlanNode.Values || node instanceof PlanNode.TableFunction) {
            return null;
        } else if (node instanceof PlanNode.Filter f) {
            Delta in = delta(f.input());
            return in == null ? null : new Delta(new PlanNode.Filter(in.plan(), f.condition()), in.weight());
        } else if (node instanceof PlanNode.Project p) {
            Delta in = delta(p.input());
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
        PlanNode changes = new PlanNode.ChangeScan(scan.source(), null, stream, outputs, columns, List.of());
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

    /** ΔL⋈R + L⋈ΔR − ΔL⋈ΔR; a term whose delta is empty is left out. */
    private Delta join(PlanNode.Join j) {
        Delta left = delta(j.left());
        Delta right = delta(j.right());
        if (left == null && right == null) {
            return null;
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
            Delta d = delta(branch);
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

    /** UNION ALL of terms that produce the same columns, under those columns. */
    private static PlanNode unite(List<PlanNode> terms, List<PlanColumn> outputs) {
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
