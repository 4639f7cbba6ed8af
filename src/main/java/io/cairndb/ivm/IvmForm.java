package io.cairndb.ivm;

import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.List;
import java.util.Set;

/**
 * A definition in the form IVM maintains. {@code aggregate} is null for a definition without
 * aggregation, whose rows are kept as a multiset and whose {@code outputs} are the plan's columns;
 * otherwise the definition is {@code [Project] over Aggregate over input} (SELECT DISTINCT: an
 * aggregate without calls) and {@code outputs} are the MV's columns as expressions over the
 * aggregate's keys and calls; {@code having} (nullable) is the HAVING condition over them: every
 * group is maintained, and only those that pass it are the MV's rows. {@code tables} are the tables
 * the definition reads.
 */
public record IvmForm(PlanNode plan, PlanNode.Aggregate aggregate, List<ScalarExpr> outputs, ScalarExpr having,
                      Set<PlanNode.TableSource> tables) {

    public IvmForm {
        outputs = List.copyOf(outputs);
        tables = Set.copyOf(tables);
    }

    /** The part of the plan below the aggregate (the whole plan when there is none). */
    public PlanNode input() {
        return aggregate == null ? plan : aggregate.input();
    }

    /** Whether the MV is one row computed over all rows (an aggregate without GROUP BY). */
    public boolean global() {
        return aggregate != null && aggregate.keys().isEmpty();
    }
}
