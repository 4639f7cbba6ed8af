package io.cairndb.engine;

/**
 * Takes one value of a result row from {@link RowResult#read}: whole numbers, doubles and strings
 * arrive unboxed or as they are, so that a consumer can encode them without a Java object or a
 * String per value in between; any other value arrives as {@link RowResult#value} returns it.
 */
public interface ValueSink {
    void nullValue();

    /** A value of a TINYINT, SMALLINT, INT or BIGINT column. */
    void integer(long value);

    /** A value of a DOUBLE column. */
    void floating(double value);

    /** A value of a string column (not JSON nor a nested type rendered as text). */
    void text(String value);

    /** Any other non-null value, exactly as {@link RowResult#value} returns it. */
    void object(Object value);
}
