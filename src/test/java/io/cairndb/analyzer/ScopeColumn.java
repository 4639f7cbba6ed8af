package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.ColumnLineage;
import io.cairndb.sql.tree.Expr;

import java.util.List;

/** A column visible in a query's scope: its qualifier (table alias), name, lineage and type (null: unknown). */
record ScopeColumn(String qualifier, String name, ColumnLineage lineage, DataType type) {

    ScopeColumn requalified(String q) {
        return new ScopeColumn(q, name, lineage, type);
    }

    /** The position in {@code scope} of the column {@code id} names, or -1. */
    static int find(List<ScopeColumn> scope, Expr.Identifier id) {
        List<String> parts = id.parts();
        String name = id.name();
        String qualifier = parts.size() >= 2 ? parts.get(parts.size() - 2) : null;
        for (int i = 0; i < scope.size(); i++) {
            ScopeColumn c = scope.get(i);
            if (c.name().equalsIgnoreCase(name) && (qualifier == null || qualifier.equalsIgnoreCase(c.qualifier()))) {
                return i;
            }
        }
        return -1;
    }
}
