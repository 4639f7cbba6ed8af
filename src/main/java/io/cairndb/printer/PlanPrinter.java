package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints a logical plan as DuckDB SQL. Each node becomes a SELECT over its inputs whose columns are
 * named after the plan's column ids ({@code "#7"}), so that no name of the user's can clash and a
 * correlated reference finds its column in the enclosing SELECT; the outermost SELECT gives the
 * query's columns their labels and carries its ORDER BY and LIMIT. DuckDB's optimizer flattens the
 * nesting. The printed SQL calls the macros of {@link DuckMacros}.
 */
public final class PlanPrinter {
    private final ScanSource scans;
    private final ExprPrinter exprs;
    private int aliases;

    public PlanPrinter(ScanSource scans) {
        this.scans = scans;
        this.exprs = new ExprPrinter(this::select);
    }

    /** The query: the root's columns under their names, in order. */
    public String print(PlanNode root) {
        PlanNode node = root;
        List<PlanColumn> visible = root.outputs();
        if (node instanceof PlanNode.Project p && isIdentity(p)) {
            node = p.input();
        }
        PlanNode.Limit limit = node instanceof PlanNode.Limit l ? l : null;
        if (limit != null) {
            node = limit.input();
        }
        PlanNode.Sort sort = node instanceof PlanNode.Sort s ? s : null;
        if (sort != null) {
            node = sort.input();
        }
        // The outermost Project computes the labelled columns in the same SELECT; a sort key it computes is sorted by its expression.
        Map<Integer, ScalarExpr> computed = new HashMap<>();
        if (node instanceof PlanNode.Project p && !isIdentity(p)) {
            p.assignments().forEach(a -> computed.put(a.column().id(), a.expr()));
            node = p.input();
        }
        String labels = visible.stream().map(c -> (computed.containsKey(c.id()) ? expr(computed.get(c.id())) : name(c))
                + " AS " + SqlText.ident(c.name())).collect(Collectors.joining(", "));
        StringBuilder sb = new StringBuilder("SELECT ").append(labels);
        if (!isEmptyRow(node)) {
            sb.append(" FROM ").append(from(node));
        }
        if (sort != null && !computed.isEmpty()) {
            // A constant key orders nothing, and printed as a number DuckDB would read it as a position.
            List<PlanNode.SortKey> keys = sort.keys().stream().map(k -> new PlanNode.SortKey(
                    PlanExpressions.replaceColumns(k.expr(), r -> computed.getOrDefault(r.id(), r)), k.ascending(),
                    k.nullsFirst())).filter(k -> !(k.expr() instanceof ScalarExpr.Literal)).toList();
            sort = keys.isEmpty() ? null : new PlanNode.Sort(sort.input(), keys);
        }
        return sb.append(orderAndLimit(sort, limit)).toString();
    }

    /**
     * A SELECT of the node's columns, each under its id name ({@link #columnName}), for statements
     * that compute over a plan's rows by column.
     */
    public String printColumns(PlanNode node) {
        List<PlanNode.Assignment> labelled = node.outputs().stream()
                .map(c -> new PlanNode.Assignment(c.renamed(ExprPrinter.columnName(c.id())), c.ref())).toList();
        return print(new PlanNode.Project(node, labelled));
    }

    /** An aggregate call (its arguments' columns by their id names) computing a value of {@code type}, as DuckDB SQL. */
    public String printAggregate(PlanNode.AggregateCall call, DataType type) {
        return exprs.call(call.function(), call.distinct(), call.args(), call.orderBy(), null, type);
    }

    /** The quoted name a column has in {@link #printColumns} and in printed expressions. */
    public static String columnName(PlanColumn c) {
        return name(c);
    }

    /** A bound expression (its columns by their id names), as DuckDB SQL. */
    public String printExpression(ScalarExpr e) {
        return expr(e);
    }

    private static boolean isIdentity(PlanNode.Project p) {
        return p.assignments().stream().allMatch(a -> a.expr() instanceof ScalarExpr.ColumnRef r && r.id() == a.column().id());
    }

