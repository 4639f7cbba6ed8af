package io.cairndb.engine;

/** What one statement produced: rows to send, or an update count. */
public sealed interface StatementResult permits RowResult, UpdateCount {
}
