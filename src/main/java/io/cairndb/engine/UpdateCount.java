package io.cairndb.engine;

/** The outcome of a statement that returns no rows (MySQL OK packet). */
public record UpdateCount(long affectedRows, String info) implements StatementResult {
    public static final UpdateCount NONE = new UpdateCount(0, "");

    public static UpdateCount of(long affectedRows) {
        return new UpdateCount(affectedRows, "");
    }
}
