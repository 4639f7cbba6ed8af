package io.cairndb.sql.tree;

/** One ORDER BY key. */
public record OrderItem(Expr expr, boolean ascending, NullOrdering nulls) {
    public enum NullOrdering { DEFAULT, FIRST, LAST }
}
