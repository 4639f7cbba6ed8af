package io.cairndb.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Walks and rewrites the scalar expressions of a plan. None of these enter the plan of a
 * {@link ScalarExpr.Subquery}: its columns are those of another scope.
 */
public final class PlanExpressions {
    private PlanExpressions() {
    }

    /** The direct sub-expressions of an expression, in order. */
    public static List<ScalarExpr> children(ScalarExpr e) {
        if (e instanceof ScalarExpr.Call c) {
            return c.args();
        }
        if (e instanceof ScalarExpr.Cast c) {
            return List.of(c.value());
        }
        if (e instanceof ScalarExpr.Interval i) {
            return List.of(i.value());
        }
        if (e instanceof ScalarExpr.Lambda l) {
            return List.of(l.body());
        }
        if (e instanceof ScalarExpr.Case c) {
            List<ScalarExpr> out = new ArrayList<>();
            if (c.operand() != null) {
                out.add(c.operand());
            }
            c.whens().forEach(w -> {
                out.add(w.condition());
                out.add(w.result());
            });
            if (c.elseValue() != null) {
                out.add(c.elseValue());
            }
            return out;
        }
        if (e instanceof ScalarExpr.Subquery s && s.operand() != null) {
            return List.of(s.operand());
        }
        return List.of();
    }

    /** Visits {@code e} and its sub-expressions, parents first. */
    public static void walk(ScalarExpr e, Consumer<ScalarExpr> visitor) {
        visitor.accept(e);
        for (ScalarExpr child : children(e)) {
            walk(child, visitor);
        }
    }

    /** Whether {@code e} or a sub-expression of it is a subquery. */
    public static boolean hasSubquery(ScalarExpr e) {
        boolean[] found = {false};
        walk(e, x -> found[0] |= x instanceof ScalarExpr.Subquery);
        return found[0];
    }

    /** Functions whose every evaluation may give another value: evaluating them elsewhere or again changes results. */
    private static final java.util.Set<String> VOLATILE = java.util.Set.of("rand", "random", "uuid", "uuid_numeric", "sleep");

    /**
     * Whether {@code e} gives the same value wherever and however often it is evaluated on the same
     * row: it calls no volatile function, also inside its subqueries.
     */
    public static boolean deterministic(ScalarExpr e) {
        boolean[] volatile_ = {false};
        walk(e, x -> {
            if (x instanceof ScalarExpr.Call c && VOLATILE.contains(c.function().toLowerCase(java.util.Locale.ROOT))) {
                volatile_[0] = true;
            } else if (x instanceof ScalarExpr.Subquery s) {
                volatile_[0] |= !deterministic(s.plan());
            }
        });
        return !volatile_[0];
    }

    private static boolean deterministic(PlanNode node) {
        for (ScalarExpr e : of(node)) {
            if (!deterministic(e)) {
                return false;
            }
        }
        return node.inputs().stream().allMatch(PlanExpressions::deterministic);
    }

    /** Every expression a node holds directly (not those of its inputs), in a fixed order. */
    public static List<ScalarExpr> of(PlanNode node) {
        List<ScalarExpr> out = new ArrayList<>();
        if (node instanceof PlanNode.Values v) {
            v.rows().forEach(out::addAll);
        } else if (node instanceof PlanNode.TableFunction f) {
            out.addAll(f.args());
        } else if (node instanceof PlanNode.Filter f) {
            out.add(f.condition());
        } else if (node instanceof PlanNode.Project p) {
            p.assignments().forEach(a -> out.add(a.expr()));
        } else if (node instanceof PlanNode.Join j && j.condition() != null) {
            out.add(j.condition());
        } else if (node instanceof PlanNode.Aggregate a) {
            a.aggregates().forEach(x -> {
                out.addAll(x.call().args());
                x.call().orderBy().forEach(k -> out.add(k.expr()));
            });
        } else if (node instanceof PlanNode.Window w) {
            w.windows().forEach(x -> window(x.call(), out));
        } else if (node instanceof PlanNode.Sort s) {
            s.keys().forEach(k -> out.add(k.expr()));
        } else if (node instanceof PlanNode.Generate g) {
            out.addAll(g.args());
        }
        return out;
    }

    private static void window(PlanNode.WindowCall call, List<ScalarExpr> out) {
        out.addAll(call.args());
        out.addAll(call.partitionBy());
        call.orderBy().forEach(k -> out.add(k.expr()));
        if (call.frame() != null) {
            for (PlanNode.FrameBound b : Arrays.asList(call.frame().start(), call.frame().end())) {
                if (b != null && b.offset() != null) {
                    out.add(b.offset());
                }
            }
        }
    }

    /**
     * {@code e} with every column reference replaced by what {@code replacement} gives for it
     * (the reference itself to keep it). Subquery plans are left as they are.
     */
    public static ScalarExpr replaceColumns(ScalarExpr e, Function<ScalarExpr.ColumnRef, ScalarExpr> replacement) {
        if (e instanceof ScalarExpr.ColumnRef r) {
            return replacement.apply(r);
        }
        if (e instanceof ScalarExpr.Call c) {
            return new ScalarExpr.Call(c.function(), replaceAll(c.args(), replacement), c.type(), c.nullable());
        }
        if (e instanceof ScalarExpr.Cast c) {
            return new ScalarExpr.Cast(replaceColumns(c.value(), replacement), c.type(), c.nullable());
        }
        if (e instanceof ScalarExpr.Interval i) {
            return new ScalarExpr.Interval(replaceColumns(i.value(), replacement), i.unit());
        }
        if (e instanceof ScalarExpr.Lambda l) {
            return new ScalarExpr.Lambda(l.params(), replaceColumns(l.body(), replacement));
        }
        if (e instanceof ScalarExpr.Case c) {
            List<ScalarExpr.When> whens = c.whens().stream().map(w -> new ScalarExpr.When(
                    replaceColumns(w.condition(), replacement), replaceColumns(w.result(), replacement))).toList();
            return new ScalarExpr.Case(c.operand() == null ? null : replaceColumns(c.operand(), replacement), whens,
                    c.elseValue() == null ? null : replaceColumns(c.elseValue(), replacement), c.type(), c.nullable());
        }
        if (e instanceof ScalarExpr.Subquery s && s.operand() != null) {
            return new ScalarExpr.Subquery(s.kind(), s.negated(), replaceColumns(s.operand(), replacement), s.plan(),
                    s.type(), s.nullable());
        }
        return e;
    }

    /**
     * A text of {@code e} that is equal for structurally equal expressions whose columns {@code column}
     * names alike: matching compares expressions of two plans by it, whatever their nullability.
     */
    public static String text(ScalarExpr e, IntFunction<String> column) {
        return new ExprText(c -> column.apply(c.id()), s -> "(subquery#" + System.identityHashCode(s) + ")", false).expr(e);
    }

    /** As {@link #text(ScalarExpr, IntFunction)} for an aggregate call. */
    public static String text(PlanNode.AggregateCall call, IntFunction<String> column) {
        return new ExprText(c -> column.apply(c.id()), s -> "(subquery#" + System.identityHashCode(s) + ")", false)
                .aggregate(call);
    }

    public static List<ScalarExpr> replaceAll(List<ScalarExpr> exprs,
                                              Function<ScalarExpr.ColumnRef, ScalarExpr> replacement) {
        return exprs.stream().map(x -> replaceColumns(x, replacement)).toList();
    }
}
