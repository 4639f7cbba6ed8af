package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Doris column types as DuckDB types.
 *
 * <p>BITMAP and HLL have no DuckDB counterpart and are stored as {@code UBIGINT[]}: a BITMAP is
 * the sorted, distinct list of its members; an HLL is the distinct list of the 64-bit hashes of
 * its members. HLL cardinalities are therefore exact counts of distinct hashes, not sketch
 * estimates, and HLL values grow with the number of distinct members. An AGG_STATE is the STRUCT
 * its aggregate keeps its state in ({@link AggregateStates}).
 */
public final class DuckTypes {
    /** DuckDB's widest DECIMAL. */
    public static final int MAX_DECIMAL_PRECISION = 38;

    private DuckTypes() {
    }

    public static String toDuckDb(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> "BOOLEAN";
            case TINYINT -> "TINYINT";
            case SMALLINT -> "SMALLINT";
            case INT -> "INTEGER";
            case BIGINT -> "BIGINT";
            case LARGEINT -> "HUGEINT";
            case FLOAT -> "FLOAT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> decimal(type);
            case DATE -> "DATE";
            // The stored precision follows DATETIME(p): seconds, milliseconds or microseconds.
            case DATETIME -> type.scale() == 0 ? "TIMESTAMP_S" : type.scale() <= 3 ? "TIMESTAMP_MS" : "TIMESTAMP";
            case CHAR, VARCHAR, STRING -> "VARCHAR";
            case JSON -> "JSON";
            case ARRAY -> toDuckDb(type.children().get(0)) + "[]";
            case MAP -> "MAP(" + toDuckDb(type.children().get(0)) + ", " + toDuckDb(type.children().get(1)) + ")";
            case STRUCT -> "STRUCT(" + IntStream.range(0, type.children().size())
                    .mapToObj(i -> SqlText.ident(type.fieldNames().get(i)) + " " + toDuckDb(type.children().get(i)))
                    .collect(Collectors.joining(", ")) + ")";
            case BITMAP, HLL -> "UBIGINT[]";
            case AGG_STATE -> AggregateStates.duckType(type);
            // What DuckDB itself materializes a bare NULL as (CREATE TABLE .. AS SELECT NULL).
            case NULL_TYPE -> "INTEGER";
        };
    }

    private static String decimal(DataType type) {
        if (type.precision() > MAX_DECIMAL_PRECISION) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "DECIMAL(" + type.precision() + ", " + type.scale()
                    + ") is not supported: the maximum precision is " + MAX_DECIMAL_PRECISION);
        }
        // DECIMAL without precision is DECIMAL(9, 0) in Doris (DECIMALV3 default).
        int precision = type.precision() <= 0 ? 9 : type.precision();
        return "DECIMAL(" + precision + ", " + type.scale() + ")";
    }
}
