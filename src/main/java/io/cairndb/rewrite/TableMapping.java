package io.cairndb.rewrite;

import io.cairndb.plan.PlanNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The ways of pairing a view's tables with a query's: each view table with a distinct query table of
 * the same id. A self join gives several (the product over its repeated tables); at most
 * {@code limit} are listed, as materialized_view_relation_mapping_max_count bounds them.
 */
final class TableMapping {
    private TableMapping() {
    }

    /** Each mapping gives, for every view table position, the query table position it stands for. */
    static List<int[]> of(List<PlanNode.Scan> query, List<PlanNode.Scan> view, int limit) {
        List<int[]> out = new ArrayList<>();
        if (query.size() == view.size()) {
            extend(query, view, new int[view.size()], new boolean[query.size()], 0, Math.max(1, limit), out);
        }
        return out;
    }

    private static void extend(List<PlanNode.Scan> query, List<PlanNode.Scan> view, int[] mapping, boolean[] used,
                               int at, int limit, List<int[]> out) {
        if (out.size() >= limit) {
            return;
        }
        if (at == view.size()) {
            out.add(mapping.clone());
            return;
        }
        long table = view.get(at).source().tableId();
        for (int q = 0; q < query.size(); q++) {
            if (!used[q] && query.get(q).source().tableId() == table) {
                used[q] = true;
                mapping[at] = q;
                extend(query, view, mapping, used, at + 1, limit, out);
                used[q] = false;
            }
        }
    }
}
