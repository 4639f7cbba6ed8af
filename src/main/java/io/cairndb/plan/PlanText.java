package io.cairndb.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A plan as indented text, one node per line and each input two spaces deeper, for EXPLAIN and
 * tests. A subquery prints as a block under the node whose expression holds it, labelled {@code $n}
 * in the order the text meets them. The text depends only on the plan's values.
 */
public final class PlanText {
    private final boolean shapeOnly;
    private final ExprText text;
    private final StringBuilder out = new StringBuilder();
    private List<ScalarExpr.Subquery> pending = new ArrayList<>();
    private int subqueries;

    private PlanText(boolean shapeOnly, boolean canonical) {
        this.shapeOnly = shapeOnly;
        Map<Integer, Integer> renumbered = new HashMap<>();
        this.text = new ExprText(canonical
                ? c -> c.name() + "#" + renumbered.computeIfAbsent(c.id(), id -> renumbered.size() + 1)
                : c -> c.name() + "#" + c.id(), this::subquery, canonical);
    }

    /** Every node with its expressions and output columns (types, nullability), columns as {@code name#id}. */
    public static String of(PlanNode plan) {
        return new PlanText(false, false).print(plan);
    }

    /** The bare tree: node names (with join and set operation kinds) and the table of each scan. */
    public static String shape(PlanNode plan) {
        return new PlanText(true, false).print(plan);
    }

    /**
     * The full text with column ids renumbered by first appearance and every literal and call typed:
     * equal for plans bound alike whatever their ids, for {@link PlanSignature}.
     */
    static String canonical(PlanNode plan) {
        return new PlanText(false, true).print(plan);
    }

    private String print(PlanNode plan) {
        node(plan, 0);
        return out.toString();
    }

    private void node(PlanNode n, int depth) {
        pending = new ArrayList<>();
        String line = describe(n);
        List<ScalarExpr.Subquery> held = pending;
        line(depth, shapeOnly ? name(n) : line);
        int first = subqueries - held.size() + 1;
        for (int i = 0; i < held.size(); i++) {
            line(depth + 1, shapeOnly ? "Subquery" : "Subquery $" + (first + i));
            node(held.get(i).plan(), depth + 2);
        }
        for (PlanNode input : n.inputs()) {
            node(input, depth + 1);
        }
    }

    private String subquery(ScalarExpr.Subquery s) {
        pending.add(s);
        return "$" + ++subqueries;
    }

    private void line(int depth, String s) {
        out.append("  ".repeat(depth)).append(s).append('\n');
    }

    private static String name(PlanNode n) {
        if (n instanceof PlanNode.Scan s) {
            return "Scan " + s.source().database() + "." + s.source().table();
        }
        if (n instanceof PlanNode.ChangeScan s) {
            return "ChangeScan " + s.source().database() + "." + s.source().table()
                    + (s.stream() != null ? " stream=" + String.join(".", s.stream()) : " window=" + properties(s.window()));
        }
        if (n instanceof PlanNode.SystemScan s) {
            return "SystemScan " + (s.function() ? s.name() + properties(s.properties()) : s.database() + "." + s.name());
        }
        if (n instanceof PlanNode.StateScan s) {
            return "StateScan " + s.schema() + "." + s.table();
        }
        if (n instanceof PlanNode.Join j) {
            return "Join " + j.kind();
        }
        if (n instanceof PlanNode.SetOperation s) {
            return "SetOperation " + s.kind() + (s.all() ? " ALL" : "");
        }
        return n.getClass().getSimpleName();
    }

