package io.cairndb.sql;

/**
 * MySQL's executable comments: {@code /*! ... *}{@code /} and {@code /*!50001 ... *}{@code /} hold SQL
 * that a server of that version or later runs (mysqldump writes its SET, CREATE VIEW and key
 * statements so). Their text is kept and their markers blanked out, offsets unchanged, for a server
 * of {@link #SERVER_VERSION}; a later version's and MariaDB's own ({@code /*M!}) stay comments.
 */
public final class VersionedComments {
    /** The MySQL version the server announces (5.7.99), as a versioned comment writes it. */
    public static final int SERVER_VERSION = 50799;

    private VersionedComments() {
    }

    /** {@code sql} with the markers of the executable comments it holds replaced by spaces. */
    public static String unwrap(String sql) {
        if (!sql.contains("/*!")) {
            return sql;
        }
        char[] out = sql.toCharArray();
        int n = out.length;
        boolean open = false;
        int i = 0;
        while (i < n) {
            char c = out[i];
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(out, i, c);
            } else if (c == '#' || (c == '-' && i + 2 < n && out[i + 1] == '-' && Character.isWhitespace(out[i + 2]))) {
                while (i < n && out[i] != '\n') {
                    i++;
                }
            } else if (c == '*' && open && i + 1 < n && out[i + 1] == '/') {
                out[i] = ' ';
                out[i + 1] = ' ';
                open = false;
                i += 2;
            } else if (c == '/' && i + 1 < n && out[i + 1] == '*') {
                int digits = i + 3;
                while (digits < n && Character.isDigit(out[digits])) {
                    digits++;
                }
                if (digits - (i + 3) != 5 && digits - (i + 3) != 6) {
                    digits = i + 3; // no version: the digits are the comment's text
                }
                if (!open && i + 2 < n && out[i + 2] == '!' && applies(sql.substring(i + 3, digits))) {
                    for (int k = i; k < digits; k++) {
                        out[k] = ' ';
                    }
                    open = true;
                    i = digits;
                } else {
                    int end = sql.indexOf("*/", i + 2);
                    i = end < 0 ? n : end + 2;
                }
            } else {
                i++;
            }
        }
        return new String(out);
    }

    private static boolean applies(String version) {
        return version.isEmpty() || Integer.parseInt(version) <= SERVER_VERSION;
    }

    /** The index after the quoted text starting at {@code start}; a backslash escapes inside strings. */
    private static int skipQuoted(char[] s, int start, char quote) {
        int i = start + 1;
        while (i < s.length) {
            if (s[i] == '\\' && quote != '`' && i + 1 < s.length) {
                i += 2;
            } else if (s[i] == quote) {
                if (i + 1 < s.length && s[i + 1] == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return i;
    }
}
