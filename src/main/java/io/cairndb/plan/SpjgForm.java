package io.cairndb.plan;

import io.cairndb.catalog.DataType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A select-project-join-group plan in the normal form that query rewrite and IVM match on
 * (Goldstein and Larson's view matching, Calcite's SPJG): every expression is over the output
 * columns of the scans, Project expressions substituted.
 *
 * @param tables       the scans in plan order, left to right; a join refers to them by position
 * @param joins        every join, inputs before the joins above them
 * @param classes      the equivalence classes that say something: columns equated by inner-join and
 *                     filter conjuncts, and columns whose values range conjuncts restrict
 * @param residuals    the other inner-join and filter conjuncts, normalized ({@link Conjuncts}), each once
 * @param aggregated   whether the plan aggregates (then groupingKeys and aggregates apply)
 * @param groupingKeys the GROUP BY expressions
 * @param groupingSets the key subsets of GROUPING SETS, ROLLUP or CUBE by position in groupingKeys;
 *                     empty for a plain GROUP BY
 * @param aggregates   the aggregate calls, arguments substituted; outputs refer to their columns
 * @param outputs      each output column of the plan with its expression
 */
public record SpjgForm(List<PlanNode.Scan> tables, List<JoinEdge> joins, List<EquivalenceClass> classes,
                       List<ScalarExpr> residuals, boolean aggregated, List<ScalarExpr> groupingKeys,
                       List<List<Integer>> groupingSets, List<PlanNode.AggregateAssignment> aggregates,
                       List<PlanNode.Assignment> outputs) {

    /**
     * The name prefix of the calls that stand for window function columns in a form: the prefix, then
     * the call's shape with its expressions as {@code ?}; the arguments are the call's arguments,
     * PARTITION BY and ORDER BY expressions and frame offsets, in that order, then the conditions of the
     * rows it is computed over. Such a call is equal to another only when the whole window is, over the
     * same rows; it is never computed from its parts.
     */
    public static final String WINDOW_CALL = "over:";

    public SpjgForm {
        tables = List.copyOf(tables);
        joins = List.copyOf(joins);
        classes = List.copyOf(classes);
        residuals = List.copyOf(residuals);
        groupingKeys = List.copyOf(groupingKeys);
        groupingSets = groupingSets.stream().map(List::copyOf).toList();
        aggregates = List.copyOf(aggregates);
        outputs = List.copyOf(outputs);
    }

    /**
     * A join of the tables at {@code leftTables} with those at {@code rightTables} (positions in
     * {@link #tables}). The conjuncts of an outer join, or of any join below the side of an outer
     * join that may be NULL-extended, hold only here; those of the other inner joins also feed the
     * classes and residuals.
     */
    public record JoinEdge(PlanNode.JoinKind kind, List<Integer> leftTables, List<Integer> rightTables,
                           List<ScalarExpr> conjuncts) {
        public JoinEdge {
            leftTables = List.copyOf(leftTables);
            rightTables = List.copyOf(rightTables);
            conjuncts = List.copyOf(conjuncts);
        }
    }

    /** Columns known equal, in plan order, and the values range conjuncts leave them (ALL: none). */
    public record EquivalenceClass(List<PlanColumn> columns, ValueRange range) {
        public EquivalenceClass {
            columns = List.copyOf(columns);
        }
    }

    /**
     * The normal form of a plan, or empty when it is not of that shape: an optional Project over an
     * optional Aggregate, over a tree of Scans, Filters, Projects, Windows and inner,
     * cross, outer, semi and anti joins. Not: subqueries, a Filter below the NULL-extended side of an
     * outer join or the probed side of a semi or anti join (it is not a filter of the result), a computed
     * column there either.
     */
    public static Optional<SpjgForm> of(PlanNode plan) {
        return SpjgBuilder.build(plan);
    }

    /**
     * The form with join {@code edge} made an inner join: its conjuncts then filter the result too. An
     * outer-join plan filtered to the rows its outer join matched is this form (join derivation).
     */
    public SpjgForm withInnerJoin(int edge) {
        List<ScalarExpr> conjuncts = new ArrayList<>(conjuncts());
        conjuncts.addAll(joins.get(edge).conjuncts());
        SpjgPredicates.Result predicates = analyze(tables, conjuncts);
        List<JoinEdge> edges = new ArrayList<>(joins);
        JoinEdge e = joins.get(edge);
        edges.set(edge, new JoinEdge(PlanNode.JoinKind.INNER, e.leftTables(), e.rightTables(), e.conjuncts()));
        return new SpjgForm(tables, edges, predicates.classes(), predicates.residuals(), aggregated, groupingKeys,
                groupingSets, aggregates, outputs);
    }

    /**
     * The form of a select-project-join over inner joins: {@code tables} filtered by {@code conjuncts}
     * (join conditions included), producing {@code outputs}.
     */
    public static SpjgForm select(List<PlanNode.Scan> tables, List<ScalarExpr> conjuncts, List<PlanNode.Assignment> outputs) {
        SpjgPredicates.Result predicates = analyze(tables, conjuncts);
        return new SpjgForm(tables, List.of(), predicates.classes(), predicates.residuals(), false, List.of(), List.of(),
                List.of(), outputs);
    }

    /** The predicates of the classes (equalities and ranges) and the residuals, as conjuncts. */
    public List<ScalarExpr> conjuncts() {
        List<ScalarExpr> out = new ArrayList<>();
        for (EquivalenceClass c : classes) {
            ScalarExpr first = c.columns().get(0).ref();
            for (PlanColumn other : c.columns().subList(1, c.columns().size())) {
                out.add(new ScalarExpr.Call(Operator.EQ.function(), List.of(first, other.ref()), DataType.BOOLEAN, true));
            }
            out.addAll(c.range().conjuncts(first));
        }
        out.addAll(residuals);
        return out;
    }

    private static SpjgPredicates.Result analyze(List<PlanNode.Scan> tables, List<ScalarExpr> conjuncts) {
        Map<Integer, PlanColumn> scanColumns = new HashMap<>();
        Map<Integer, Integer> positions = new HashMap<>();
        for (PlanNode.Scan scan : tables) {
            for (PlanColumn c : scan.outputs()) {
                scanColumns.put(c.id(), c);
                positions.put(c.id(), positions.size());
            }
        }
        return SpjgPredicates.analyze(conjuncts, scanColumns, positions);
    }

    /** The class holding a column, if it is equated or restricted at all. */
    public Optional<EquivalenceClass> classOf(int columnId) {
        return classes.stream().filter(c -> c.columns().stream().anyMatch(x -> x.id() == columnId)).findFirst();
    }
}
