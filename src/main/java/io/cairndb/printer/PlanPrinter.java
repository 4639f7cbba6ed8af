package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.Conjuncts;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.UsedColumns;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Prints a logical plan as DuckDB SQL, one SELECT per query block: scans and joins make the FROM
 * clause (tables under aliases, joins with their conditions, a filter over a join's input in WHERE
 * or ON where that keeps its meaning), and filters, aggregates, window calls, projections, DISTINCT,
 * sorts and limits above them the clauses of the same SELECT ({@link QueryBlock}). A SELECT is nested
 * only where SQL needs it. A nested SELECT names its columns after the plan's column ids
 * ({@code "#7"}) and lists only those something reads; the outermost one gives the query's columns
 * their labels. A correlated reference in a subquery is the enclosing block's SQL for that column.
 * The printed SQL calls the macros of {@link DuckMacros}.
 */
public final class PlanPrinter {
    private final ScanSource scans;
    private final ExprPrinter exprs;
    /** The scopes of the blocks being printed, innermost first: where a column reference finds its SQL. */
    private final Deque<Map<Integer, String>> scopes = new ArrayDeque<>();
    /** Columns something in the plan being printed reads; null: every column is kept. */
    private Set<Integer> used;
    private int aliases;

    public PlanPrinter(ScanSource scans) {
        this.scans = scans;
        this.exprs = new ExprPrinter(this::subquery, this::resolve);
    }

    /** The query: the root's columns under their names, in order. */
    public String print(PlanNode root) {
        return print(root, false);
    }

    /**
     * The query as a client is shown its result: as {@link #print}, but an aggregate state only as
     * binary data ({@link AggregateStates#shown}).
     */
    public String printResult(PlanNode root) {
        return print(root, true);
    }

    private String print(PlanNode root, boolean shown) {
        Set<Integer> before = used;
        used = UsedColumns.referenced(root);
        try {
            QueryBlock block = block(root);
            List<String> items = new ArrayList<>();
            for (PlanColumn c : root.outputs()) {
                String value = block.scope.get(c.id());
                boolean state = shown && c.type().kind() == TypeKind.AGG_STATE;
                items.add((state ? AggregateStates.shown(value) : value) + " AS " + SqlText.ident(c.name()));
            }
            return render(block, items);
        } finally {
            used = before;
        }
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
        return ExprPrinter.columnName(c);
    }

    /** A bound expression (its columns by their id names), as DuckDB SQL. */
    public String printExpression(ScalarExpr e) {
        return exprs.print(e);
    }

    /** The SQL of a column reference: in the innermost block that has it, else its id name. */
    private String resolve(PlanColumn c) {
        for (Map<Integer, String> scope : scopes) {
            String sql = scope.get(c.id());
            if (sql != null) {
                return sql;
            }
        }
        return ExprPrinter.columnName(c);
    }

    /** The SELECT of a subquery inside an expression: every column of its plan, in order. */
    private String subquery(PlanNode plan) {
        Set<Integer> before = used;
        if (used == null) {
            used = UsedColumns.referenced(plan);
        }
        try {
            return select(plan, true);
        } finally {
            used = before;
        }
    }

    /**
     * A SELECT producing the node's columns, each under its id name: all of them with {@code all},
     * else those something reads (at least one).
     */
    private String select(PlanNode node, boolean all) {
        QueryBlock block = block(node);
        return render(block, items(node, block, all));
    }

    private static String item(QueryBlock block, PlanColumn c) {
        return block.scope.get(c.id()) + " AS " + ExprPrinter.columnName(c);
    }

    private static String render(QueryBlock block, List<String> items) {
        return block.sql(items);
    }

    /** The block computing {@code node}: its input's block with the node added, or a new block over it. */
    private QueryBlock block(PlanNode node) {
        if (!isClause(node)) {
            return fromBlock(node);
        }
        PlanNode input = node.inputs().get(0);
        QueryBlock block = block(input);
        if (!block.accepts(node)) {
            QueryBlock inner = block;
            block = new QueryBlock(input.outputs());
            block.from = nested(input, inner, block);
        }
        scopes.push(block.scope);
        try {
            block.add(node, exprs);
        } finally {
            scopes.pop();
        }
        return block;
    }

    /** Nodes that become a clause of the SELECT of their input. */
    private static boolean isClause(PlanNode node) {
        return node instanceof PlanNode.Filter || node instanceof PlanNode.Project || node instanceof PlanNode.Aggregate
                || node instanceof PlanNode.Window || node instanceof PlanNode.Distinct || node instanceof PlanNode.Sort
                || node instanceof PlanNode.Limit;
    }

    /** The SELECT of {@code inner} (the block computing {@code node}) as an item of {@code block}'s FROM clause. */
    private String nested(PlanNode node, QueryBlock inner, QueryBlock block) {
        return aliased("(" + render(inner, items(node, inner, false)) + ")", node.outputs(), block);
    }

