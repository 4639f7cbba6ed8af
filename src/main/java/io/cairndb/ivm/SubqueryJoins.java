package io.cairndb.ivm;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.Operator;
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
import java.util.function.Function;

/**
 * Turns the subqueries of a WHERE that IVM can maintain into joins: a conjunct {@code EXISTS (q)}
 * becomes a LEFT SEMI JOIN with q, {@code NOT EXISTS (q)} a LEFT ANTI JOIN, {@code x IN (q)} a semi
 * join on {@code x = } q's column, and {@code x NOT IN (q)} an anti join on it when neither x nor q's
 * column can be NULL (otherwise NOT IN is a null-aware anti join, refused). The conditions that
 * correlate q with the outer query (in the WHERE of q, under its projections) move into the join's
 * condition, and q's other conditions stay on its side. A subquery this cannot decorrelate (correlated
 * below an aggregate, a limit or a join; inside OR; in HAVING or SELECT) is left as it is, and the
 * analyzer refuses it.
 */
final class SubqueryJoins {
    private static final ScalarExpr TRUE = new ScalarExpr.Literal(DataType.BOOLEAN, Boolean.TRUE);

    private SubqueryJoins() {
    }

    /** {@code plan} with the WHERE subqueries that can be decorrelated turned into semi and anti joins. */
    static PlanNode unnest(PlanNode plan) {
        if (plan instanceof PlanNode.Filter f && !(f.input() instanceof PlanNode.Aggregate) && !(f.input() instanceof PlanNode.Distinct)) {
            PlanNode joined = filter(f);
            if (joined != null) {
                return joined;
            }
        }
        List<PlanNode> inputs = plan.inputs().stream().map(SubqueryJoins::unnest).toList();
        return inputs.equals(plan.inputs()) ? plan : PlanNodes.withInputs(plan, inputs);
    }

    /** A subquery conjunct as a join: its kind, the subquery's plan as the right input and the join's condition. */
    private record Semi(PlanNode.JoinKind kind, PlanNode right, ScalarExpr condition) {
    }

    /** The filter with its subquery conjuncts as joins above the other conjuncts, or null when it has none to turn. */
    private static PlanNode filter(PlanNode.Filter f) {
        Set<Integer> inputIds = EquiKey.ids(f.input().outputs());
        List<ScalarExpr> conjuncts = Conjuncts.of(f.condition());
        List<ScalarExpr> kept = new ArrayList<>();
        List<Semi> joins = new ArrayList<>();
        for (ScalarExpr c : conjuncts) {
            Semi semi = semi(c, inputIds, conjuncts);
            if (semi == null) {
                kept.add(c);
            } else {
                joins.add(semi);
            }
        }
        if (joins.isEmpty()) {
            return null;
        }
        PlanNode out = unnest(f.input());
        if (!kept.isEmpty()) {
            out = new PlanNode.Filter(out, SemiJoinKey.and(kept));
        }
        for (Semi s : joins) {
            out = new PlanNode.Join(s.kind(), out, unnest(s.right()), s.condition());
        }
        return out;
    }

