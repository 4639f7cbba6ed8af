package io.cairndb.catalog;

/**
 * A table column. {@code aggregation} is set for value columns of AGGREGATE KEY tables;
 * {@code autoIncrementStart} is the first value of an AUTO_INCREMENT column when its definition
 * gave one ({@code AUTO_INCREMENT(n)}), else null (numbering starts at 1);
 * {@code defaultValue} is the default as dialect SQL text (a literal or {@code CURRENT_TIMESTAMP[(p)]}),
 * null when there is none; {@code onUpdate} is {@code CURRENT_TIMESTAMP[(p)]} for a column that an
 * UPDATE not assigning it sets to the statement's time (Doris's {@code ON UPDATE CURRENT_TIMESTAMP}),
 * else null; {@code comment} is never null.
 */
public record ColumnMeta(String name, DataType type, boolean nullable, boolean key, AggregationType aggregation,
                         boolean autoIncrement, Long autoIncrementStart, String defaultValue, String onUpdate,
                         String comment) {

    public ColumnMeta {
        comment = comment == null ? "" : comment;
    }

    public ColumnMeta withName(String newName) {
        return new ColumnMeta(newName, type, nullable, key, aggregation, autoIncrement, autoIncrementStart, defaultValue, onUpdate,
                comment);
    }

    public ColumnMeta withKey(boolean isKey) {
        return new ColumnMeta(name, type, nullable, isKey, aggregation, autoIncrement, autoIncrementStart, defaultValue, onUpdate,
                comment);
    }
}