    /** The single row without columns a FROM-less SELECT reads. */
    private static boolean isEmptyRow(PlanNode node) {
        return node instanceof PlanNode.Values v && v.outputs().isEmpty() && v.rows().size() == 1;
    }

    private static String name(PlanColumn c) {
        return ExprPrinter.columnName(c);
    }

    private String expr(ScalarExpr e) {
        return exprs.print(e);
    }

    private String from(PlanNode node) {
        return "(" + select(node) + ") AS " + SqlText.ident("s" + (++aliases));
    }

    /** A SELECT producing exactly the node's columns, each under its id name. */
    private String select(PlanNode node) {
        if (node instanceof PlanNode.Scan scan) {
            return "SELECT " + renamed(scan.columns(), scan.outputs()) + " FROM " + scans.from(scan);
        } else if (node instanceof PlanNode.ChangeScan scan) {
            return "SELECT " + renamed(scan.columns(), scan.outputs()) + " FROM " + scans.from(scan);
        } else if (node instanceof PlanNode.SystemScan scan) {
            return "SELECT " + renamed(scan.columns(), scan.outputs()) + " FROM " + scans.from(scan);
        } else if (node instanceof PlanNode.StateScan scan) {
            return "SELECT " + renamed(scan.columns(), scan.outputs()) + " FROM " + SqlText.ident(scan.schema()) + "."
                    + SqlText.ident(scan.table());
        } else if (node instanceof PlanNode.Values values) {
            return values(values);
        } else if (node instanceof PlanNode.TableFunction fn) {
            // numbers("number" = "N") is the only table function the binder binds.
            return "SELECT range AS " + name(fn.outputs().get(0)) + " FROM range(" + fn.properties().get("number") + ")";
        } else if (node instanceof PlanNode.Filter f) {
            return "SELECT * FROM " + from(f.input()) + " WHERE " + expr(f.condition());
        } else if (node instanceof PlanNode.Project p) {
            String items = p.assignments().stream().map(a -> expr(a.expr()) + " AS " + name(a.column()))
                    .collect(Collectors.joining(", "));
            return "SELECT " + items + (isEmptyRow(p.input()) ? "" : " FROM " + from(p.input()));
        } else if (node instanceof PlanNode.Join j) {
            return join(j);
        } else if (node instanceof PlanNode.Aggregate a) {
            return aggregate(a);
        } else if (node instanceof PlanNode.Window w) {
            return window(w);
        } else if (node instanceof PlanNode.SetOperation op) {
            String names = op.outputs().stream().map(PlanPrinter::name).collect(Collectors.joining(", "));
            return "SELECT * FROM ((" + select(op.left()) + ") " + op.kind().name() + (op.all() ? " ALL " : " ")
                    + "(" + select(op.right()) + ")) AS " + SqlText.ident("s" + (++aliases)) + "(" + names + ")";
        } else if (node instanceof PlanNode.Distinct d) {
            return "SELECT DISTINCT * FROM " + from(d.input());
        } else if (node instanceof PlanNode.Sort s) {
            return "SELECT * FROM " + from(s.input()) + orderAndLimit(s, null);
        } else if (node instanceof PlanNode.Limit l) {
            PlanNode.Sort sort = l.input() instanceof PlanNode.Sort s ? s : null;
            return "SELECT * FROM " + from(sort != null ? sort.input() : l.input()) + orderAndLimit(sort, l);
        }
        return generate((PlanNode.Generate) node);
    }

    /** A lateral subquery of unnest() calls per input row, joined so that OUTER keeps rows it leaves empty. */
    private String generate(PlanNode.Generate g) {
        List<String> columns = g.generated().stream().map(c -> ExprPrinter.columnName(c.id())).toList();
        List<String> args = g.args().stream().map(exprs::print).toList();
        String generator = "LATERAL (" + Generators.select(g.generator(), args, columns) + ") AS " + SqlText.ident("s" + (++aliases));
        return "SELECT * FROM " + from(g.input()) + (Generators.keepsEmpty(g.generator(), g.outer())
                ? " LEFT JOIN " + generator + " ON TRUE" : " CROSS JOIN " + generator);
    }

