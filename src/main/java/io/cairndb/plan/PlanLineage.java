package io.cairndb.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The column lineage of a plan, for partition tracking: which base columns each output column is,
 * possibly rolled up by date_trunc, the base tables it reads and the non-deterministic functions it
 * calls. Inputs are visited before the expressions of a node, so tables come in FROM-clause order.
 */
public final class PlanLineage {
    private static final Set<String> NONDETERMINISTIC = Set.of("now", "current_timestamp", "localtime",
            "localtimestamp", "curdate", "current_date", "curtime", "current_time", "utc_timestamp", "sysdate", "rand",
            "random", "uuid", "uuid_numeric", "connection_id", "current_user", "user", "session_user");

    private final Set<QueryLineage.BaseTable> tables = new LinkedHashSet<>();
    private final Set<String> nondeterministic = new TreeSet<>();

    private PlanLineage() {
    }

    public static QueryLineage of(PlanNode root) {
        PlanLineage walk = new PlanLineage();
        Map<Integer, ColumnLineage> byId = walk.node(root);
        List<ColumnLineage> columns = root.outputs().stream().map(c -> byId.getOrDefault(c.id(), ColumnLineage.NONE))
                .toList();
        return new QueryLineage(columns, List.copyOf(walk.tables), List.copyOf(walk.nondeterministic));
    }

    /**
     * Whether a call of {@code function} makes a query non-deterministic (clock, randomness, session
     * identity). Unlike the others, {@code unix_timestamp} is only with no argument, which the caller checks.
     */
    public static boolean nondeterministic(String function) {
        return NONDETERMINISTIC.contains(function.toLowerCase(Locale.ROOT));
    }

    /** The lineage of each output column of {@code n}, by column id. */
    private Map<Integer, ColumnLineage> node(PlanNode n) {
        List<Map<Integer, ColumnLineage>> inputs = n.inputs().stream().map(this::node).toList();
        PlanExpressions.of(n).forEach(this::expressions);
        Map<Integer, ColumnLineage> in = inputs.isEmpty() ? Map.of() : inputs.get(0);
        Map<Integer, ColumnLineage> out = new HashMap<>();
        if (n instanceof PlanNode.Scan s) {
            PlanNode.TableSource t = s.source();
            tables.add(new QueryLineage.BaseTable(t.tableId(), t.database(), t.table()));
            for (int i = 0; i < s.outputs().size(); i++) {
                ColumnOrigin origin = new ColumnOrigin(t.tableId(), t.database(), t.table(), s.columns().get(i), null,
                        false);
                out.put(s.outputs().get(i).id(), new ColumnLineage(List.of(origin), null));
            }
        } else if (n instanceof PlanNode.Filter f) {
            out.putAll(in);
            if (overInnerJoin(f)) {
                equate(out, f.condition());
            }
        } else if (n instanceof PlanNode.Project p) {
            p.assignments().forEach(a -> out.put(a.column().id(), lineage(a.expr(), in)));
        } else if (n instanceof PlanNode.Join j) {
            join(j, in, inputs.get(1), out);
        } else if (n instanceof PlanNode.Aggregate a) {
            a.keys().forEach(k -> out.put(k.id(), in.getOrDefault(k.id(), ColumnLineage.NONE)));
            a.aggregates().forEach(x -> out.put(x.column().id(),
                    computed(inputsOf(x.call()), in, () -> ExprText.byName().aggregate(x.call()))));
        } else if (n instanceof PlanNode.Window w) {
            out.putAll(in);
            w.windows().forEach(x -> out.put(x.column().id(),
                    computed(inputsOf(x.call()), in, () -> ExprText.byName().window(x.call()))));
        } else if (n instanceof PlanNode.SetOperation s) {
            setOperation(s, in, inputs.get(1), out);
        } else if (n instanceof PlanNode.Distinct || n instanceof PlanNode.Sort || n instanceof PlanNode.Limit
                || n instanceof PlanNode.Generate) {
            // Generated columns come from a function of the row: untracked, like any constant.
            out.putAll(in);
        }
        return out;
    }

