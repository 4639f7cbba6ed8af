package io.cairndb.rewrite;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.PlanColumn;

/** Hands out column ids above every id of the plan being rewritten, so new columns never clash. */
final class ColumnIds {
    private int next;

    ColumnIds(int firstFree) {
        this.next = firstFree;
    }

    PlanColumn fresh(String name, DataType type, boolean nullable) {
        return new PlanColumn(next++, name, type, nullable);
    }

    int next() {
        return next++;
    }
}
