package io.cairndb.engine;

import io.cairndb.catalog.DataType;

/** One column of a result: its label and dialect type, and where its values come from when known (else null). */
public record ResultColumn(String name, DataType type, ColumnSource source) {
    public ResultColumn(String name, DataType type) {
        this(name, type, null);
    }
}