    /** The select list of a nested SELECT: the node's columns something reads (all with {@code all}), at least one. */
    private List<String> items(PlanNode node, QueryBlock block, boolean all) {
        List<String> items = new ArrayList<>();
        for (PlanColumn c : node.outputs()) {
            if (all || block.distinct() || used == null || used.contains(c.id())) {
                items.add(item(block, c));
            }
        }
        if (items.isEmpty()) {
            // Still one value per row (per group, for an aggregate): the node's first column, or a constant.
            items.add(node.outputs().isEmpty() ? "1 AS " + SqlText.ident("__row") : item(block, node.outputs().get(0)));
        }
        return items;
    }

    /** {@code item AS sN}, the node's columns put in {@code block}'s scope as {@code sN."#id"}. */
    private String aliased(String item, List<PlanColumn> columns, QueryBlock block) {
        String alias = "s" + (++aliases);
        for (PlanColumn c : columns) {
            block.scope.put(c.id(), alias + "." + ExprPrinter.columnName(c));
        }
        return item + " AS " + alias;
    }

    /** A block whose FROM clause is {@code node} (a scan, a join tree, a set operation ..). */
    private QueryBlock fromBlock(PlanNode node) {
        QueryBlock block = new QueryBlock(node.outputs());
        if (isEmptyRow(node)) {
            return block;
        }
        block.from = fromItem(node, block, true);
        if (!block.liftedWhere.isEmpty()) {
            scopes.push(block.scope);
            try {
                block.liftedWhere.forEach(c -> block.where.add(exprs.print(c)));
            } finally {
                scopes.pop();
            }
        }
        return block;
    }

    /** The single row without columns a FROM-less SELECT reads. */
    private static boolean isEmptyRow(PlanNode node) {
        return node instanceof PlanNode.Values v && v.outputs().isEmpty() && v.rows().size() == 1;
    }

    /**
     * {@code node} as an item of the FROM clause of {@code block}, its columns put in the block's scope.
     * {@code topLevel}: every row of the item reaches the block's WHERE as it is (it is not on the
     * NULL-extended side of an outer join).
     */
    private String fromItem(PlanNode node, QueryBlock block, boolean topLevel) {
        if (node instanceof PlanNode.Scan scan) {
            return table(scans.from(scan), scan.columns(), scan.outputs(), block);
        } else if (node instanceof PlanNode.ChangeScan scan) {
            return table(scans.from(scan), scan.columns(), scan.outputs(), block);
        } else if (node instanceof PlanNode.SystemScan scan) {
            return table(scans.from(scan), scan.columns(), scan.outputs(), block);
        } else if (node instanceof PlanNode.StateScan scan) {
            return table(SqlText.ident(scan.schema()) + "." + SqlText.ident(scan.table()), scan.columns(), scan.outputs(), block);
        } else if (node instanceof PlanNode.Join j) {
            return join(j, block, topLevel);
        } else if (node instanceof PlanNode.Generate g) {
            return generate(g, block, topLevel);
        }
        return derived(node, block);
    }

    private String table(String source, List<String> columns, List<PlanColumn> outputs, QueryBlock block) {
        String alias = "t" + (++aliases);
        for (int i = 0; i < outputs.size(); i++) {
            block.scope.put(outputs.get(i).id(), alias + "." + SqlText.ident(columns.get(i)));
        }
        return source + " AS " + alias;
    }

    /** The node's rows as an item of {@code block}'s FROM clause: a nested SELECT, VALUES or set operation. */
    private String derived(PlanNode node, QueryBlock block) {
        if (node instanceof PlanNode.Values values && !values.outputs().isEmpty()) {
            String rows = values.rows().stream().map(r -> "(" + r.stream().map(exprs::print).collect(Collectors.joining(", ")) + ")")
                    .collect(Collectors.joining(", "));
            return aliasedWithColumns("(VALUES " + rows + ")", values.outputs(), block);
        } else if (node instanceof PlanNode.Values values) {
            // DuckDB has no relation without columns: a placeholder column stands for the rows.
            return aliased("(SELECT 1 AS " + SqlText.ident("__row") + " FROM range(" + values.rows().size() + "))", List.of(), block);
        } else if (node instanceof PlanNode.TableFunction fn) {
            // numbers("number" = "N") is the only table function the binder binds.
            return aliasedWithColumns("range(" + fn.properties().get("number") + ")", fn.outputs(), block);
        } else if (node instanceof PlanNode.SetOperation op) {
            return aliasedWithColumns("((" + select(op.left(), true) + ") " + op.kind().name() + (op.all() ? " ALL " : " ")
                    + "(" + select(op.right(), true) + "))", op.outputs(), block);
        }
        return aliased("(" + select(node, false) + ")", node.outputs(), block);
    }

