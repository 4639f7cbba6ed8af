package io.cairndb.printer;

/** Whether a function is evaluated per row, over a group, or only over a window. */
public enum FunctionKind {
    SCALAR, AGGREGATE, WINDOW
}
