package io.cairndb.catalog;

/**
 * How an AGGREGATE KEY table merges a value column when keys collide. GENERIC merges an AGG_STATE
 * column's states by the aggregate of its type.
 */
public enum AggregationType {
    SUM, MAX, MIN, REPLACE, REPLACE_IF_NOT_NULL, BITMAP_UNION, HLL_UNION, GENERIC
}
