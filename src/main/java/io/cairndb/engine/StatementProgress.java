package io.cairndb.engine;

import java.util.Locale;

/** How far DuckDB has got with the statement a connection runs: rows processed of the rows its scans will read. */
public record StatementProgress(double percentage, long rowsProcessed, long totalRows) {

    /** {@code 42.17% (4669440/20000032 rows)}. */
    public String text() {
        return String.format(Locale.ROOT, "%.2f%% (%d/%d rows)", percentage, rowsProcessed, totalRows);
    }
}
