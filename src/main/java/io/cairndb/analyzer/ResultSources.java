package io.cairndb.analyzer;

import io.cairndb.engine.ColumnSource;
import io.cairndb.plan.ColumnLineage;
import io.cairndb.plan.ColumnOrigin;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanLineage;
import io.cairndb.plan.PlanNode;

import java.util.ArrayList;
import java.util.List;

/**
 * What a client is told about each column of a query's result: the table column it reads unchanged,
 * if any, and whether it can be NULL, from the bound plan (before transparent rewrite, so an answer
 * from an MV names the tables the user queried).
 */
final class ResultSources {
    private ResultSources() {
    }

    static List<ColumnSource> of(PlanNode plan) {
        List<ColumnLineage> lineage = PlanLineage.of(plan).columns();
        List<PlanColumn> outputs = plan.outputs();
        List<ColumnSource> out = new ArrayList<>(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            ColumnLineage l = i < lineage.size() ? lineage.get(i) : ColumnLineage.NONE;
            boolean nullable = outputs.get(i).nullable();
            if (l.invalidExpression() == null && l.origins().size() == 1 && l.origins().get(0).unit() == null) {
                ColumnOrigin o = l.origins().get(0);
                out.add(new ColumnSource(o.database(), o.table(), o.column(), nullable));
            } else {
                out.add(new ColumnSource(null, null, null, nullable));
            }
        }
        return out;
    }
}
