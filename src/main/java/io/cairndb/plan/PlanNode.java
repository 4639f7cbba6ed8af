package io.cairndb.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of the logical plan. Every node lists the columns it produces; expressions of a node refer
 * to the columns of its inputs (and, inside a subquery, of enclosing nodes) by id.
 */
public sealed interface PlanNode {

    List<PlanColumn> outputs();

    /** The inputs of the node, left to right (subqueries inside expressions are not inputs). */
    List<PlanNode> inputs();

    /** What a scan reads: a base table or MV (by id), optionally only some partitions. */
    record TableSource(long tableId, String database, String table, boolean materializedView) {
    }

    /**
     * Reads a table: {@code columns} name, for each output column in order, the table column it is.
     * {@code partitions} restrict the scan ({@code temporaryPartitions}: of the table's temporary partitions).
     */
    record Scan(TableSource source, List<PlanColumn> outputs, List<String> columns, List<String> partitions,
                boolean temporaryPartitions) implements PlanNode {
        public Scan {
            outputs = List.copyOf(outputs);
            columns = List.copyOf(columns);
            partitions = List.copyOf(partitions);
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of();
        }
    }

    /**
     * Reads the changes of a table instead of its rows: the changelog window of {@code t@incr(..)}
     * ({@code window}: its parameters in order, {@code stream} null) or the unconsumed changes of a
     * stream ({@code stream}: its database and name, {@code window} null). {@code columns} name the
     * source columns of the outputs: the table's, then the hidden change columns.
     */
    record ChangeScan(TableSource source, Map<String, String> window, List<String> stream, List<PlanColumn> outputs,
                      List<String> columns, List<String> partitions) implements PlanNode {
        public ChangeScan {
            window = window == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(window));
            stream = stream == null ? null : List.copyOf(stream);
            outputs = List.copyOf(outputs);
            columns = List.copyOf(columns);
            partitions = List.copyOf(partitions);
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of();
        }
    }

    /**
     * Rows the system supplies: a system table ({@code information_schema.tables}) or a table function
     * ({@code mv_infos(..)}, {@code tasks(..)}, {@code local(..)}) with its properties in order;
     * {@code columns} name the source columns of the outputs.
     */
    record SystemScan(String database, String name, boolean function, Map<String, String> properties,
                      List<PlanColumn> outputs, List<String> columns) implements PlanNode {
        public SystemScan {
            properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
            outputs = List.copyOf(outputs);
            columns = List.copyOf(columns);
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of();
        }
    }

    /**
     * Reads a table that incremental maintenance keeps for itself (the match counts of a semi or anti
     * join), named by its DuckDB schema and table: {@code columns} name, for each output column in
     * order, the table column it is. No catalog table stands behind it.
     */
    record StateScan(String schema, String table, List<PlanColumn> outputs, List<String> columns) implements PlanNode {
        public StateScan {
            outputs = List.copyOf(outputs);
            columns = List.copyOf(columns);
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of();
        }
    }

    /** Literal rows; every row has one expression per output column. */
    record Values(List<PlanColumn> outputs, List<List<ScalarExpr>> rows) implements PlanNode {
        public Values {
            outputs = List.copyOf(outputs);
            rows = rows.stream().map(List::copyOf).toList();
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of();
        }
    }

    /** A table-valued function such as {@code numbers("number" = "10")}. */
    record TableFunction(String name, Map<String, String> properties, List<ScalarExpr> args, List<PlanColumn> outputs)
            implements PlanNode {
        public TableFunction {
            properties = Map.copyOf(properties);
            args = List.copyOf(args);
            outputs = List.copyOf(outputs);
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of();
        }
    }

    record Filter(PlanNode input, ScalarExpr condition) implements PlanNode {
        @Override
        public List<PlanColumn> outputs() {
            return input.outputs();
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }

    /** One computed column. */
    record Assignment(PlanColumn column, ScalarExpr expr) {
    }

    /** Computes its output columns from the input's. */
    record Project(PlanNode input, List<Assignment> assignments) implements PlanNode {
        public Project {
            assignments = List.copyOf(assignments);
        }

        @Override
        public List<PlanColumn> outputs() {
            return assignments.stream().map(Assignment::column).toList();
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }

    enum JoinKind {
        INNER, CROSS, LEFT, RIGHT, FULL, LEFT_SEMI, LEFT_ANTI;

        public boolean keepsRight() {
            return this != LEFT_SEMI && this != LEFT_ANTI;
        }
    }

    /**
     * A join; {@code condition} is null for a cross join. SEMI and ANTI joins produce the left input's
     * columns only (a right semi join is bound as a left one with its inputs swapped); outer joins make
     * the columns of the side that may have no match nullable.
     */
    record Join(JoinKind kind, PlanNode left, PlanNode right, ScalarExpr condition) implements PlanNode {
        @Override
        public List<PlanColumn> outputs() {
            List<PlanColumn> out = new ArrayList<>();
            boolean leftNullable = kind == JoinKind.RIGHT || kind == JoinKind.FULL;
            boolean rightNullable = kind == JoinKind.LEFT || kind == JoinKind.FULL;
            left.outputs().forEach(c -> out.add(leftNullable ? c.asNullable() : c));
            if (kind.keepsRight()) {
                right.outputs().forEach(c -> out.add(rightNullable ? c.asNullable() : c));
            }
            return out;
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(left, right);
        }
    }

    /** An aggregate function call; its result type is that of the column it is assigned to. */
    record AggregateCall(String function, List<ScalarExpr> args, boolean distinct, List<SortKey> orderBy) {
        public AggregateCall {
            args = List.copyOf(args);
            orderBy = List.copyOf(orderBy);
        }
    }

    record AggregateAssignment(PlanColumn column, AggregateCall call) {
    }

    /**
     * Groups its input by {@code keys} (columns of the input, produced again under the same ids) and
     * computes {@code aggregates}. {@code groupingSets} lists the key subsets of GROUPING SETS, ROLLUP
     * and CUBE by position in {@code keys}; empty means one set of all keys. {@code GROUPING()} and
     * {@code GROUPING_ID()} are aggregate calls named {@code grouping} / {@code grouping_id} over key columns.
     */
    record Aggregate(PlanNode input, List<PlanColumn> keys, List<List<Integer>> groupingSets,
                     List<AggregateAssignment> aggregates) implements PlanNode {
        public Aggregate {
            keys = List.copyOf(keys);
            groupingSets = groupingSets.stream().map(List::copyOf).toList();
            aggregates = List.copyOf(aggregates);
        }

        @Override
        public List<PlanColumn> outputs() {
            List<PlanColumn> out = new ArrayList<>();
            keys.forEach(k -> out.add(groupingSets.isEmpty() ? k : k.asNullable()));
            aggregates.forEach(a -> out.add(a.column()));
            return out;
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }

    /** An ORDER BY key; NULLs first or last made explicit. */
    record SortKey(ScalarExpr expr, boolean ascending, boolean nullsFirst) {
    }

    enum FrameUnit { ROWS, RANGE }

    enum BoundKind { UNBOUNDED_PRECEDING, PRECEDING, CURRENT_ROW, FOLLOWING, UNBOUNDED_FOLLOWING }

    /** A frame bound; offset set for PRECEDING / FOLLOWING only. */
    record FrameBound(BoundKind kind, ScalarExpr offset) {
    }

    /** A window frame; end is null for the one-bound form. */
    record Frame(FrameUnit unit, FrameBound start, FrameBound end) {
    }

    /** An analytic call (a window function or an aggregate over a window); typed by its assigned column. */
    record WindowCall(String function, List<ScalarExpr> args, boolean distinct, List<ScalarExpr> partitionBy,
                      List<SortKey> orderBy, Frame frame) {
        public WindowCall {
            args = List.copyOf(args);
            partitionBy = List.copyOf(partitionBy);
            orderBy = List.copyOf(orderBy);
        }
    }

    record WindowAssignment(PlanColumn column, WindowCall call) {
    }

    /** Adds one column per window call to its input's columns. */
    record Window(PlanNode input, List<WindowAssignment> windows) implements PlanNode {
        public Window {
            windows = List.copyOf(windows);
        }

        @Override
        public List<PlanColumn> outputs() {
            List<PlanColumn> out = new ArrayList<>(input.outputs());
            windows.forEach(w -> out.add(w.column()));
            return out;
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }

    enum SetKind { UNION, INTERSECT, EXCEPT }

    /** UNION / INTERSECT / EXCEPT of two inputs, by position, producing new columns. */
    record SetOperation(SetKind kind, boolean all, PlanNode left, PlanNode right, List<PlanColumn> outputs)
            implements PlanNode {
        public SetOperation {
            outputs = List.copyOf(outputs);
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(left, right);
        }
    }

    record Distinct(PlanNode input) implements PlanNode {
        @Override
        public List<PlanColumn> outputs() {
            return input.outputs();
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }

    record Sort(PlanNode input, List<SortKey> keys) implements PlanNode {
        public Sort {
            keys = List.copyOf(keys);
        }

        @Override
        public List<PlanColumn> outputs() {
            return input.outputs();
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }

    record Limit(PlanNode input, long count, long offset) implements PlanNode {
        @Override
        public List<PlanColumn> outputs() {
            return input.outputs();
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }

    /**
     * {@code LATERAL VIEW [OUTER] generator(args)}: each input row joined with the rows the generator
     * produces from it ({@code outer}: an input row for which it produces none is kept, with NULLs).
     */
    record Generate(PlanNode input, String generator, List<ScalarExpr> args, boolean outer, List<PlanColumn> generated)
            implements PlanNode {
        public Generate {
            args = List.copyOf(args);
            generated = List.copyOf(generated);
        }

        @Override
        public List<PlanColumn> outputs() {
            List<PlanColumn> out = new ArrayList<>(input.outputs());
            out.addAll(generated);
            return out;
        }

        @Override
        public List<PlanNode> inputs() {
            return List.of(input);
        }
    }
}
