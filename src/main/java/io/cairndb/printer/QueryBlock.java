package io.cairndb.printer;

import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One SELECT being assembled from a FROM clause up, one plan node at a time, in SQL's order of
 * evaluation: WHERE, GROUP BY, HAVING, window calls, the select list, DISTINCT, ORDER BY, LIMIT. A
 * node that SQL cannot evaluate at its place in the same SELECT (a filter over window results, an
 * aggregate over an aggregate, anything over a LIMIT but a projection) is refused, and the printer
 * nests what is below it instead. {@link #scope} gives each column of the block the SQL that computes
 * it there: a FROM item's column, or the expression of a projection, aggregate or window call.
 */
final class QueryBlock {
    /** The SQL of each column the block can refer to, by id. */
    final Map<Integer, String> scope = new HashMap<>();
    /** The plan expression of each column a projection of the block computes, over the FROM's columns. */
    private final Map<Integer, ScalarExpr> definitions = new HashMap<>();
    /** Columns computed by window calls of this block, or from them. */
    private final Set<Integer> windowed = new HashSet<>();
    /** The FROM clause; null for a SELECT of one row without FROM. */
    String from;
    /** WHERE conjuncts lifted from the inputs of joins, printed once the FROM clause is complete. */
    final List<ScalarExpr> liftedWhere = new ArrayList<>();
    final List<String> where = new ArrayList<>();
    private List<String> groupBy;
    private String groupingSets;
    private final List<String> having = new ArrayList<>();
    private boolean distinct;
    private String orderBy;
    private PlanNode.Limit limit;
    /** A projection that must be evaluated once per row (a volatile call, a subquery) ends the block. */
    private boolean sealed;
    private List<PlanColumn> outputs;

    QueryBlock(List<PlanColumn> outputs) {
        this.outputs = List.copyOf(outputs);
    }

    List<PlanColumn> outputs() {
        return outputs;
    }

    boolean distinct() {
        return distinct;
    }

    boolean aggregated() {
        return groupBy != null;
    }

    /** Whether {@code node}, whose input is what the block computes so far, can be evaluated in it. */
    boolean accepts(PlanNode node) {
        if (sealed) {
            return false;
        }
        if (node instanceof PlanNode.Limit) {
            return limit == null;
        }
        if (node instanceof PlanNode.Project p) {
            return !distinct;
        }
        if (limit != null || orderBy != null || distinct) {
            return false;
        }
        if (node instanceof PlanNode.Filter) {
            // WHERE and HAVING come before window calls: a filter over them is an outer SELECT's.
            return windowed.isEmpty();
        }
        if (node instanceof PlanNode.Aggregate a) {
            return !aggregated() && windowed.isEmpty() && a.keys().stream().noneMatch(k -> isConstant(k.id()));
        }
        if (node instanceof PlanNode.Window w) {
            return w.windows().stream().noneMatch(x -> refersTo(x.call(), windowed));
        }
        if (node instanceof PlanNode.Sort s) {
            return s.keys().stream().noneMatch(k -> refersTo(k.expr(), windowed));
        }
        return node instanceof PlanNode.Distinct;
    }

    void add(PlanNode node, ExprPrinter exprs) {
        if (node instanceof PlanNode.Filter f) {
            List<String> target = aggregated() ? having : where;
            for (ScalarExpr c : Conjuncts.split(f.condition())) {
                target.add(exprs.print(c));
            }
        } else if (node instanceof PlanNode.Project p) {
            for (PlanNode.Assignment a : p.assignments()) {
                if (a.expr() instanceof ScalarExpr.ColumnRef r && r.id() == a.column().id()) {
                    continue;
                }
                define(a.column().id(), exprs.print(a.expr()), a.expr());
                if (refersTo(a.expr(), windowed)) {
                    windowed.add(a.column().id());
                }
                if (PlanExpressions.hasSubquery(a.expr()) || !PlanExpressions.deterministic(a.expr())) {
                    sealed = true;
                }
            }
        } else if (node instanceof PlanNode.Aggregate a) {
            groupBy = a.keys().stream().map(k -> scope.get(k.id())).toList();
            if (!a.groupingSets().isEmpty()) {
                groupingSets = String.join(", ", a.groupingSets().stream()
                        .map(set -> "(" + String.join(", ", set.stream().map(groupBy::get).toList()) + ")").toList());
            }
            for (PlanNode.AggregateAssignment x : a.aggregates()) {
                PlanNode.AggregateCall call = x.call();
                scope.put(x.column().id(), parenthesized(exprs.call(call.function(), call.distinct(), call.args(), call.orderBy(),
                        null, x.column().type())));
            }
        } else if (node instanceof PlanNode.Window w) {
            for (PlanNode.WindowAssignment x : w.windows()) {
                PlanNode.WindowCall call = x.call();
                scope.put(x.column().id(), parenthesized(exprs.call(call.function(), call.distinct(), call.args(), List.of(), call,
                        x.column().type())));
                windowed.add(x.column().id());
            }
        } else if (node instanceof PlanNode.Distinct) {
            distinct = true;
        } else if (node instanceof PlanNode.Sort s) {
            // A constant key orders nothing, and printed as a number DuckDB would read it as a position.
            List<PlanNode.SortKey> keys = s.keys().stream().filter(k -> !isConstant(k.expr())).toList();
            orderBy = keys.isEmpty() ? null : exprs.orderBy(keys);
        } else if (node instanceof PlanNode.Limit l) {
            limit = l;
        }
        outputs = node.outputs();
    }

    private void define(int id, String sql, ScalarExpr expr) {
        scope.put(id, parenthesized(sql));
        definitions.put(id, PlanExpressions.replaceColumns(expr, r -> definitions.getOrDefault(r.id(), r)));
    }

    /** Whether the expression is a constant once the block's projections are put in place of their columns. */
    private boolean isConstant(ScalarExpr e) {
        if (e instanceof ScalarExpr.ColumnRef r) {
            return isConstant(r.id());
        }
        return e instanceof ScalarExpr.Literal;
    }

    private boolean isConstant(int id) {
        return definitions.get(id) instanceof ScalarExpr.Literal;
    }

    /** The SELECT: {@code items} are the select list's entries. */
    String sql(List<String> items) {
        StringBuilder sb = new StringBuilder("SELECT ");
        if (distinct) {
            sb.append("DISTINCT ");
        }
        sb.append(String.join(", ", items));
        if (from != null) {
            sb.append(" FROM ").append(from);
        }
        if (!where.isEmpty()) {
            sb.append(" WHERE ").append(String.join(" AND ", where));
        }
        if (groupingSets != null) {
            sb.append(" GROUP BY GROUPING SETS (").append(groupingSets).append(')');
        } else if (groupBy != null && !groupBy.isEmpty()) {
            sb.append(" GROUP BY ").append(String.join(", ", groupBy));
        }
        if (!having.isEmpty()) {
            sb.append(" HAVING ").append(String.join(" AND ", having));
        }
        if (orderBy != null) {
            sb.append(" ORDER BY ").append(orderBy);
        }
        if (limit != null) {
            sb.append(" LIMIT ").append(limit.count());
            if (limit.offset() > 0) {
                sb.append(" OFFSET ").append(limit.offset());
            }
        }
        return sb.toString();
    }

    /** SQL that is one operand whatever surrounds it: a name stays, anything else is parenthesized. */
    static String parenthesized(String sql) {
        return sql.matches("[A-Za-z_][A-Za-z0-9_]*(\\.\"([^\"]|\"\")*\")?|\"([^\"]|\"\")*\"") || sql.startsWith("(") && closesAtEnd(sql)
                ? sql : "(" + sql + ")";
    }

    /** Whether the parenthesis that opens {@code sql} closes at its end (quotes respected). */
    private static boolean closesAtEnd(String sql) {
        int depth = 0;
        boolean inString = false;
        boolean inIdent = false;
        for (int i = 0; i < sql.length(); i++) {
            char ch = sql.charAt(i);
            if (inString) {
                inString = ch != '\'';
            } else if (inIdent) {
                inIdent = ch != '"';
            } else if (ch == '\'') {
                inString = true;
            } else if (ch == '"') {
                inIdent = true;
            } else if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth--;
                if (depth == 0 && i < sql.length() - 1) {
                    return false;
                }
            }
        }
        return depth == 0;
    }

    private static boolean refersTo(ScalarExpr e, Set<Integer> ids) {
        if (ids.isEmpty()) {
            return false;
        }
        boolean[] found = {false};
        PlanExpressions.walk(e, x -> found[0] |= x instanceof ScalarExpr.ColumnRef r && ids.contains(r.id()));
        return found[0];
    }

    private static boolean refersTo(PlanNode.WindowCall call, Set<Integer> ids) {
        List<ScalarExpr> all = new ArrayList<>(call.args());
        all.addAll(call.partitionBy());
        call.orderBy().forEach(k -> all.add(k.expr()));
        return all.stream().anyMatch(e -> refersTo(e, ids));
    }
}
