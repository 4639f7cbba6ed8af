package io.cairndb.plan;

import io.cairndb.catalog.DataType;

/**
 * A column a plan node produces. The id is unique within one plan and is what expressions refer to;
 * the name is the label the column carries (the select-list label at the top of a query, the base
 * column's name in a scan). A node above an outer join sees the same id with {@code nullable} set.
 */
public record PlanColumn(int id, String name, DataType type, boolean nullable) {

    public PlanColumn asNullable() {
        return nullable ? this : new PlanColumn(id, name, type, true);
    }

    public PlanColumn renamed(String newName) {
        return new PlanColumn(id, newName, type, nullable);
    }

    public ScalarExpr.ColumnRef ref() {
        return new ScalarExpr.ColumnRef(this);
    }
}
