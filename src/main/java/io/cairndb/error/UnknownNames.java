package io.cairndb.error;

/**
 * The errors for a name that a query refers to but no table in scope defines, worded as Doris words
 * them; both the analyzer and the engine's error translation raise them, so the text is the same
 * whichever notices first.
 */
public final class UnknownNames {
    private UnknownNames() {
    }

    public static CairnException column(String column, Throwable cause) {
        return new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + column + "' in 'table list'", cause);
    }

    /** A column {@code table.column} whose table is in scope but has no such column. */
    public static CairnException qualifiedColumn(String table, String column, Throwable cause) {
        return new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + column + "' in '" + table + "'", cause);
    }

    /** A column qualified by a name that is neither a table nor an alias of the query. */
    public static CairnException qualifier(String qualifier, Throwable cause) {
        return new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown table '" + qualifier
                + "' in the column list: it is neither a table nor an alias of this query", cause);
    }
}
