package io.cairndb.engine;

import java.util.List;

/**
 * The outcome of a statement that returns no rows (MySQL OK packet). {@code warnings} counts the
 * rows a non-strict load filtered out, as Doris reports them; {@code warningMessages} say why, for
 * SHOW WARNINGS; {@code rejectedRows} are the first of them, as a load's error log lists them.
 */
public record UpdateCount(long affectedRows, String info, long warnings, List<String> warningMessages, List<String> rejectedRows)
        implements StatementResult {
    public static final UpdateCount NONE = new UpdateCount(0, "");

    public UpdateCount {
        warningMessages = List.copyOf(warningMessages);
        rejectedRows = List.copyOf(rejectedRows);
    }

    public UpdateCount(long affectedRows, String info, long warnings, List<String> warningMessages) {
        this(affectedRows, info, warnings, warningMessages, List.of());
    }

    public UpdateCount(long affectedRows, String info) {
        this(affectedRows, info, 0, List.of());
    }

    public static UpdateCount of(long affectedRows) {
        return new UpdateCount(affectedRows, "");
    }
}