    private String describe(PlanNode n) {
        StringBuilder s = new StringBuilder(name(n));
        if (n instanceof PlanNode.Scan scan) {
            s.append(scan.source().materializedView() ? " (materialized view)" : "");
            s.append(" columns=[").append(scanColumns(scan)).append(']');
            if (!scan.partitions().isEmpty()) {
                s.append(scan.temporaryPartitions() ? " temporary" : "").append(" partitions=")
                        .append(scan.partitions());
            }
        } else if (n instanceof PlanNode.ChangeScan scan) {
            s.append(" columns=[").append(columns(scan.outputs(), scan.columns())).append(']');
            if (!scan.partitions().isEmpty()) {
                s.append(" partitions=").append(scan.partitions());
            }
        } else if (n instanceof PlanNode.SystemScan scan) {
            s.append(" columns=[").append(columns(scan.outputs(), scan.columns())).append(']');
        } else if (n instanceof PlanNode.StateScan scan) {
            s.append(" columns=[").append(columns(scan.outputs(), scan.columns())).append(']');
        } else if (n instanceof PlanNode.Values v) {
            s.append(" rows=[").append(v.rows().stream().map(r -> "(" + text.exprs(r) + ")")
                    .collect(Collectors.joining(", "))).append(']');
        } else if (n instanceof PlanNode.TableFunction f) {
            s.append(' ').append(f.name()).append('(').append(text.exprs(f.args())).append(')');
            if (!f.properties().isEmpty()) {
                s.append(" properties=").append(properties(f.properties()));
            }
        } else if (n instanceof PlanNode.Filter f) {
            s.append(' ').append(text.expr(f.condition()));
        } else if (n instanceof PlanNode.Project p) {
            s.append(" [").append(p.assignments().stream().map(this::assignment).collect(Collectors.joining(", ")))
                    .append(']');
        } else if (n instanceof PlanNode.Join j && j.condition() != null) {
            s.append(' ').append(text.expr(j.condition()));
        } else if (n instanceof PlanNode.Aggregate a) {
            aggregate(a, s);
        } else if (n instanceof PlanNode.Window w) {
            s.append(" [").append(w.windows().stream().map(x -> text.column(x.column()) + ":=" + text.window(x.call()))
                    .collect(Collectors.joining(", "))).append(']');
        } else if (n instanceof PlanNode.Sort sort) {
            s.append(" [").append(text.sortKeys(sort.keys())).append(']');
        } else if (n instanceof PlanNode.Limit l) {
            s.append(' ').append(l.count()).append(l.offset() == 0 ? "" : " OFFSET " + l.offset());
        } else if (n instanceof PlanNode.Generate g) {
            s.append(g.outer() ? " OUTER " : " ").append(g.generator()).append('(').append(text.exprs(g.args()))
                    .append(") AS [").append(g.generated().stream().map(text::column).collect(Collectors.joining(", ")))
                    .append(']');
        }
        if (!passesColumnsThrough(n)) {
            s.append(" -> [").append(n.outputs().stream().map(this::output).collect(Collectors.joining(", ")))
                    .append(']');
        }
        return s.toString();
    }

    /** Filter, Sort, Limit and Distinct produce their input's columns: their outputs would repeat it. */
    private static boolean passesColumnsThrough(PlanNode n) {
        return n instanceof PlanNode.Filter || n instanceof PlanNode.Sort || n instanceof PlanNode.Limit
                || n instanceof PlanNode.Distinct;
    }

    private String scanColumns(PlanNode.Scan scan) {
        return columns(scan.outputs(), scan.columns());
    }

    /** A leaf's output columns with the source column each one reads. */
    private String columns(List<PlanColumn> outputs, List<String> sources) {
        List<String> cols = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            cols.add(text.column(outputs.get(i)) + ":=" + sources.get(i));
        }
        return String.join(", ", cols);
    }

    /** Properties in key order, so that the text does not depend on how they were written. */
    private static String properties(Map<String, String> properties) {
        return new TreeMap<>(properties).entrySet().stream()
                .map(e -> ExprText.quote(e.getKey()) + "=" + ExprText.quote(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private void aggregate(PlanNode.Aggregate a, StringBuilder s) {
        s.append(" keys=[").append(a.keys().stream().map(text::column).collect(Collectors.joining(", "))).append(']');
        if (!a.groupingSets().isEmpty()) {
            s.append(" groupingSets=[").append(a.groupingSets().stream()
                    .map(set -> set.stream().map(i -> text.column(a.keys().get(i)))
                            .collect(Collectors.joining(", ", "(", ")")))
                    .collect(Collectors.joining(", "))).append(']');
        }
        s.append(" aggregates=[").append(a.aggregates().stream()
                .map(x -> text.column(x.column()) + ":=" + text.aggregate(x.call()))
                .collect(Collectors.joining(", "))).append(']');
    }

    /** A pass-through assignment (the input column under its own id and name) prints as the column alone. */
    private String assignment(PlanNode.Assignment a) {
        if (a.expr() instanceof ScalarExpr.ColumnRef r && r.id() == a.column().id()
                && r.column().name().equals(a.column().name())) {
            return text.column(a.column());
        }
        return text.column(a.column()) + ":=" + text.expr(a.expr());
    }

    private String output(PlanColumn c) {
        return text.column(c) + " " + c.type().toSql() + (c.nullable() ? "" : " NOT NULL");
    }
}