    /** Notes non-deterministic calls and visits the plans of subqueries for their tables. */
    private void expressions(ScalarExpr e) {
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.Call c) {
                String name = c.function().toLowerCase(Locale.ROOT);
                // Without an argument unix_timestamp reads the clock, as now() does.
                if (NONDETERMINISTIC.contains(name) || name.equals("unix_timestamp") && c.args().isEmpty()) {
                    nondeterministic.add(name);
                }
            } else if (x instanceof ScalarExpr.Subquery s) {
                node(s.plan());
            }
        });
    }

    private void join(PlanNode.Join j, Map<Integer, ColumnLineage> left, Map<Integer, ColumnLineage> right,
                      Map<Integer, ColumnLineage> out) {
        boolean leftNullable = j.kind() == PlanNode.JoinKind.RIGHT || j.kind() == PlanNode.JoinKind.FULL;
        boolean rightNullable = j.kind() == PlanNode.JoinKind.LEFT || j.kind() == PlanNode.JoinKind.FULL;
        left.forEach((id, l) -> out.put(id, leftNullable ? nullable(l) : l));
        if (j.kind().keepsRight()) {
            right.forEach((id, l) -> out.put(id, rightNullable ? nullable(l) : l));
        }
        if (isInner(j) && j.condition() != null) {
            equate(out, j.condition());
        }
    }

    private static ColumnLineage nullable(ColumnLineage l) {
        return new ColumnLineage(l.origins().stream().map(ColumnOrigin::asNullable).toList(), l.invalidExpression());
    }

    private static boolean isInner(PlanNode.Join j) {
        return j.kind() == PlanNode.JoinKind.INNER || j.kind() == PlanNode.JoinKind.CROSS;
    }

    /** A WHERE over an inner join: the Filter (or a chain of them) sits directly on the join. */
    private static boolean overInnerJoin(PlanNode.Filter f) {
        PlanNode below = f.input();
        while (below instanceof PlanNode.Filter inner) {
            below = inner.input();
        }
        return below instanceof PlanNode.Join j && isInner(j);
    }

    /**
     * Columns an inner join equates carry each other's origins, so that a partition column tracks
     * the partitions of every table it equals. Not across an outer join: there the columns differ
     * on the rows the join adds.
     */
    private static void equate(Map<Integer, ColumnLineage> scope, ScalarExpr condition) {
        if (Operator.AND.is(condition)) {
            ((ScalarExpr.Call) condition).args().forEach(c -> equate(scope, c));
            return;
        }
        if (!Operator.EQ.is(condition)) {
            return;
        }
        List<ScalarExpr> args = ((ScalarExpr.Call) condition).args();
        if (args.size() != 2 || !(args.get(0) instanceof ScalarExpr.ColumnRef l)
                || !(args.get(1) instanceof ScalarExpr.ColumnRef r) || l.id() == r.id()) {
            return;
        }
        ColumnLineage a = scope.get(l.id());
        ColumnLineage b = scope.get(r.id());
        if (a == null || b == null || !a.tracked() || !b.tracked() || hasNullable(a) || hasNullable(b)) {
            return;
        }
        ColumnLineage merged = ColumnLineage.union(a, b);
        scope.put(l.id(), merged);
        scope.put(r.id(), merged);
    }

    private static boolean hasNullable(ColumnLineage l) {
        return l.origins().stream().anyMatch(ColumnOrigin::nullable);
    }

    private static void setOperation(PlanNode.SetOperation s, Map<Integer, ColumnLineage> left,
                                     Map<Integer, ColumnLineage> right, Map<Integer, ColumnLineage> out) {
        List<PlanColumn> lc = s.left().outputs();
        List<PlanColumn> rc = s.right().outputs();
        for (int i = 0; i < s.outputs().size(); i++) {
            ColumnLineage l = i < lc.size() ? left.getOrDefault(lc.get(i).id(), ColumnLineage.NONE) : ColumnLineage.NONE;
            ColumnLineage r = i < rc.size() ? right.getOrDefault(rc.get(i).id(), ColumnLineage.NONE)
                    : ColumnLineage.NONE;
            out.put(s.outputs().get(i).id(), s.kind() == PlanNode.SetKind.UNION ? ColumnLineage.union(l, r) : l);
        }
    }

    /** What an aggregate's value depends on: its arguments and the keys it orders them by. */
    private static List<ScalarExpr> inputsOf(PlanNode.AggregateCall c) {
        List<ScalarExpr> out = new ArrayList<>(c.args());
        c.orderBy().forEach(k -> out.add(k.expr()));
        return out;
    }

    /**
     * What a window call's value depends on: its arguments and its PARTITION BY and ORDER BY keys, so
     * that {@code row_number() OVER (ORDER BY dt)} counts as computed from {@code dt}, as in Doris.
     */
    private static List<ScalarExpr> inputsOf(PlanNode.WindowCall c) {
        List<ScalarExpr> out = new ArrayList<>(c.args());
        out.addAll(c.partitionBy());
        c.orderBy().forEach(k -> out.add(k.expr()));
        return out;
    }

    /** An aggregate or window call: untracked, and invalid when it is computed from a tracked column. */
    private static ColumnLineage computed(List<ScalarExpr> args, Map<Integer, ColumnLineage> scope,
                                          Supplier<String> text) {
        return args.stream().anyMatch(a -> referencesTracked(a, scope)) ? ColumnLineage.invalid(text.get())
                : ColumnLineage.NONE;
    }

    private static ColumnLineage lineage(ScalarExpr e, Map<Integer, ColumnLineage> scope) {
        if (e instanceof ScalarExpr.ColumnRef r) {
            return scope.getOrDefault(r.id(), ColumnLineage.NONE);
        }
        if (e instanceof ScalarExpr.Call c && c.function().equalsIgnoreCase("date_trunc") && c.args().size() == 2) {
            boolean unitLast = unit(c.args().get(1)) != null;
            String unit = unit(c.args().get(unitLast ? 1 : 0));
            if (unit != null) {
                ColumnLineage inner = lineage(c.args().get(unitLast ? 0 : 1), scope);
                if (!inner.tracked()) {
                    return inner;
                }
                List<ColumnOrigin> out = new ArrayList<>();
                for (ColumnOrigin o : inner.origins()) {
                    String coarser = DateUnits.coarser(o.unit(), unit);
                    if (coarser == null) {
                        return ColumnLineage.invalid(dorisText(e));
                    }
                    out.add(o.withUnit(coarser));
                }
                return new ColumnLineage(out, null);
            }
        }
        return referencesTracked(e, scope) ? ColumnLineage.invalid(dorisText(e)) : ColumnLineage.NONE;
    }

    private static String unit(ScalarExpr e) {
        return e instanceof ScalarExpr.Literal l && l.value() instanceof String s ? s : null;
    }

    /** Whether {@code e} is computed from a column that is tracked or already invalid. */
    private static boolean referencesTracked(ScalarExpr e, Map<Integer, ColumnLineage> scope) {
        boolean[] found = {false};
        PlanExpressions.walk(e, x -> {
            if (x instanceof ScalarExpr.ColumnRef r) {
                ColumnLineage l = scope.get(r.id());
                found[0] |= l != null && (l.tracked() || l.invalidExpression() != null);
            }
        });
        return found[0];
    }

    /** An expression as Doris's error texts name it: {@code date_add(d, INTERVAL 2 DAY)} is {@code days_add(d, 2)}. */
    private static String dorisText(ScalarExpr e) {
        if (e instanceof ScalarExpr.Call c && c.args().size() == 2
                && c.args().get(1) instanceof ScalarExpr.Interval iv) {
            String op = switch (c.function().toLowerCase(Locale.ROOT)) {
                case "date_add", "adddate" -> "add";
                case "date_sub", "subdate" -> "sub";
                default -> null;
            };
            if (op != null) {
                ScalarExpr.Call named = new ScalarExpr.Call(iv.unit().toLowerCase(Locale.ROOT) + "s_" + op,
                        List.of(c.args().get(0), iv.value()), c.type(), c.nullable());
                return ExprText.byName().expr(named);
            }
        }
        return ExprText.byName().expr(e);
    }
}
