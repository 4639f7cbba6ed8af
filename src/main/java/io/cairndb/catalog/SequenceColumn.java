package io.cairndb.catalog;

import java.util.Locale;

/**
 * The sequence column of a UNIQUE KEY table (Doris's {@code function_column.sequence_col} or
 * {@code function_column.sequence_type}): of two rows with one key, the one with the larger sequence
 * value is kept, whichever was written last; NULL is the smallest value and on a tie the later row
 * wins. {@code sequence_col} names a column of the table; {@code sequence_type} adds the hidden
 * column {@link #HIDDEN_NAME} of that type, which every write must give.
 */
public record SequenceColumn(String column, boolean hidden) {
    public static final String HIDDEN_NAME = "__DORIS_SEQUENCE_COL__";
    public static final String COL_PROPERTY = "function_column.sequence_col";
    public static final String TYPE_PROPERTY = "function_column.sequence_type";

    /** The table's sequence column, or null when it has none. */
    public static SequenceColumn of(TableMeta t) {
        String mapped = t.properties().get(COL_PROPERTY);
        if (mapped != null) {
            ColumnMeta c = t.column(mapped);
            return new SequenceColumn(c == null ? mapped : c.name(), false);
        }
        return t.properties().containsKey(TYPE_PROPERTY) ? new SequenceColumn(HIDDEN_NAME, true) : null;
    }

    /** Whether a column is one the dialect hides from {@code SELECT *} and DESC unless {@code show_hidden_columns} is set. */
    public static boolean isHidden(ColumnMeta c) {
        return c.name().equals(HIDDEN_NAME);
    }

    /** The type named by {@code sequence_type}, or null when it is not an integer or date type. */
    public static DataType typeNamed(String text) {
        String name = text.strip().toUpperCase(Locale.ROOT);
        name = switch (name) {
            case "DATEV2" -> "DATE";
            case "DATETIMEV2" -> "DATETIME";
            default -> name;
        };
        for (TypeKind k : TypeKind.values()) {
            if (k.name().equals(name) && (k.isInteger() || k.isTemporal())) {
                return DataType.of(k);
            }
        }
        return null;
    }
}