    /** {@code item AS sN("#a", "#b", ..)}: a FROM item whose columns are named by position. */
    private String aliasedWithColumns(String item, List<PlanColumn> columns, QueryBlock block) {
        String names = columns.stream().map(ExprPrinter::columnName).collect(Collectors.joining(", "));
        return aliased(item, columns, block) + "(" + names + ")";
    }

    /**
     * A join in the FROM clause. A filter over one of its inputs goes into the block's WHERE when that
     * input's rows reach it unchanged, into the ON condition when the input is one whose rows only
     * match (either input of an inner join, the right of a left join ..), and otherwise stays in a
     * nested SELECT.
     */
    private String join(PlanNode.Join j, QueryBlock block, boolean topLevel) {
        PlanNode.JoinKind kind = j.kind();
        boolean inner = kind == PlanNode.JoinKind.INNER || kind == PlanNode.JoinKind.CROSS;
        boolean leftKept = inner || kind == PlanNode.JoinKind.LEFT || kind == PlanNode.JoinKind.LEFT_SEMI
                || kind == PlanNode.JoinKind.LEFT_ANTI;
        boolean rightKept = inner || kind == PlanNode.JoinKind.RIGHT;
        List<ScalarExpr> on = new ArrayList<>(Conjuncts.split(j.condition()));
        String left = side(j.left(), block, topLevel && leftKept, inner || !leftKept && kind != PlanNode.JoinKind.FULL, on, false);
        String right = side(j.right(), block, topLevel && rightKept, inner || !rightKept && kind != PlanNode.JoinKind.FULL, on, true);
        String keyword = switch (kind) {
            case INNER, CROSS -> on.isEmpty() ? "CROSS JOIN" : "JOIN";
            case LEFT -> "LEFT JOIN";
            case RIGHT -> "RIGHT JOIN";
            case FULL -> "FULL JOIN";
            case LEFT_SEMI -> "SEMI JOIN";
            case LEFT_ANTI -> "ANTI JOIN";
        };
        String sql = left + " " + keyword + " " + right;
        if (on.isEmpty()) {
            return kind == PlanNode.JoinKind.INNER || kind == PlanNode.JoinKind.CROSS ? sql : sql + " ON TRUE";
        }
        scopes.push(block.scope);
        try {
            return sql + " ON " + on.stream().map(exprs::print).collect(Collectors.joining(" AND "));
        } finally {
            scopes.pop();
        }
    }

    /**
     * One input of a join: its filters peeled off into the block's WHERE ({@code topLevel}), the
     * join's ON ({@code intoOn}), or else kept in a nested SELECT.
     */
    private String side(PlanNode input, QueryBlock block, boolean topLevel, boolean intoOn, List<ScalarExpr> on, boolean right) {
        List<ScalarExpr> filters = new ArrayList<>();
        PlanNode node = input;
        while (node instanceof PlanNode.Filter f) {
            filters.addAll(Conjuncts.split(f.condition()));
            node = f.input();
        }
        if (!filters.isEmpty() && !topLevel && !intoOn) {
            return derived(input, block);
        }
        String sql = isRelation(node) ? fromItem(node, block, topLevel) : derived(node, block);
        if (topLevel) {
            block.liftedWhere.addAll(filters);
        } else {
            on.addAll(filters);
        }
        return right && (node instanceof PlanNode.Join || node instanceof PlanNode.Generate) ? "(" + sql + ")" : sql;
    }

    private static boolean isRelation(PlanNode node) {
        return node instanceof PlanNode.Scan || node instanceof PlanNode.ChangeScan || node instanceof PlanNode.SystemScan
                || node instanceof PlanNode.StateScan || node instanceof PlanNode.Join || node instanceof PlanNode.Generate;
    }

    /** A lateral subquery of unnest() calls per input row, joined so that OUTER keeps rows it leaves empty. */
    private String generate(PlanNode.Generate g, QueryBlock block, boolean topLevel) {
        // A filter under the generator is lifted to WHERE or kept nested, never put in an ON.
        String input = side(g.input(), block, topLevel, false, new ArrayList<>(), false);
        List<String> columns = g.generated().stream().map(c -> ExprPrinter.columnName(c.id())).toList();
        List<String> args;
        scopes.push(block.scope);
        try {
            args = g.args().stream().map(exprs::print).toList();
        } finally {
            scopes.pop();
        }
        String alias = "s" + (++aliases);
        g.generated().forEach(c -> block.scope.put(c.id(), alias + "." + ExprPrinter.columnName(c)));
        String generator = "LATERAL (" + Generators.select(g.generator(), args, columns) + ") AS " + alias;
        return input + (Generators.keepsEmpty(g.generator(), g.outer()) ? " LEFT JOIN " + generator + " ON TRUE"
                : " CROSS JOIN " + generator);
    }
}
