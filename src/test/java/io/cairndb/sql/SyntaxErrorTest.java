package io.cairndb.sql;

import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;

import static io.cairndb.sql.Parsing.parseError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SyntaxErrorTest {

    private static String message(String sql) {
        return parseError(sql).getMessage();
    }

    @Test
    void errorNamesLineColumnAndToken() {
        CairnException error = parseError("SELECT * FORM t");
        assertEquals(1064, error.errorCode());
        assertEquals("42000", error.sqlState());
        assertTrue(error.getMessage().startsWith("Syntax error at line 1:9 near 'FORM': "), error.getMessage());
    }

    @Test
    void shortExpectationsAreListed() {
        assertEquals("Syntax error at line 1:9 at end of input: expecting ')'", message("SELECT (1"));
        assertEquals("Syntax error at line 1:14 near 'x': expecting 'ORDER', 'SEPARATOR', ')', ','", message("SELECT f(1, 2 x"));
        assertEquals("Syntax error at line 1:10 at end of input: expecting identifier, 'IF'", message("DROP TABLE"));
        assertEquals("Syntax error at line 1:25 at end of input: expecting 'ELSE', 'END', 'WHEN'", message("SELECT CASE WHEN a THEN b"));
    }

    @Test
    void longExpectationsBecomeUnexpectedInput() {
        assertEquals("Syntax error at line 1:7 near 'FROM': unexpected input", message("SELECT FROM t"));
        assertEquals("Syntax error at line 1:0 near 'SELEC': unexpected input", message("SELEC 1"));
    }

    @Test
    void positionsCountLinesAcrossStatements() {
        assertTrue(message("SELECT a\nFROM t\nWHERE").startsWith("Syntax error at line 3:5 at end of input"));
        assertTrue(message("SELECT 1;\n  SELECT 2 +;").startsWith("Syntax error at line 2:12 near ';'"));
    }

    @Test
    void lexerErrors() {
        assertEquals("Syntax error at line 1:7 near ''abc': unterminated quoted string", message("SELECT 'abc"));
        assertEquals("Syntax error at line 2:2 near '\"x': unterminated quoted string", message("SELECT\n  \"x"));
        assertEquals("Syntax error at line 1:14 near '`t': unterminated quoted identifier", message("SELECT * FROM `t"));
        assertEquals("Syntax error at line 1:9 near '\\ 2': unexpected character", message("SELECT 1 \\ 2"));
    }

    @Test
    void semanticErrorsOfTheBuilderUseTheSameFormat() {
        assertEquals("Syntax error at line 1:18 near 'FOO': unknown data type", message("CREATE TABLE t (a FOO)"));
        assertEquals("Syntax error at line 1:18 near 'SIGNED': unknown data type", message("CREATE TABLE t (a SIGNED)"));
        assertEquals("Syntax error at line 1:28 near '2': too many parameters for type VARCHAR", message("SELECT CAST(a AS VARCHAR(1, 2))"));
        assertTrue(message("SELECT INTERVAL 1 FORTNIGHT").startsWith("Syntax error at line 1:18 near 'FORTNIGHT': expecting a time unit"));
        assertEquals("Syntax error at line 1:16 near 'foo': expecting @incr", message("SELECT * FROM t@foo('a' = 'b')"));
        assertEquals("Syntax error at line 1:9 near 'a': expecting GLOBAL, SESSION or LOCAL", message("SELECT @@a.b"));
        assertEquals("Syntax error at line 1:5 near '99999999999999999999': number out of range", message("KILL 99999999999999999999"));
    }

    @Test
    void entryPointsCheckTheirShape() {
        assertThrows(CairnException.class, () -> SqlParser.parseOne("SELECT 1; SELECT 2"));
        assertThrows(CairnException.class, () -> SqlParser.parseOne(""));
        assertThrows(CairnException.class, () -> SqlParser.parseQuery("DROP TABLE t"));
        assertThrows(CairnException.class, () -> SqlParser.parseExpression("a b"));
        assertThrows(CairnException.class, () -> SqlParser.parse("SELECT 1 SELECT 2"));
    }
}
