package io.cairndb.plan;

import java.util.List;

/** Structural edits of plan nodes that rules share. */
public final class PlanNodes {
    private PlanNodes() {
    }

    /** {@code node} over other inputs (as many as it has, in order); a leaf is returned as it is. */
    public static PlanNode withInputs(PlanNode node, List<PlanNode> inputs) {
        if (node instanceof PlanNode.Filter f) {
            return new PlanNode.Filter(inputs.get(0), f.condition());
        } else if (node instanceof PlanNode.Project p) {
            return new PlanNode.Project(inputs.get(0), p.assignments());
        } else if (node instanceof PlanNode.Join j) {
            return new PlanNode.Join(j.kind(), inputs.get(0), inputs.get(1), j.condition());
        } else if (node instanceof PlanNode.Aggregate a) {
            return new PlanNode.Aggregate(inputs.get(0), a.keys(), a.groupingSets(), a.aggregates());
        } else if (node instanceof PlanNode.Window w) {
            return new PlanNode.Window(inputs.get(0), w.windows());
        } else if (node instanceof PlanNode.SetOperation op) {
            return new PlanNode.SetOperation(op.kind(), op.all(), inputs.get(0), inputs.get(1), op.outputs());
        } else if (node instanceof PlanNode.Distinct) {
            return new PlanNode.Distinct(inputs.get(0));
        } else if (node instanceof PlanNode.Sort s) {
            return new PlanNode.Sort(inputs.get(0), s.keys());
        } else if (node instanceof PlanNode.Limit l) {
            return new PlanNode.Limit(inputs.get(0), l.count(), l.offset());
        } else if (node instanceof PlanNode.Generate g) {
            return new PlanNode.Generate(inputs.get(0), g.generator(), g.args(), g.outer(), g.generated());
        }
        return node;
    }

    /**
     * {@code node} with {@code f} applied to each expression it holds directly (those of
     * {@link PlanExpressions#of}); its columns and inputs stay.
     */
    public static PlanNode withExpressions(PlanNode node, java.util.function.UnaryOperator<ScalarExpr> f) {
        if (node instanceof PlanNode.Values v) {
            return new PlanNode.Values(v.outputs(), v.rows().stream().map(r -> r.stream().map(f).toList()).toList());
        } else if (node instanceof PlanNode.TableFunction t) {
            return new PlanNode.TableFunction(t.name(), t.properties(), t.args().stream().map(f).toList(), t.outputs());
        } else if (node instanceof PlanNode.Filter x) {
            return new PlanNode.Filter(x.input(), f.apply(x.condition()));
        } else if (node instanceof PlanNode.Project p) {
            return new PlanNode.Project(p.input(), p.assignments().stream()
                    .map(a -> new PlanNode.Assignment(a.column(), f.apply(a.expr()))).toList());
        } else if (node instanceof PlanNode.Join j) {
            return new PlanNode.Join(j.kind(), j.left(), j.right(), j.condition() == null ? null : f.apply(j.condition()));
        } else if (node instanceof PlanNode.Aggregate a) {
            return new PlanNode.Aggregate(a.input(), a.keys(), a.groupingSets(), a.aggregates().stream()
                    .map(x -> new PlanNode.AggregateAssignment(x.column(), new PlanNode.AggregateCall(x.call().function(),
                            x.call().args().stream().map(f).toList(), x.call().distinct(), keys(x.call().orderBy(), f))))
                    .toList());
        } else if (node instanceof PlanNode.Window w) {
            return new PlanNode.Window(w.input(), w.windows().stream().map(x -> new PlanNode.WindowAssignment(x.column(),
                    window(x.call(), f))).toList());
        } else if (node instanceof PlanNode.Sort s) {
            return new PlanNode.Sort(s.input(), keys(s.keys(), f));
        } else if (node instanceof PlanNode.Generate g) {
            return new PlanNode.Generate(g.input(), g.generator(), g.args().stream().map(f).toList(), g.outer(), g.generated());
        }
        return node;
    }

    private static List<PlanNode.SortKey> keys(List<PlanNode.SortKey> keys, java.util.function.UnaryOperator<ScalarExpr> f) {
        return keys.stream().map(k -> new PlanNode.SortKey(f.apply(k.expr()), k.ascending(), k.nullsFirst())).toList();
    }

    private static PlanNode.WindowCall window(PlanNode.WindowCall c, java.util.function.UnaryOperator<ScalarExpr> f) {
        PlanNode.Frame frame = c.frame() == null ? null : new PlanNode.Frame(c.frame().unit(), bound(c.frame().start(), f),
                bound(c.frame().end(), f));
        return new PlanNode.WindowCall(c.function(), c.args().stream().map(f).toList(), c.distinct(),
                c.partitionBy().stream().map(f).toList(), keys(c.orderBy(), f), frame);
    }

    private static PlanNode.FrameBound bound(PlanNode.FrameBound b, java.util.function.UnaryOperator<ScalarExpr> f) {
        return b == null ? null : new PlanNode.FrameBound(b.kind(), b.offset() == null ? null : f.apply(b.offset()));
    }

    /** The highest column id the plan uses, subquery plans included (0 for none). */
    public static int maxColumnId(PlanNode node) {
        int max = 0;
        for (PlanColumn c : node.outputs()) {
            max = Math.max(max, c.id());
        }
        if (node instanceof PlanNode.Scan s) {
            for (PlanColumn c : s.outputs()) {
                max = Math.max(max, c.id());
            }
        }
        for (ScalarExpr e : PlanExpressions.of(node)) {
            max = Math.max(max, maxColumnId(e));
        }
        if (node instanceof PlanNode.Aggregate a) {
            for (PlanNode.AggregateAssignment x : a.aggregates()) {
                max = Math.max(max, x.column().id());
            }
        }
        for (PlanNode input : node.inputs()) {
            max = Math.max(max, maxColumnId(input));
        }
        return max;
    }

    private static int maxColumnId(ScalarExpr e) {
        int[] max = {0};
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                max[0] = Math.max(max[0], r.id());
            } else if (x instanceof ScalarExpr.Subquery s) {
                max[0] = Math.max(max[0], maxColumnId(s.plan()));
            } else if (x instanceof ScalarExpr.Lambda l) {
                l.params().forEach(p -> max[0] = Math.max(max[0], p.id()));
            }
        });
        return max[0];
    }
}
