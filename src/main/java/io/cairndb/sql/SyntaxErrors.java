package io.cairndb.sql;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.LexerNoViableAltException;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.misc.IntervalSet;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the first lexer or parser error into a {@link CairnException} with code PARSE_ERROR and
 * a message of the form {@code Syntax error at line 1:9 near 'FORM': <detail>}; columns count
 * from 0 as ANTLR reports them.
 */
final class SyntaxErrors extends BaseErrorListener {
    static final SyntaxErrors INSTANCE = new SyntaxErrors();

    /** Longer lists of expected tokens help nobody; they become "unexpected input". */
    private static final int MAX_EXPECTED = 6;

    private SyntaxErrors() {
    }

    /** An error found while building the AST, located at {@code token}. */
    static CairnException at(Token token, String detail) {
        return error(token.getLine(), token.getCharPositionInLine(), near(token), detail);
    }

    private static CairnException error(int line, int column, String near, String detail) {
        return new CairnException(ErrorCode.PARSE_ERROR,
                "Syntax error at line " + line + ":" + column + " " + near + ": " + detail);
    }

    private static String near(Token token) {
        return token.getType() == Token.EOF ? "at end of input" : "near '" + token.getText() + "'";
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column,
                            String msg, RecognitionException e) {
        if (recognizer instanceof Lexer lexer) {
            throw lexerError(lexer, line, column, e);
        }
        Token token = (Token) offendingSymbol;
        String detail = e instanceof NoViableAltException
                ? "unexpected input"
                : expecting(e != null ? e.getExpectedTokens() : ((Parser) recognizer).getExpectedTokens());
        throw error(line, column, near(token), detail);
    }

    private static CairnException lexerError(Lexer lexer, int line, int column, RecognitionException e) {
        CharStream input = lexer.getInputStream();
        int start = e instanceof LexerNoViableAltException noViable ? noViable.getStartIndex() : input.index();
        String rest = input.getText(Interval.of(start, Math.min(start + 19, input.size() - 1)));
        int newline = rest.indexOf('\n');
        String text = newline >= 0 ? rest.substring(0, newline) : rest;
        String detail = switch (text.isEmpty() ? ' ' : text.charAt(0)) {
            case '\'', '"' -> "unterminated quoted string";
            case '`' -> "unterminated quoted identifier";
            default -> "unexpected character";
        };
        return error(line, column, "near '" + text + "'", detail);
    }

    private static String expecting(IntervalSet expected) {
        if (expected == null || expected.isNil()) {
            return "unexpected input";
        }
        boolean identifier = expected.contains(CairnSqlLexer.IDENTIFIER);
        List<String> names = new ArrayList<>();
        if (identifier) {
            names.add("identifier");
        }
        for (int type : expected.toArray()) {
            // Non-reserved keywords are identifiers too; listing them all would bury the message.
            boolean coveredByIdentifier = identifier && (type == CairnSqlLexer.IDENTIFIER
                    || type == CairnSqlLexer.BACKQUOTED_IDENTIFIER || Keywords.NON_RESERVED_TOKENS.contains(type));
            if (!coveredByIdentifier) {
                names.add(displayName(type));
            }
        }
        if (names.size() > MAX_EXPECTED) {
            return "unexpected input";
        }
        return "expecting " + String.join(", ", names);
    }

    private static String displayName(int type) {
        return switch (type) {
            case Token.EOF -> "end of input";
            case CairnSqlLexer.STRING -> "string";
            case CairnSqlLexer.INTEGER_VALUE -> "integer";
            case CairnSqlLexer.DECIMAL_VALUE, CairnSqlLexer.DOUBLE_VALUE -> "number";
            case CairnSqlLexer.BACKQUOTED_IDENTIFIER -> "quoted identifier";
            default -> CairnSqlLexer.VOCABULARY.getDisplayName(type);
        };
    }
}
