package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewords the engine's binder and conversion errors that a user's statement can cause (wrong
 * argument types, uncomparable values, misplaced aggregates, bad casts) as Doris reports them. What
 * no rule knows keeps the engine's sentence, with its type names made Doris's and its hints (lists
 * of candidate functions, "did you mean") dropped, since they name the engine's functions.
 */
final class EngineMessages {
    private record Rule(Pattern pattern, ErrorCode code, Function<Matcher, String> message) {
    }

    private static final List<Rule> RULES = List.of(
            rule("No function matches the given name and argument types '([^(]*)\\((.*?)\\)'.*", ErrorCode.WRONG_ARGUMENTS,
                    m -> signature(m.group(1), m.group(2))),
            rule("Could not choose a best candidate function for the function call \"([^(]*)\\((.*?)\\)\".*",
                    ErrorCode.WRONG_ARGUMENTS, m -> signature(m.group(1), m.group(2))),
            rule("Macro (\\w+)\\(\\) (?:does not support the supplied arguments|has multiple overloads that match).*",
                    ErrorCode.WRONG_ARGUMENTS, m -> "Can not find the compatibility function signature of "
                            + EngineVocabulary.function(m.group(1)) + " for the types of its arguments: add an explicit CAST"),
            rule("Cannot compare values of type (.+?) and type (.+?) - an explicit cast is required.*",
                    ErrorCode.WRONG_ARGUMENTS, m -> "Can not compare " + EngineVocabulary.types(m.group(1)) + " with "
                            + EngineVocabulary.types(m.group(2)) + ": add an explicit CAST"),
            rule("Could not convert string ['\"](.*?)['\"] to (\\S+?)(?: when casting from source column \\S+)?\\.?",
                    ErrorCode.WRONG_VALUE,
                    m -> "Can not cast '" + m.group(1) + "' to " + EngineVocabulary.types(m.group(2))),
            rule("Type (\\S+) with value (.*) can't be cast because the value is out of range for the destination type (\\S+)",
                    ErrorCode.WRONG_VALUE, m -> "Value " + m.group(2) + " is out of range for "
                            + EngineVocabulary.types(m.group(3))),
            rule("Type (\\S+) with value (.*) can't be cast to the destination type (\\S+)", ErrorCode.WRONG_VALUE,
                    m -> "Can not cast " + m.group(2) + " to " + EngineVocabulary.types(m.group(3))),
            rule("Unimplemented type for cast \\((.+?) -> (.+?)\\).*", ErrorCode.WRONG_ARGUMENTS,
                    m -> "Can not cast from " + EngineVocabulary.types(m.group(1)) + " to " + EngineVocabulary.types(m.group(2))),
            rule("invalid date field format: \"(.*)\", expected format is.*|date field value out of range: \"(.*)\".*",
                    ErrorCode.WRONG_VALUE, m -> "Incorrect date value: '" + first(m) + "'"),
            rule("invalid timestamp field format: \"(.*)\", expected format is.*|timestamp field value out of range: \"(.*)\".*",
                    ErrorCode.WRONG_VALUE, m -> "Incorrect datetime value: '" + first(m) + "'"),
            // A value larger than the connection may build (DuckMacros' value limit), in MySQL's words.
            rule("(Result of \\w+\\(\\) was larger than \\w+ \\(\\d+\\))", ErrorCode.VALUE_TOO_LARGE, m -> m.group(1)),
            // The engine's own parser rejects what ours let through (a printed query is always its SQL).
            rule("syntax error at or near (.*)", ErrorCode.WRONG_ARGUMENTS, m -> "Syntax error near " + m.group(1)),
            rule("(WHERE|GROUP BY|JOIN ON|ON) clause cannot contain aggregates!", ErrorCode.WRONG_ARGUMENTS,
                    m -> QueryErrors.aggregateIn(m.group(1))),
            rule("(WHERE|GROUP BY|HAVING|JOIN ON|ON|QUALIFY) clause cannot contain window functions!", ErrorCode.WRONG_ARGUMENTS,
                    m -> QueryErrors.analyticIn(m.group(1))),
            rule("aggregate function calls cannot be nested", ErrorCode.WRONG_ARGUMENTS,
                    m -> QueryErrors.NESTED_AGGREGATE),
            rule("aggregate function calls cannot contain window function calls", ErrorCode.WRONG_ARGUMENTS,
                    m -> QueryErrors.ANALYTIC_IN_AGGREGATE),
            rule("column \"?([^\" ]+)\"? must appear in the GROUP BY clause or (?:must be part of|be used in) an aggregate function.*",
                    ErrorCode.WRONG_ARGUMENTS, m -> QueryErrors.notGrouped(m.group(1))),
            rule("Set operations can only apply to expressions with the same number of result columns",
                    ErrorCode.WRONG_ARGUMENTS, m -> QueryErrors.UNEQUAL_COLUMNS),
            rule("(ORDER|GROUP BY) term out of range - should be between (\\d+) and (\\d+)", ErrorCode.WRONG_ARGUMENTS,
                    m -> QueryErrors.positionNotInSelectList(m.group(1).equals("ORDER") ? "ORDER BY" : "GROUP BY",
                            Integer.parseInt(m.group(3)))),
            rule("Column \"([^\"]+)\" does not exist on (?:left|right) side of join!?", ErrorCode.UNKNOWN_COLUMN,
                    m -> "Unknown column '" + m.group(1) + "' in 'table list'"),
            rule("Subquery returns (\\d+) columns - expected (\\d+)", ErrorCode.WRONG_ARGUMENTS,
                    m -> QueryErrors.operandColumns(Integer.parseInt(m.group(2)))),
            rule("More than one row returned by a subquery used as an expression.*", ErrorCode.WRONG_VALUE,
                    m -> "Subquery returns more than 1 row"),
            // The regular expression library's complaints, followed by the part of the pattern they are about.
            rule("(missing \\)|missing \\]|unexpected \\)|invalid escape sequence|trailing \\\\|bad repetition operator"
                    + "|no argument for repetition operator|invalid character class range|invalid character class"
                    + "|invalid named capture group|invalid perl operator|invalid repetition size|bad inline flag"
                    + "|missing argument to repetition operator): (.*)", ErrorCode.WRONG_ARGUMENTS,
                    m -> "Invalid regex expression: " + m.group(1) + " near '" + m.group(2) + "'"),
            rule("Ambiguous reference to column name \"([^\"]+)\".*", ErrorCode.WRONG_ARGUMENTS,
                    m -> "Column '" + m.group(1) + "' is ambiguous"));

