package io.cairndb.engine;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The engine's words for types and functions, and the dialect's: an engine message that names a type
 * or a function the printed SQL calls is reworded with the names the user wrote or would write.
 */
final class EngineVocabulary {
    /** Engine type names (longest first where one contains another) and the Doris type each stands for. */
    private static final Map<String, String> TYPES = new LinkedHashMap<>();
    /** Functions the printed SQL calls in place of a dialect function, by the dialect function's name. */
    private static final Map<String, String> FUNCTIONS = Map.ofEntries(
            Map.entry("cairn_int_part", "cast"),
            Map.entry("cairn_div", "div"),
            Map.entry("cairn_date_add", "date_add"),
            Map.entry("cairn_date_trunc", "date_trunc"),
            Map.entry("cairn_month_diff", "months_diff"),
            Map.entry("try_strptime", "str_to_date"),
            Map.entry("strptime", "str_to_date"),
            Map.entry("strftime", "date_format"),
            Map.entry("list_contains", "array_contains"),
            Map.entry("+", "add"),
            Map.entry("-", "subtract"),
            Map.entry("*", "multiply"),
            Map.entry("/", "divide"),
            Map.entry("//", "int_divide"),
            Map.entry("%", "mod"));
    private static final Pattern TYPE_WORD;

    static {
        TYPES.put("TIMESTAMP WITH TIME ZONE", "DATETIME");
        TYPES.put("TIME WITH TIME ZONE", "TIME");
        TYPES.put("INTEGER_LITERAL", "INT");
        TYPES.put("STRING_LITERAL", "VARCHAR");
        TYPES.put("TIMESTAMP_S", "DATETIME");
        TYPES.put("TIMESTAMP_MS", "DATETIME");
        TYPES.put("TIMESTAMP_NS", "DATETIME");
        TYPES.put("TIMESTAMP_TZ", "DATETIME");
        TYPES.put("TIMESTAMP", "DATETIME");
        TYPES.put("UHUGEINT", "LARGEINT");
        TYPES.put("HUGEINT", "LARGEINT");
        TYPES.put("UBIGINT", "LARGEINT");
        TYPES.put("UINTEGER", "BIGINT");
        TYPES.put("USMALLINT", "INT");
        TYPES.put("UTINYINT", "SMALLINT");
        TYPES.put("INTEGER", "INT");
        TYPES.put("INT64", "BIGINT");
        TYPES.put("INT32", "INT");
        TYPES.put("INT16", "SMALLINT");
        TYPES.put("INT8", "TINYINT");
        TYPES.put("UINT64", "LARGEINT");
        TYPES.put("UINT32", "BIGINT");
        TYPES.put("UINT16", "INT");
        TYPES.put("UINT8", "SMALLINT");
        TYPES.put("BOOL", "BOOLEAN");
        TYPES.put("BIGNUM", "LARGEINT");
        TYPES.put("BLOB", "VARBINARY");
        TYPES.put("LIST", "ARRAY");
        TYPES.put("ANY[]", "ARRAY");
        TYPES.put("T[]", "ARRAY");
        StringBuilder alternatives = new StringBuilder();
        for (String engine : TYPES.keySet()) {
            alternatives.append(alternatives.length() == 0 ? "" : "|").append(Pattern.quote(engine));
        }
        TYPE_WORD = Pattern.compile("(?<![A-Za-z0-9_])(" + alternatives + ")(?![A-Za-z0-9_(\\[])");
    }

    private EngineVocabulary() {
    }

    /** The text with every engine type name replaced by its Doris name. */
    static String types(String text) {
        Matcher m = TYPE_WORD.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(TYPES.get(m.group(1))));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The dialect name of a function the printed SQL calls (lower-case). */
    static String function(String engineName) {
        String name = engineName.toLowerCase(Locale.ROOT);
        return FUNCTIONS.getOrDefault(name, name);
    }
}