    /** A leaf's source columns under the id names of its outputs. */
    private static String renamed(List<String> columns, List<PlanColumn> outputs) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            items.add(SqlText.ident(columns.get(i)) + " AS " + name(outputs.get(i)));
        }
        return String.join(", ", items);
    }

    private String values(PlanNode.Values values) {
        if (values.outputs().isEmpty()) {
            // DuckDB has no relation without columns: a placeholder column stands for the rows.
            return "SELECT 1 AS " + SqlText.ident("__row") + " FROM range(" + values.rows().size() + ")";
        }
        String rows = values.rows().stream().map(r -> "(" + r.stream().map(this::expr).collect(Collectors.joining(", ")) + ")")
                .collect(Collectors.joining(", "));
        String names = values.outputs().stream().map(PlanPrinter::name).collect(Collectors.joining(", "));
        return "SELECT * FROM (VALUES " + rows + ") AS " + SqlText.ident("s" + (++aliases)) + "(" + names + ")";
    }

    private String orderAndLimit(PlanNode.Sort sort, PlanNode.Limit limit) {
        StringBuilder sb = new StringBuilder();
        if (sort != null) {
            sb.append(" ORDER BY ").append(exprs.orderBy(sort.keys()));
        }
        if (limit != null) {
            sb.append(" LIMIT ").append(limit.count());
            if (limit.offset() > 0) {
                sb.append(" OFFSET ").append(limit.offset());
            }
        }
        return sb.toString();
    }

    private String join(PlanNode.Join j) {
        String keyword = switch (j.kind()) {
            case INNER -> "JOIN";
            case CROSS -> "CROSS JOIN";
            case LEFT -> "LEFT JOIN";
            case RIGHT -> "RIGHT JOIN";
            case FULL -> "FULL JOIN";
            case LEFT_SEMI -> "SEMI JOIN";
            case LEFT_ANTI -> "ANTI JOIN";
        };
        String sql = "SELECT * FROM " + from(j.left()) + " " + keyword + " " + from(j.right());
        return j.condition() == null ? sql : sql + " ON " + expr(j.condition());
    }

    private String aggregate(PlanNode.Aggregate a) {
        List<String> items = new ArrayList<>();
        a.keys().forEach(k -> items.add(name(k)));
        for (PlanNode.AggregateAssignment agg : a.aggregates()) {
            PlanNode.AggregateCall call = agg.call();
            items.add(exprs.call(call.function(), call.distinct(), call.args(), call.orderBy(), null, agg.column().type()) + " AS "
                    + name(agg.column()));
        }
        StringBuilder sb = new StringBuilder("SELECT ").append(String.join(", ", items)).append(" FROM ").append(from(a.input()));
        if (!a.groupingSets().isEmpty()) {
            sb.append(" GROUP BY GROUPING SETS (").append(a.groupingSets().stream()
                    .map(set -> "(" + set.stream().map(i -> name(a.keys().get(i))).collect(Collectors.joining(", ")) + ")")
                    .collect(Collectors.joining(", "))).append(')');
        } else if (!a.keys().isEmpty()) {
            sb.append(" GROUP BY ").append(a.keys().stream().map(PlanPrinter::name).collect(Collectors.joining(", ")));
        }
        return sb.toString();
    }

    private String window(PlanNode.Window w) {
        List<String> items = new ArrayList<>();
        items.add("*");
        for (PlanNode.WindowAssignment assignment : w.windows()) {
            PlanNode.WindowCall call = assignment.call();
            items.add(exprs.call(call.function(), call.distinct(), call.args(), List.of(), call, assignment.column().type()) + " AS "
                    + name(assignment.column()));
        }
        return "SELECT " + String.join(", ", items) + " FROM " + from(w.input());
    }
}
