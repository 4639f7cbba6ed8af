package io.cairndb.sql;

import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.misc.IntervalSet;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The keyword sets of the grammar, read from its ATN so they never drift from CairnSql.g4:
 * reserved words are the keywords not listed in rule {@code nonReserved}.
 */
final class Keywords {
    private static final Pattern WORD = Pattern.compile("'([A-Z_]+)'");

    /** Token types that may be used as identifiers. */
    static final IntervalSet NON_RESERVED_TOKENS = firstTokens(CairnSqlParser.RULE_nonReserved);
    /** Token types that may start a function name (identifiers and a few reserved words such as IF). */
    private static final IntervalSet FUNCTION_NAME_TOKENS = firstTokens(CairnSqlParser.RULE_functionName);

    private static final Set<String> RESERVED = new HashSet<>();
    private static final Set<String> CALLABLE_RESERVED = new HashSet<>();

    static {
        Vocabulary vocabulary = CairnSqlLexer.VOCABULARY;
        for (int type = 1; type <= vocabulary.getMaxTokenType(); type++) {
            String word = keyword(type);
            if (word != null && !NON_RESERVED_TOKENS.contains(type)) {
                RESERVED.add(word);
                if (FUNCTION_NAME_TOKENS.contains(type)) {
                    CALLABLE_RESERVED.add(word);
                }
            }
        }
    }

    private Keywords() {
    }

    /** The word of a keyword token type, or null for symbols, literals and identifiers. */
    static String keyword(int tokenType) {
        String literal = CairnSqlLexer.VOCABULARY.getLiteralName(tokenType);
        if (literal == null) {
            return null;
        }
        var matcher = WORD.matcher(literal);
        return matcher.matches() ? matcher.group(1) : null;
    }

    static boolean isReserved(String word) {
        return RESERVED.contains(word.toUpperCase(Locale.ROOT));
    }

    /** Reserved words that can still name a function call, such as {@code if} or {@code left}. */
    static boolean isCallable(String word) {
        return CALLABLE_RESERVED.contains(word.toUpperCase(Locale.ROOT));
    }

    private static IntervalSet firstTokens(int rule) {
        ATN atn = CairnSqlParser._ATN;
        return atn.nextTokens(atn.ruleToStartState[rule]);
    }
}
