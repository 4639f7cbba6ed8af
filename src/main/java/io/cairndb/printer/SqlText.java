package io.cairndb.printer;

import java.util.List;
import java.util.stream.Collectors;

/** Quoting of identifiers and string literals for DuckDB. */
final class SqlText {
    private SqlText() {
    }

    /** A double-quoted identifier; quoting always keeps keywords and case intact. */
    static String ident(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    static String idents(List<String> names) {
        return names.stream().map(SqlText::ident).collect(Collectors.joining(", "));
    }

    /** A single-quoted string; DuckDB strings take backslashes literally, so only quotes need escaping. */
    static String string(String value) {
        return '\'' + value.replace("'", "''") + '\'';
    }
}
