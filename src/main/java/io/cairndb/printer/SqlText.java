package io.cairndb.printer;

import io.cairndb.engine.Sql;

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

    /** A string literal ({@link Sql#literal}). */
    static String string(String value) {
        return Sql.literal(value);
    }
}
