package io.cairndb.plan;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Builds plans by hand for the plan utility tests. Column ids come from a counter that starts where
 * the test says, so that one plan can be built twice under different ids.
 */
final class PlanFixtures {
    private int nextId;

    PlanFixtures(int firstId) {
        nextId = firstId;
    }

    PlanFixtures() {
        this(1);
    }

    /** A new column: {@code spec} is {@code "name TYPE"} or {@code "name TYPE NOT NULL"}. */
    PlanColumn column(String spec) {
        String[] p = spec.split(" ");
        return new PlanColumn(nextId++, p[0], type(p[1]), !spec.endsWith("NOT NULL"));
    }

    private static DataType type(String name) {
        return name.equals("VARCHAR") ? DataType.varchar(20) : DataType.of(TypeKind.valueOf(name));
    }

    /** A scan of {@code db.table} reading the given columns (specs as for {@link #column}). */
    PlanNode.Scan scan(String table, String... columns) {
        String[] name = table.split("\\.");
        List<PlanColumn> outputs = Arrays.stream(columns).map(this::column).toList();
        return new PlanNode.Scan(new PlanNode.TableSource(tableId(name[1]), name[0], name[1], false), outputs,
                outputs.stream().map(PlanColumn::name).toList(), List.of(), false);
    }

    /** A table id that does not follow from the name alone: tests vary it to show it does not matter. */
    static long tableId(String table) {
        return 1000 + Math.abs(table.hashCode() % 1000);
    }

    static PlanColumn col(PlanNode node, String name) {
        return node.outputs().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no column " + name + " in " + node.outputs()));
    }

    static ScalarExpr.ColumnRef ref(PlanNode node, String name) {
        return col(node, name).ref();
    }

    static ScalarExpr.Literal lit(long v) {
        return new ScalarExpr.Literal(DataType.INT, BigInteger.valueOf(v));
    }

    static ScalarExpr.Literal str(String v) {
        return new ScalarExpr.Literal(DataType.varchar(v.length()), v);
    }

    static ScalarExpr.Literal datetime(String v) {
        return new ScalarExpr.Literal(DataType.DATETIME, v);
    }

    /** An operator call; comparisons and logic are BOOLEAN, arithmetic has its first operand's type. */
    static ScalarExpr.Call op(Operator op, ScalarExpr... args) {
        boolean bool = switch (op) {
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, INT_DIVIDE, MOD, BITAND, BITOR, BITXOR, BITNOT, NEGATIVE,
                    ARRAY, ELEMENT_AT -> false;
            default -> true;
        };
        DataType type = bool ? DataType.BOOLEAN : args[0].type();
        return new ScalarExpr.Call(op.function(), List.of(args), type, true);
    }

    static ScalarExpr.Call call(String function, DataType type, ScalarExpr... args) {
        return new ScalarExpr.Call(function.toLowerCase(Locale.ROOT), List.of(args), type, true);
    }

    static ScalarExpr.Call eq(ScalarExpr a, ScalarExpr b) {
        return op(Operator.EQ, a, b);
    }

    static ScalarExpr.Call and(ScalarExpr... args) {
        return op(Operator.AND, args);
    }

    static PlanNode.Filter filter(PlanNode input, ScalarExpr condition) {
        return new PlanNode.Filter(input, condition);
    }

    static PlanNode.Assignment assign(PlanColumn column, ScalarExpr expr) {
        return new PlanNode.Assignment(column, expr);
    }

    static PlanNode.Project project(PlanNode input, PlanNode.Assignment... assignments) {
        return new PlanNode.Project(input, List.of(assignments));
    }

    /** A Project passing the named input columns through under their own ids. */
    static PlanNode.Project keep(PlanNode input, String... names) {
        return project(input, Arrays.stream(names).map(n -> assign(col(input, n), ref(input, n)))
                .toArray(PlanNode.Assignment[]::new));
    }

    static PlanNode.Join join(PlanNode.JoinKind kind, PlanNode left, PlanNode right, ScalarExpr condition) {
        return new PlanNode.Join(kind, left, right, condition);
    }

    static PlanNode.AggregateAssignment aggregate(PlanColumn column, String function, ScalarExpr... args) {
        return new PlanNode.AggregateAssignment(column,
                new PlanNode.AggregateCall(function, List.of(args), false, List.of()));
    }

    static PlanNode.Aggregate groupBy(PlanNode input, List<PlanColumn> keys, PlanNode.AggregateAssignment... aggs) {
        return new PlanNode.Aggregate(input, keys, List.of(), List.of(aggs));
    }
}
