package io.cairndb.engine;

import io.cairndb.catalog.DataType;

/** One column of a result: its label and dialect type. */
public record ResultColumn(String name, DataType type) {
}
