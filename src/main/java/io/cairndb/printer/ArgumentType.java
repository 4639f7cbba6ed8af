package io.cairndb.printer;

import io.cairndb.catalog.DataType;

/**
 * What the type rules know of one argument of a function or operator: its Doris type, whether it
 * may be NULL, and its value when it is a literal ({@code BigInteger}, {@code BigDecimal},
 * {@code Double}, {@code String} or {@code Boolean}; null otherwise). A NULL literal has the type
 * {@link DataType#NULL}. For a lambda argument (array_map, array_filter) the type is that of the
 * lambda's body; for an {@code INTERVAL n UNIT} argument (date_add) the type of n, with the unit's
 * name as its constant ("DAY", "HOUR" ...).
 */
public record ArgumentType(DataType type, boolean nullable, Object constant) {
    /** A non-literal argument. */
    public static ArgumentType of(DataType type, boolean nullable) {
        return new ArgumentType(type, nullable, null);
    }
}
