package io.cairndb.engine;

import java.util.List;

/**
 * A forward-only cursor over result rows. Values are Java objects: null, Boolean, Byte, Short,
 * Integer, Long, BigInteger, Float, Double, BigDecimal, String, LocalDate, LocalDateTime, or a
 * String rendering for JSON, ARRAY, MAP, STRUCT, BITMAP and HLL values.
 */
public non-sealed interface RowResult extends StatementResult, AutoCloseable {
    List<ResultColumn> columns();

    /** Advances to the next row; false when there are no more. */
    boolean next();

    /** The value of column {@code index} (0-based) in the current row. */
    Object value(int index);

    /**
     * Hands the value of column {@code index} in the current row to {@code sink}: the same value as
     * {@link #value}, typed where the cursor knows the column's type.
     */
    default void read(int index, ValueSink sink) {
        Object v = value(index);
        if (v == null) {
            sink.nullValue();
        } else {
            sink.object(v);
        }
    }

    @Override
    void close();
}
