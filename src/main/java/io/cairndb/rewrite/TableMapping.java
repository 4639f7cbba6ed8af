package io.cairndb.rewrite;

import io.cairndb.plan.PlanNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The ways of pairing a view's tables with a query's: every query table with a distinct view table of
 * the same id; a view table left over (-1) is one the query does not read, which only a join that can
 * be eliminated allows. A self join gives several pairings (the product over its repeated tables); at
 * most {@code limit} are listed, as materialized_view_relation_mapping_max_count bounds them.
 */
final class TableMapping {
    /** A view table no query table stands for. */
    static final int NONE = -1;

    private TableMapping() {
    }

    /** Each mapping gives, for every view table position, the query table position it stands for (or NONE). */
    static List<int[]> of(List<PlanNode.Scan> query, List<PlanNode.Scan> view, int limit) {
        List<int[]> out = new ArrayList<>();
        if (query.size() <= view.size()) {
            extend(query, view, new int[view.size()], new boolean[query.size()], 0, view.size() - query.size(),
                    Math.max(1, limit), out);
        }
        return out;
    }

    /**
     * The pairings of every view table with a distinct query table of the same id, the query reading
     * more tables than the view (each mapping: for every view table position, a query table position).
     */
    static List<int[]> into(List<PlanNode.Scan> query, List<PlanNode.Scan> view, int limit) {
        List<int[]> out = new ArrayList<>();
        if (query.size() > view.size()) {
            extend(query, view, new int[view.size()], new boolean[query.size()], 0, 0, Math.max(1, limit), out);
        }
        return out;
    }

    private static void extend(List<PlanNode.Scan> query, List<PlanNode.Scan> view, int[] mapping, boolean[] used,
                               int at, int extras, int limit, List<int[]> out) {
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
                extend(query, view, mapping, used, at + 1, extras, limit, out);
                used[q] = false;
            }
        }
        if (extras > 0) {
            mapping[at] = NONE;
            extend(query, view, mapping, used, at + 1, extras - 1, limit, out);
        }
    }
}
