package io.cairndb.plan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * A copy of a plan whose every column has a new id, given out by {@code ids} the first time the
 * column is seen (subquery plans included, so correlated references follow). A plan bound on its own
 * (an MV's definition) can then be placed inside another plan without its ids clashing.
 */
public final class PlanRenumbering {
    private final Map<Integer, Integer> ids = new HashMap<>();
    private final IntSupplier next;

    private PlanRenumbering(IntSupplier next) {
        this.next = next;
    }

    public static PlanNode of(PlanNode plan, IntSupplier next) {
        return new PlanRenumbering(next).node(plan);
    }

    private PlanColumn column(PlanColumn c) {
        return new PlanColumn(ids.computeIfAbsent(c.id(), k -> next.getAsInt()), c.name(), c.type(), c.nullable());
    }

    private List<PlanColumn> columns(List<PlanColumn> cs) {
        return cs.stream().map(this::column).toList();
    }

    private ScalarExpr expr(ScalarExpr e) {
        if (e instanceof ScalarExpr.ColumnRef r) {
            return column(r.column()).ref();
        }
        if (e instanceof ScalarExpr.Lambda l) {
            List<PlanColumn> params = columns(l.params());
            return new ScalarExpr.Lambda(params, expr(l.body()));
        }
        if (e instanceof ScalarExpr.Subquery s) {
            return new ScalarExpr.Subquery(s.kind(), s.negated(), s.operand() == null ? null : expr(s.operand()),
                    node(s.plan()), s.type(), s.nullable());
        }
        if (e instanceof ScalarExpr.Call c) {
            return new ScalarExpr.Call(c.function(), exprs(c.args()), c.type(), c.nullable());
        }
        if (e instanceof ScalarExpr.Cast c) {
            return new ScalarExpr.Cast(expr(c.value()), c.type(), c.nullable());
        }
        if (e instanceof ScalarExpr.Interval i) {
            return new ScalarExpr.Interval(expr(i.value()), i.unit());
        }
        if (e instanceof ScalarExpr.Case c) {
            return new ScalarExpr.Case(c.operand() == null ? null : expr(c.operand()), c.whens().stream()
                    .map(w -> new ScalarExpr.When(expr(w.condition()), expr(w.result()))).toList(),
                    c.elseValue() == null ? null : expr(c.elseValue()), c.type(), c.nullable());
        }
        return e;
    }

    private List<ScalarExpr> exprs(List<ScalarExpr> es) {
        return es.stream().map(this::expr).toList();
    }

    private PlanNode.SortKey key(PlanNode.SortKey k) {
        return new PlanNode.SortKey(expr(k.expr()), k.ascending(), k.nullsFirst());
    }

    private PlanNode.AggregateCall call(PlanNode.AggregateCall c) {
        return new PlanNode.AggregateCall(c.function(), exprs(c.args()), c.distinct(), c.orderBy().stream().map(this::key).toList());
    }

    private PlanNode.WindowCall window(PlanNode.WindowCall c) {
        PlanNode.Frame f = c.frame();
        PlanNode.Frame frame = f == null ? null : new PlanNode.Frame(f.unit(), bound(f.start()), bound(f.end()));
        return new PlanNode.WindowCall(c.function(), exprs(c.args()), c.distinct(), exprs(c.partitionBy()),
                c.orderBy().stream().map(this::key).toList(), frame);
    }

    private PlanNode.FrameBound bound(PlanNode.FrameBound b) {
        return b == null ? null : new PlanNode.FrameBound(b.kind(), b.offset() == null ? null : expr(b.offset()));
    }

    private PlanNode node(PlanNode n) {
        if (n instanceof PlanNode.Scan s) {
            return new PlanNode.Scan(s.source(), columns(s.outputs()), s.columns(), s.partitions(), s.temporaryPartitions());
        }
        if (n instanceof PlanNode.ChangeScan s) {
            return new PlanNode.ChangeScan(s.source(), s.window(), s.stream(), columns(s.outputs()), s.columns(), s.partitions());
        }
        if (n instanceof PlanNode.SystemScan s) {
            return new PlanNode.SystemScan(s.database(), s.name(), s.function(), s.properties(), columns(s.outputs()), s.columns());
        }
        if (n instanceof PlanNode.StateScan s) {
            return new PlanNode.StateScan(s.schema(), s.table(), columns(s.outputs()), s.columns());
        }
        if (n instanceof PlanNode.Values v) {
            return new PlanNode.Values(columns(v.outputs()), v.rows().stream().map(this::exprs).toList());
        }
        if (n instanceof PlanNode.TableFunction f) {
            return new PlanNode.TableFunction(f.name(), f.properties(), exprs(f.args()), columns(f.outputs()));
        }
        if (n instanceof PlanNode.Filter f) {
            PlanNode input = node(f.input());
            return new PlanNode.Filter(input, expr(f.condition()));
        }
        if (n instanceof PlanNode.Project p) {
            PlanNode input = node(p.input());
            return new PlanNode.Project(input, p.assignments().stream()
                    .map(a -> new PlanNode.Assignment(column(a.column()), expr(a.expr()))).toList());
        }
        if (n instanceof PlanNode.Join j) {
            PlanNode left = node(j.left());
            PlanNode right = node(j.right());
            return new PlanNode.Join(j.kind(), left, right, j.condition() == null ? null : expr(j.condition()));
        }
        if (n instanceof PlanNode.Aggregate a) {
            PlanNode input = node(a.input());
            return new PlanNode.Aggregate(input, columns(a.keys()), a.groupingSets(), a.aggregates().stream()
                    .map(x -> new PlanNode.AggregateAssignment(column(x.column()), call(x.call()))).toList());
        }
        if (n instanceof PlanNode.Window w) {
            PlanNode input = node(w.input());
            return new PlanNode.Window(input, w.windows().stream()
                    .map(x -> new PlanNode.WindowAssignment(column(x.column()), window(x.call()))).toList());
        }
        if (n instanceof PlanNode.SetOperation op) {
            PlanNode left = node(op.left());
            PlanNode right = node(op.right());
            return new PlanNode.SetOperation(op.kind(), op.all(), left, right, columns(op.outputs()));
        }
        if (n instanceof PlanNode.Distinct d) {
            return new PlanNode.Distinct(node(d.input()));
        }
        if (n instanceof PlanNode.Sort s) {
            PlanNode input = node(s.input());
            return new PlanNode.Sort(input, s.keys().stream().map(this::key).toList());
        }
        if (n instanceof PlanNode.Limit l) {
            return new PlanNode.Limit(node(l.input()), l.count(), l.offset());
        }
        PlanNode.Generate g = (PlanNode.Generate) n;
        PlanNode input = node(g.input());
        return new PlanNode.Generate(input, g.generator(), exprs(g.args()), g.outer(), columns(g.generated()));
    }
}