    private static Semi semi(ScalarExpr c, Set<Integer> inputIds, List<ScalarExpr> conjuncts) {
        boolean negated = false;
        ScalarExpr e = c;
        if (Operator.NOT.is(c) && ((ScalarExpr.Call) c).args().size() == 1) {
            negated = true;
            e = ((ScalarExpr.Call) c).args().get(0);
        }
        if (!(e instanceof ScalarExpr.Subquery s) || s.kind() == ScalarExpr.SubqueryKind.SCALAR) {
            return null;
        }
        negated ^= s.negated();
        boolean in = s.kind() == ScalarExpr.SubqueryKind.IN;
        if (in && (!EquiKey.within(s.operand(), inputIds) || PlanExpressions.hasSubquery(s.operand()))) {
            return null;
        }
        Decorrelated d = decorrelate(s.plan(), in, inputIds);
        if (d == null) {
            return null;
        }
        List<ScalarExpr> condition = new ArrayList<>(d.correlated());
        if (in) {
            if (negated && (!notNull(s.operand(), conjuncts) || !notNull(s.plan(), s.plan().outputs().get(0).ref()))) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "IVMAnalyzer does not support NOT IN (subquery) over values that "
                        + "may be NULL: a NULL in the subquery's result leaves NOT IN no rows (a null-aware anti join), which the "
                        + "per-key match counts do not maintain; declare both columns NOT NULL, filter them with IS NOT NULL, "
                        + "or write NOT EXISTS");
            }
            EquiKey key = EquiKey.typed(s.operand(), d.value());
            condition.add(new ScalarExpr.Call(Operator.EQ.function(), List.of(key.left(), key.right()), DataType.BOOLEAN,
                    key.left().nullable() || key.right().nullable()));
        }
        ScalarExpr on = condition.isEmpty() ? TRUE : SemiJoinKey.and(condition);
        return new Semi(negated ? PlanNode.JoinKind.LEFT_ANTI : PlanNode.JoinKind.LEFT_SEMI, d.right(), on);
    }

    /**
     * A subquery's plan without its correlation: the plan its rows come from ({@code right}), the
     * conditions that read the outer query ({@code correlated}, over right's columns and the outer ones)
     * and, for IN, the value it yields as an expression over right's columns.
     */
    private record Decorrelated(PlanNode right, List<ScalarExpr> correlated, ScalarExpr value) {
    }

    /**
     * Peels projections and filters off the top of {@code plan} while what is below them reads the
     * outer query; null when the correlation is elsewhere or reads beyond {@code inputIds}.
     */
    private static Decorrelated decorrelate(PlanNode plan, boolean in, Set<Integer> inputIds) {
        Set<Integer> outer = outerRefs(plan);
        if (!inputIds.containsAll(outer)) {
            return null;
        }
        ScalarExpr value = in ? plan.outputs().get(0).ref() : null;
        List<ScalarExpr> peeled = new ArrayList<>();
        PlanNode node = plan;
        while (!outerRefs(node).isEmpty()) {
            if (node instanceof PlanNode.Project p) {
                Map<Integer, ScalarExpr> by = new HashMap<>();
                for (PlanNode.Assignment a : p.assignments()) {
                    if (reads(a.expr(), outer)) {
                        return null;
                    }
                    by.put(a.column().id(), a.expr());
                }
                if (peeled.stream().anyMatch(PlanExpressions::hasSubquery)) {
                    return null;
                }
                Function<ScalarExpr.ColumnRef, ScalarExpr> through = r -> by.getOrDefault(r.id(), r);
                value = value == null ? null : PlanExpressions.replaceColumns(value, through);
                peeled = new ArrayList<>(PlanExpressions.replaceAll(peeled, through));
                node = p.input();
            } else if (node instanceof PlanNode.Filter f) {
                peeled.addAll(Conjuncts.of(f.condition()));
                node = f.input();
            } else {
                return null;
            }
        }
        List<ScalarExpr> correlated = new ArrayList<>();
        List<ScalarExpr> local = new ArrayList<>();
        for (ScalarExpr c : peeled) {
            if (!reads(c, outer)) {
                local.add(c);
            } else if (PlanExpressions.hasSubquery(c)) {
                return null;
            } else {
                correlated.add(c);
            }
        }
        PlanNode right = local.isEmpty() ? node : new PlanNode.Filter(node, SemiJoinKey.and(local));
        return new Decorrelated(right, correlated, value);
    }

    /** Whether {@code e} reads a column of {@code ids}. */
    private static boolean reads(ScalarExpr e, Set<Integer> ids) {
        Set<Integer> produced = new HashSet<>();
        Set<Integer> referenced = new HashSet<>();
        collect(e, produced, referenced);
        referenced.retainAll(ids);
        return !referenced.isEmpty();
    }

    /** The columns {@code plan} reads that none of its nodes produces: those of an enclosing query. */
    private static Set<Integer> outerRefs(PlanNode plan) {
        Set<Integer> produced = new HashSet<>();
        Set<Integer> referenced = new HashSet<>();
        collect(plan, produced, referenced);
        referenced.removeAll(produced);
        return referenced;
    }

    private static void collect(PlanNode node, Set<Integer> produced, Set<Integer> referenced) {
        node.outputs().forEach(c -> produced.add(c.id()));
        if (node instanceof PlanNode.Aggregate a) {
            a.keys().forEach(k -> referenced.add(k.id()));
        }
        for (ScalarExpr e : PlanExpressions.of(node)) {
            collect(e, produced, referenced);
        }
        for (PlanNode input : node.inputs()) {
            collect(input, produced, referenced);
        }
    }

    private static void collect(ScalarExpr e, Set<Integer> produced, Set<Integer> referenced) {
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                referenced.add(r.id());
            } else if (x instanceof ScalarExpr.Subquery s) {
                collect(s.plan(), produced, referenced);
            } else if (x instanceof ScalarExpr.Lambda l) {
                l.params().forEach(p -> produced.add(p.id()));
            }
        });
    }

    /** Whether {@code e} cannot be NULL where {@code conjuncts} hold: it is declared so, or one of them is {@code e IS NOT NULL}. */
    private static boolean notNull(ScalarExpr e, List<ScalarExpr> conjuncts) {
        return !e.nullable() || conjuncts.stream().anyMatch(c -> isNotNull(c, e));
    }

    /** Whether {@code value}, an expression over the columns of {@code plan}'s top, cannot be NULL in its rows. */
    private static boolean notNull(PlanNode plan, ScalarExpr value) {
        if (!value.nullable()) {
            return true;
        }
        if (plan instanceof PlanNode.Filter f) {
            return Conjuncts.of(f.condition()).stream().anyMatch(c -> isNotNull(c, value)) || notNull(f.input(), value);
        }
        if (plan instanceof PlanNode.Project p && value instanceof ScalarExpr.ColumnRef r) {
            return p.assignments().stream().filter(a -> a.column().id() == r.id()).findFirst()
                    .map(a -> notNull(p.input(), a.expr())).orElse(false);
        }
        return false;
    }

    private static boolean isNotNull(ScalarExpr c, ScalarExpr e) {
        return Operator.IS_NOT_NULL.is(c) && same(((ScalarExpr.Call) c).args().get(0), e);
    }

    private static boolean same(ScalarExpr a, ScalarExpr b) {
        if (a instanceof ScalarExpr.ColumnRef x && b instanceof ScalarExpr.ColumnRef y) {
            return x.id() == y.id();
        }
        return a.equals(b);
    }
}
