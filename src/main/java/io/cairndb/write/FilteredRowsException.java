package io.cairndb.write;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.List;

/**
 * A non-strict write that filtered out more rows than its ratio allows, with the first of them as a
 * load's error log shows them (a Stream Load answers with their ErrorURL).
 */
public final class FilteredRowsException extends CairnException {
    private final transient List<String> rejected;
    private final long filteredRows;
    private final long totalRows;

    FilteredRowsException(String message, long filteredRows, long totalRows, List<String> rejected) {
        super(ErrorCode.WRONG_VALUE, message);
        this.rejected = List.copyOf(rejected);
        this.filteredRows = filteredRows;
        this.totalRows = totalRows;
    }

    public long filteredRows() {
        return filteredRows;
    }

    /** The rows the write had before filtering. */
    public long totalRows() {
        return totalRows;
    }

    public List<String> rejected() {
        return rejected;
    }
}
