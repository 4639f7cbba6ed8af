package io.cairndb.catalog;

/**
 * The column types of the Doris dialect. AGG_STATE is the intermediate state of an aggregate
 * ({@code agg_state<sum(int null)>}), which the {@code _state}, {@code _union} and {@code _merge}
 * combinators make, merge and finish.
 */
public enum TypeKind {
    BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, LARGEINT, FLOAT, DOUBLE, DECIMAL,
    DATE, DATETIME, CHAR, VARCHAR, STRING, JSON, ARRAY, MAP, STRUCT, BITMAP, HLL, AGG_STATE, NULL_TYPE;

    public boolean isInteger() {
        return this == TINYINT || this == SMALLINT || this == INT || this == BIGINT || this == LARGEINT;
    }

    public boolean isNumeric() {
        return isInteger() || this == FLOAT || this == DOUBLE || this == DECIMAL;
    }

    public boolean isString() {
        return this == CHAR || this == VARCHAR || this == STRING;
    }

    public boolean isTemporal() {
        return this == DATE || this == DATETIME;
    }
}
