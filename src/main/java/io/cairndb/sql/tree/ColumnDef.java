package io.cairndb.sql.tree;

import io.cairndb.catalog.AggregationType;
import io.cairndb.catalog.DataType;

/**
 * A column in CREATE TABLE / ALTER TABLE. {@code nullable} is null when neither NULL nor NOT NULL
 * was written; {@code aggregation}, {@code autoIncrementStart} (the n of {@code AUTO_INCREMENT(n)}),
 * {@code defaultValue} and {@code comment} are nullable.
 * {@code defaultValue} is the literal or a call such as {@code CURRENT_TIMESTAMP}; {@code onUpdate} is the
 * {@code CURRENT_TIMESTAMP[(p)]} call of {@code ON UPDATE CURRENT_TIMESTAMP}, null when not written.
 */
public record ColumnDef(String name, DataType type, Boolean nullable, AggregationType aggregation,
                        boolean autoIncrement, Long autoIncrementStart, Expr defaultValue, Expr onUpdate,
                        String comment) {
}