    private EngineMessages() {
    }

    private static Rule rule(String regex, ErrorCode code, Function<Matcher, String> message) {
        return new Rule(Pattern.compile(regex, Pattern.DOTALL), code, message);
    }

    /** The Doris wording of an engine error's detail, or null when no rule knows it. */
    static CairnException reword(String detail, Throwable cause) {
        for (Rule r : RULES) {
            Matcher m = r.pattern().matcher(detail);
            if (m.matches()) {
                return new CairnException(r.code(), r.message().apply(m), cause);
            }
        }
        return null;
    }

    /**
     * The engine's own sentence without what only the engine's SQL explains: the first paragraph, its
     * type names Doris's, no candidate lists or suggestions.
     */
    static String plain(String detail) {
        String text = detail;
        for (String hint : new String[] {"\n\tCandidate", "\nCandidate", "\nDid you mean", "\n\nUse \"SET", "\nLINE "}) {
            int at = text.indexOf(hint);
            if (at >= 0) {
                text = text.substring(0, at);
            }
        }
        return EngineVocabulary.types(text.trim());
    }

    /** {@code name(types)} as Doris prints a signature no function matches. */
    private static String signature(String engineName, String argTypes) {
        return "Can not find the compatibility function signature: " + EngineVocabulary.function(engineName.trim())
                + "(" + EngineVocabulary.types(argTypes) + ")";
    }

    private static String first(Matcher m) {
        return m.group(1) != null ? m.group(1) : m.group(2);
    }
}
