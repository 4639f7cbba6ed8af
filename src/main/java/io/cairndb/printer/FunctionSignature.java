package io.cairndb.printer;

import io.cairndb.catalog.DataType;

/** A function call as Doris types it: its result type and whether the result may be NULL. */
public record FunctionSignature(String name, FunctionKind kind, DataType returnType, boolean nullable) {
}
