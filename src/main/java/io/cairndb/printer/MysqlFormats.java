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
            Map.entry('v', "%V"), Map.entry('x', "%G"), Map.entry('T', "%H:%M:%S"), Map.entry('r', "%I:%M:%S %p"),
            Map.entry('%', "%%"));

    /**
     * Specifiers strftime has no equivalent for, as SQL over the value (written {@code $v}); when
     * formatting they replace the strftime text above.
     */
    private static final Map<Character, String> COMPUTED = Map.of(
            // WEEK(d, 1): weeks start on Monday; week 1 is the first with four or more days of the year.
            'u', "lpad(CAST((dayofyear($v) + isodow(date_trunc('year', $v)) - 2) // 7"
                    + " + CASE WHEN isodow(date_trunc('year', $v)) <= 4 THEN 1 ELSE 0 END AS VARCHAR), 2, '0')",
            // The day of the month with its English suffix: 1st, 2nd, 3rd, 4th, 11th, 21st.
            'D', "CAST(day($v) AS VARCHAR) || CASE WHEN day($v) IN (11, 12, 13) THEN 'th' WHEN day($v) % 10 = 1"
                    + " THEN 'st' WHEN day($v) % 10 = 2 THEN 'nd' WHEN day($v) % 10 = 3 THEN 'rd' ELSE 'th' END");

    /** Letters whose presence makes a parsed value a DATETIME rather than a DATE. */
    private static final String TIME_LETTERS = "HkhIlisSfpTr";

    private MysqlFormats() {
    }

    /** The strftime format for a MySQL format. */
    static String toStrftime(String mysql) {
        return convert(mysql, false);
    }

    /**
     * A DuckDB expression formatting the TIMESTAMP {@code valueSql} with a MySQL format: one
     * strftime call, or strftime pieces concatenated with the specifiers strftime lacks.
     */
    static String format(String valueSql, String mysql) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        int start = 0;
        for (int i = 0; i + 1 < mysql.length(); i++) {
            if (mysql.charAt(i) != '%') {
                continue;
            }
            String computed = COMPUTED.get(mysql.charAt(i + 1));
            if (computed != null) {
                if (i > start) {
                    parts.add(strftime(valueSql, mysql.substring(start, i)));
                }
                parts.add("(" + computed.replace("$v", valueSql) + ")");
                start = i + 2;
            }
            i++;
        }
        if (parts.isEmpty()) {
            return strftime(valueSql, mysql);
        }
        if (start < mysql.length()) {
            parts.add(strftime(valueSql, mysql.substring(start)));
        }
        return "(" + String.join(" || ", parts) + ")";
    }

    private static String strftime(String valueSql, String mysql) {
        return "strftime(" + valueSql + ", " + SqlText.string(toStrftime(mysql)) + ")";
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
