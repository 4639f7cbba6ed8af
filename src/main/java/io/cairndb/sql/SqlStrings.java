package io.cairndb.sql;

/** Decoding of quoted literals and identifiers as MySQL reads them. */
final class SqlStrings {
    private SqlStrings() {
    }

    /**
     * The value of a '...' or "..." token: MySQL backslash escapes are resolved, except that
     * {@code \%} and {@code \_} keep their backslash (they stay escapes for LIKE), and a doubled
     * quote stands for one quote.
     */
    static String unquoteString(String token) {
        char quote = token.charAt(0);
        StringBuilder out = new StringBuilder(token.length());
        int end = token.length() - 1;
        for (int i = 1; i < end; i++) {
            char c = token.charAt(i);
            if (c == '\\') {
                char next = token.charAt(++i);
                switch (next) {
                    case '0' -> out.append('\0');
                    case 'b' -> out.append('\b');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'Z' -> out.append('\u001A');
                    case '%', '_' -> out.append('\\').append(next);
                    default -> out.append(next);
                }
            } else if (c == quote) {
                out.append(c);
                i++; // the lexer only lets a quote through doubled
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The name inside a `...` token; a doubled back quote stands for one. */
    static String unquoteIdentifier(String token) {
        return token.substring(1, token.length() - 1).replace("``", "`");
    }

    /** A single-quoted literal that {@link #unquoteString} reads back as {@code value}. */
    static String quoteString(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\'' -> out.append("\\'");
                case '\\' -> out.append("\\\\");
                case '\0' -> out.append("\\0");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\u001A' -> out.append("\\Z");
                default -> out.append(c);
            }
        }
        return out.append('\'').toString();
    }

    /** A back-quoted identifier. */
    static String quoteIdentifier(String name) {
        return '`' + name.replace("`", "``") + '`';
    }
}
