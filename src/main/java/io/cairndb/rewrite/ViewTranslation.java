package io.cairndb.rewrite;

import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Carries a view's expressions into the query's column ids under one table mapping: a column of a
 * view table becomes the query's column of the same name in the table it is paired with. A column
 * the query does not read (or of a view table the query does not read) gets a new id of its own, which
 * no query expression refers to.
 */
final class ViewTranslation {
    private final Map<Integer, PlanColumn> columns = new HashMap<>();
    private final int[] mapping;

    ViewTranslation(SpjgForm query, SpjgForm view, int[] mapping, ColumnIds ids) {
        this.mapping = mapping;
        for (int i = 0; i < view.tables().size(); i++) {
            PlanNode.Scan v = view.tables().get(i);
            PlanNode.Scan q = mapping[i] == TableMapping.NONE ? null : query.tables().get(mapping[i]);
            for (int k = 0; k < v.outputs().size(); k++) {
                PlanColumn vc = v.outputs().get(k);
                int at = q == null ? -1 : q.columns().indexOf(v.columns().get(k));
                columns.put(vc.id(), at >= 0 ? q.outputs().get(at) : ids.fresh(vc.name(), vc.type(), vc.nullable()));
            }
        }
    }

    /** The query position of the table at a view position ({@link TableMapping#NONE} for none). */
    int table(int viewPosition) {
        return mapping[viewPosition];
    }

    /** The view table positions no query table stands for. */
    Set<Integer> unmappedTables() {
        Set<Integer> out = new TreeSet<>();
        for (int i = 0; i < mapping.length; i++) {
            if (mapping[i] == TableMapping.NONE) {
                out.add(i);
            }
        }
        return out;
    }

    PlanColumn column(PlanColumn view) {
        return columns.get(view.id());
    }

    /** A view expression over table columns in the query's columns. */
    ScalarExpr expr(ScalarExpr view) {
        return PlanExpressions.replaceColumns(view, r -> {
            PlanColumn c = columns.get(r.id());
            if (c == null) {
                throw new MatchFailure("View struct info is invalid");
            }
            return c.ref();
        });
    }

    List<ScalarExpr> exprs(List<ScalarExpr> view) {
        List<ScalarExpr> out = new ArrayList<>();
        view.forEach(e -> out.add(expr(e)));
        return out;
    }

    SpjgForm.EquivalenceClass equivalenceClass(SpjgForm.EquivalenceClass view) {
        return new SpjgForm.EquivalenceClass(view.columns().stream().map(this::column).toList(), view.range());
    }

    PlanNode.AggregateCall call(PlanNode.AggregateCall view) {
        return new PlanNode.AggregateCall(view.function(), exprs(view.args()), view.distinct(), view.orderBy().stream()
                .map(k -> new PlanNode.SortKey(expr(k.expr()), k.ascending(), k.nullsFirst())).toList());
    }
}
