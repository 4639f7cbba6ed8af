package io.cairndb.sql;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.Statement;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Entry points of the SQL parser. All methods throw {@link io.cairndb.error.CairnException} with
 * code PARSE_ERROR on invalid input, naming the line:column and the offending token.
 */
public final class SqlParser {
    private SqlParser() {
    }

    /** The statements of a {@code ;}-separated script; empty statements are skipped. */
    public static List<ParsedStatement> parse(String sql) {
        return run(sql, CairnSqlParser::multiStatement, (builder, tree) -> tree.statement().stream()
                .map(statement -> new ParsedStatement(builder.statement(statement), AstBuilder.text(statement)))
                .toList());
    }

    /** Exactly one statement, optionally followed by semicolons. */
    public static Statement parseOne(String sql) {
        return run(sql, CairnSqlParser::singleStatement, (builder, tree) -> builder.statement(tree.statement()));
    }

    public static Query parseQuery(String sql) {
        return run(sql, CairnSqlParser::standaloneQuery, (builder, tree) -> builder.query(tree.query()));
    }

    public static Expr parseExpression(String sql) {
        return run(sql, CairnSqlParser::standaloneExpression, (builder, tree) -> builder.expression(tree.expression()));
    }

    /**
     * Parses with the fast SLL prediction first and falls back to full LL only when SLL fails,
     * which is also the only pass that reports errors (SLL may fail on valid input).
     */
    private static <C extends ParserRuleContext, R> R run(String sql, Function<CairnSqlParser, C> rule,
                                                         BiFunction<AstBuilder, C, R> build) {
        CairnSqlLexer lexer = new CairnSqlLexer(CharStreams.fromString(VersionedComments.unwrap(sql)));
        lexer.removeErrorListeners();
        lexer.addErrorListener(SyntaxErrors.INSTANCE);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        CairnSqlParser parser = new CairnSqlParser(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        C tree;
        try {
            tree = rule.apply(parser);
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            parser.reset();
            parser.addErrorListener(SyntaxErrors.INSTANCE);
            parser.setErrorHandler(new DefaultErrorStrategy());
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            tree = rule.apply(parser);
        }
        return build.apply(new AstBuilder(tokens), tree);
    }
}
