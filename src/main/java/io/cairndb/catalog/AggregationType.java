package io.cairndb.catalog;

/** How an AGGREGATE KEY table merges a value column when keys collide. */
public enum AggregationType {
    SUM, MAX, MIN, REPLACE, REPLACE_IF_NOT_NULL, BITMAP_UNION, HLL_UNION
}
