package io.cairndb.catalog;

/** The column types of the Doris dialect. */
public enum TypeKind {
    BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, LARGEINT, FLOAT, DOUBLE, DECIMAL,
    DATE, DATETIME, CHAR, VARCHAR, STRING, JSON, ARRAY, MAP, STRUCT, BITMAP, HLL, NULL_TYPE;

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
