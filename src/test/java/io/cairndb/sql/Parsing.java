package io.cairndb.sql;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Test helpers. Every statement, query and expression parsed through them is also formatted and
 * parsed again, so the whole test suite checks the round trip {@code parse(format(ast)) == ast}.
 */
final class Parsing {
    private Parsing() {
    }

    static Statement statement(String sql) {
        Statement statement = SqlParser.parseOne(sql);
        String formatted = SqlFormatter.format(statement);
        assertEquals(statement, SqlParser.parseOne(formatted), () -> "round trip through: " + formatted);
        return statement;
    }

    static <T extends Statement> T statement(String sql, Class<T> type) {
        return assertInstanceOf(type, statement(sql));
    }

    static Query query(String sql) {
        return statement(sql, Statement.QueryStatement.class).query();
    }

    static QueryBody.QuerySpec spec(String sql) {
        return assertInstanceOf(QueryBody.QuerySpec.class, query(sql).body());
    }

    static Relation from(String sql) {
        return spec(sql).from();
    }

    static Expr expr(String sql) {
        Expr expr = SqlParser.parseExpression(sql);
        String formatted = SqlFormatter.format(expr);
        assertEquals(expr, SqlParser.parseExpression(formatted), () -> "round trip through: " + formatted);
        return expr;
    }

    static CairnException parseError(String sql) {
        CairnException error = assertThrows(CairnException.class, () -> SqlParser.parse(sql));
        assertEquals(ErrorCode.PARSE_ERROR.code(), error.errorCode());
        return error;
    }

    // ---- AST shorthands

    static Expr.Identifier id(String... parts) {
        return new Expr.Identifier(List.of(parts));
    }

    static Expr.IntegerLiteral integer(long value) {
        return new Expr.IntegerLiteral(BigInteger.valueOf(value));
    }

    static Expr.DecimalLiteral decimal(String value) {
        return new Expr.DecimalLiteral(new BigDecimal(value));
    }

    static Expr.StringLiteral str(String value) {
        return new Expr.StringLiteral(value);
    }

    static Expr.Binary binary(Expr.BinaryOp op, Expr left, Expr right) {
        return new Expr.Binary(op, left, right);
    }

    static Expr.FunctionCall call(String name, Expr... args) {
        return Expr.FunctionCall.of(name, args);
    }

    static Relation.TableRef table(String... parts) {
        return Relation.TableRef.of(new io.cairndb.sql.tree.QualifiedName(List.of(parts)));
    }
}
