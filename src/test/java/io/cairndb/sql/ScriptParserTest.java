package io.cairndb.sql;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Statement;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class ScriptParserTest {

    @Test
    void statementsKeepTheirOriginalText() {
        List<ParsedStatement> statements = SqlParser.parse(";; select 1 ;\n\nCREATE TABLE t (a INT) -- trailing\n;;USE db");
        assertEquals(3, statements.size());
        assertEquals("select 1", statements.get(0).text());
        assertEquals("CREATE TABLE t (a INT)", statements.get(1).text());
        assertEquals("USE db", statements.get(2).text());
        assertInstanceOf(Statement.QueryStatement.class, statements.get(0).statement());
        assertInstanceOf(Statement.CreateTable.class, statements.get(1).statement());
        assertEquals(new Statement.UseDatabase("db"), statements.get(2).statement());
    }

    @Test
    void emptyScripts() {
        assertEquals(List.of(), SqlParser.parse(""));
        assertEquals(List.of(), SqlParser.parse(" ; ;\n"));
        assertEquals(List.of(), SqlParser.parse("-- only a comment\n/* and another */ # and a third"));
    }

    @Test
    void semicolonsInsideLiteralsDoNotSplit() {
        List<ParsedStatement> statements = SqlParser.parse("SELECT ';' AS `a;b`; SELECT 2");
        assertEquals(2, statements.size());
        assertEquals("SELECT ';' AS `a;b`", statements.get(0).text());
    }

    @Test
    void parametersAreNumberedPerStatement() {
        List<ParsedStatement> statements = SqlParser.parse("SELECT ?, ?; SELECT ?");
        QueryBody.QuerySpec second = (QueryBody.QuerySpec) ((Statement.QueryStatement) statements.get(1).statement()).query().body();
        assertEquals(new Expr.Parameter(0), ((QueryBody.SingleColumn) second.select().get(0)).expr());
    }

    @Test
    void singleStatementMayEndWithSemicolons() {
        assertEquals(new Statement.UseDatabase("db"), SqlParser.parseOne("USE db;;"));
        assertEquals(SqlParser.parseQuery("SELECT 1"), SqlParser.parseQuery("SELECT 1;"));
    }

    @Test
    void keywordsAreCaseInsensitive() {
        assertEquals(SqlParser.parseOne("SELECT a FROM t WHERE b IS NOT NULL ORDER BY a DESC"),
                SqlParser.parseOne("sElEcT a fRoM t wHeRe b iS nOt NuLl OrDeR bY a dEsC"));
    }
}
