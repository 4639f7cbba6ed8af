package io.cairndb.sql;

import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads {@code SET_VAR(k = v, ...)} out of an optimizer hint {@code /*+ ... *}{@code /}. Other
 * hints (leading, use_mv, ...) are ignored, and so is anything malformed, as Doris does.
 */
final class Hints {
    private Hints() {
    }

    /** Adds the SET_VAR pairs of {@code hint} (the whole comment token) to {@code into}: keys lower-case, values unquoted. */
    static void readSetVar(String hint, Map<String, String> into) {
        CairnSqlLexer lexer = new CairnSqlLexer(CharStreams.fromString(hint.substring(3, hint.length() - 2)));
        lexer.removeErrorListeners();
        List<? extends Token> tokens = lexer.getAllTokens();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            if (tokens.get(i).getText().equalsIgnoreCase("SET_VAR")
                    && tokens.get(i + 1).getType() == CairnSqlLexer.LEFT_PAREN) {
                i = readPairs(tokens, i + 2, into);
            }
        }
    }

    /** Reads {@code k = v, ...)} from {@code start}; returns the index of the closing parenthesis. */
    private static int readPairs(List<? extends Token> tokens, int start, Map<String, String> into) {
        Map<String, String> pairs = new LinkedHashMap<>();
        StringBuilder key = new StringBuilder();
        StringBuilder value = null;
        int i = start;
        for (; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            int type = token.getType();
            if (type == CairnSqlLexer.COMMA || type == CairnSqlLexer.RIGHT_PAREN) {
                if (value == null) {
                    return i; // a pair without "=": not a SET_VAR we understand
                }
                pairs.put(key.toString().toLowerCase(Locale.ROOT), value.toString());
                if (type == CairnSqlLexer.RIGHT_PAREN) {
                    into.putAll(pairs);
                    return i;
                }
                key.setLength(0);
                value = null;
            } else if (type == CairnSqlLexer.EQ && value == null) {
                value = new StringBuilder();
            } else {
                String text = type == CairnSqlLexer.STRING ? SqlStrings.unquoteString(token.getText())
                        : type == CairnSqlLexer.BACKQUOTED_IDENTIFIER ? SqlStrings.unquoteIdentifier(token.getText())
                        : token.getText();
                (value == null ? key : value).append(text);
            }
        }
        return i;
    }
}
