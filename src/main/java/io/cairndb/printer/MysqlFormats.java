package io.cairndb.printer;

import java.util.Map;

/**
 * MySQL date format strings ({@code date_format}, {@code str_to_date}, {@code from_unixtime}) as
 * DuckDB strftime/strptime formats.
 */
final class MysqlFormats {
    /** Specifier letter → strftime text; '-' drops zero padding in DuckDB. */
    private static final Map<Character, String> FORMAT = Map.ofEntries(
            Map.entry('Y', "%Y"), Map.entry('y', "%y"), Map.entry('m', "%m"), Map.entry('c', "%-m"),
            Map.entry('d', "%d"), Map.entry('e', "%-d"), Map.entry('H', "%H"), Map.entry('k', "%-H"),
            Map.entry('h', "%I"), Map.entry('I', "%I"), Map.entry('l', "%-I"), Map.entry('i', "%M"),
            Map.entry('s', "%S"), Map.entry('S', "%S"), Map.entry('f', "%f"), Map.entry('p', "%p"),
            Map.entry('W', "%A"), Map.entry('a', "%a"), Map.entry('M', "%B"), Map.entry('b', "%b"),
            Map.entry('j', "%j"), Map.entry('w', "%w"), Map.entry('U', "%U"), Map.entry('u', "%W"),
            Map.entry('v', "%V"), Map.entry('T', "%H:%M:%S"), Map.entry('r', "%I:%M:%S %p"),
            Map.entry('%', "%%"));

    /** Letters whose presence makes a parsed value a DATETIME rather than a DATE. */
    private static final String TIME_LETTERS = "HkhIlisSfpTr";

    private MysqlFormats() {
    }

    /** The strftime format for a MySQL format. */
    static String toStrftime(String mysql) {
        return convert(mysql, false);
    }

    /** The strptime format for a MySQL format: parsing accepts numbers with or without padding. */
    static String toStrptime(String mysql) {
        return convert(mysql, true);
    }

    /** True when the format has a time-of-day specifier. */
    static boolean hasTime(String mysql) {
        for (int i = 0; i + 1 < mysql.length(); i++) {
            if (mysql.charAt(i) == '%') {
                if (TIME_LETTERS.indexOf(mysql.charAt(i + 1)) >= 0) {
                    return true;
                }
                i++;
            }
        }
        return false;
    }

    private static String convert(String mysql, boolean parsing) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < mysql.length(); i++) {
            char ch = mysql.charAt(i);
            if (ch != '%') {
                out.append(ch);
            } else if (i + 1 == mysql.length()) {
                // A trailing lone % stands for itself.
                out.append("%%");
            } else {
                char letter = mysql.charAt(++i);
                String spec = FORMAT.get(letter);
                if (spec == null) {
                    // MySQL prints an unknown specifier's letter as is.
                    out.append(letter);
                } else {
                    out.append(parsing ? spec.replace("%-", "%") : spec);
                }
            }
        }
        return out.toString();
    }
}
