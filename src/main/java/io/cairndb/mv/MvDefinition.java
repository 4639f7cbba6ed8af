package io.cairndb.mv;

import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.MvMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.ColumnLineage;
import io.cairndb.plan.ColumnOrigin;
import io.cairndb.plan.DateUnits;
import io.cairndb.plan.PlanLineage;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.PlanSignature;
import io.cairndb.plan.QueryLineage;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An MV definition resolved against the current catalog: its output columns, lineage and, for a
 * partitioned MV, the base partition columns its partition column follows. Creation and every
 * refresh resolve the definition again, so a base table that was replaced is tracked by its new id.
 *
 * <p>The definition is bound into a logical plan; lineage comes from the plan, or, for a definition
 * the binder does not bind yet, from its syntax tree. {@code planSignature} is the plan's
 * {@link PlanSignature} (null when not bound): an MV stores the one it was created with, and a
 * refresh whose fresh plan has another one sees {@link #planChanged}.
 */
record MvDefinition(Query query, PlanNode plan, QueryLineage lineage, List<ColumnOrigin> tracked, String planSignature) {

    private static final String NO_BASE = "Unable to find a suitable base table for partitioning, ";
    private static final int PARSED_KEPT = 256;
    /** The date_trunc units an MV's PARTITION BY rolls base partitions up by, as Doris lists them. */
    private static final List<String> ROLL_UP_UNITS = List.of("year", "quarter", "week", "month", "day", "hour");
    private static final Map<String, Query> PARSED = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Query> eldest) {
            return size() > PARSED_KEPT;
        }
    };

    /**
     * Resolves {@code query}. {@code columnNames} are the MV's column names, in order;
     * {@code partitionColumn} and {@code unit} come from PARTITION BY (both null without it); with the
     * property enable_nondeterministic_function, now() and its kind are taken once per refresh.
     */
    static MvDefinition resolve(StatementContext ctx, Query query, List<String> columnNames, String partitionColumn,
                                String unit, Map<String, String> properties) {
        QueryBinder.Result bound = QueryBinder.bind(ctx, query);
        PlanNode plan = bound.plan();
        QueryLineage lineage = lineage(bound);
        String signature = PlanSignature.of(plan);
        if (!lineage.nondeterministicFunctions().isEmpty() && !MvProperties.allowsNondeterministic(properties)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "can not contain nonDeterministic expression, the expression is "
                    + lineage.nondeterministicFunctions().get(0) + "()");
        }
        if (partitionColumn == null) {
            return new MvDefinition(query, plan, lineage, List.of(), signature);
        }
        if (unit != null && !ROLL_UP_UNITS.contains(unit.toLowerCase(java.util.Locale.ROOT))) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "timeUnit not support: " + unit.toLowerCase(java.util.Locale.ROOT)
                    + ", only support: " + ROLL_UP_UNITS);
        }
        List<String> names = columnNames;
        int position = -1;
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(partitionColumn)) {
                position = i;
                break;
            }
        }
        if (position < 0 || position >= lineage.columns().size()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "partition column can not find from sql select column: "
                    + partitionColumn + " is not among the select list's columns " + names + "; select it, or name its "
                    + "expression with AS " + partitionColumn);
        }
        ColumnLineage l = lineage.columns().get(position);
        if (l.invalidExpression() != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, NO_BASE
                    + "because column to check use invalid implicit expression, invalid expression is " + l.invalidExpression());
        }
        if (!l.tracked()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, NO_BASE + "the partition column " + partitionColumn
                    + " does not come from a base table column");
        }
        List<ColumnOrigin> tracked = new ArrayList<>();
        for (ColumnOrigin o : l.origins()) {
            if (o.nullable()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, NO_BASE + "the partition column " + partitionColumn
                        + " comes from " + o.table() + " on the null-producing side of an outer join");
            }
            String u = o.unit();
            if (unit != null) {
                u = DateUnits.coarser(o.unit(), unit);
                if (u == null) {
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                            "partition column time unit level should be greater than sql select column");
                }
            }
            tracked.add(o.withUnit(u));
        }
        return new MvDefinition(query, plan, lineage, tracked, signature);
    }

    /**
     * The plan's lineage. The binder folds session functions such as connection_id() into constants,
     * so those it folded are added to the plan's non-deterministic functions.
     */
    static QueryLineage lineage(QueryBinder.Result bound) {
        QueryLineage lineage = PlanLineage.of(bound.plan());
        Set<String> nondeterministic = new TreeSet<>(lineage.nondeterministicFunctions());
        bound.sessionFunctions().stream().filter(PlanLineage::nondeterministic).forEach(nondeterministic::add);
        if (nondeterministic.size() == lineage.nondeterministicFunctions().size()) {
            return lineage;
        }
        return new QueryLineage(lineage.columns(), lineage.baseTables(), List.copyOf(nondeterministic));
    }

    /**
     * Whether this (fresh) plan is not the one {@code stored} signs: the MV's stored plan signature
     * (null for an MV created before signatures were kept) differs, or either side has none, so the
     * two plans cannot be told equal.
     */
    boolean planChanged(String stored) {
        return planSignature == null || !planSignature.equals(stored);
    }

    /** Re-resolves a stored MV's definition. */
    static MvDefinition resolve(StatementContext ctx, MvMeta mv, List<String> columnNames) {
        MvMeta.PartitionInfo p = mv.partitionInfo();
        return resolve(ctx, parsed(mv.querySql()), columnNames,
                p == null ? null : p.mvColumn(), p == null ? null : p.unit(), mv.properties());
    }

    /**
     * The parse tree of a definition's text. Parse trees are immutable and every refresh of an MV would
     * parse the same text again, so the latest ones are kept (resolving still reads the catalog each time).
     */
    static Query parsed(String sql) {
        synchronized (PARSED) {
            Query q = PARSED.get(sql);
            if (q != null) {
                return q;
            }
        }
        Query q = SqlParser.parseQuery(sql);
        synchronized (PARSED) {
            PARSED.put(sql, q);
        }
        return q;
    }

    List<MvMeta.RelatedColumn> related() {
        return tracked.stream().map(o -> new MvMeta.RelatedColumn(o.tableId(), o.database(), o.table(), o.column(), o.unit())).toList();
    }
}
