package io.cairndb.server;

import io.cairndb.error.CairnException;
import io.cairndb.sql.ParsedStatement;
import io.cairndb.sql.SqlParser;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ParsedScriptsTest {
    @Test
    void aTextSentAgainIsNotParsedAgain() {
        String sql = "SELECT a, count(*) FROM t WHERE b > 1 GROUP BY a; SELECT 1";
        List<ParsedStatement> first = ParsedScripts.parse(sql);
        assertEquals(SqlParser.parse(sql), first);
        assertSame(first, ParsedScripts.parse(sql));
    }

    @Test
    void aTextThatDoesNotParseFailsEveryTime() {
        String sql = "SELECT FROM WHERE";
        CairnException first = assertThrows(CairnException.class, () -> ParsedScripts.parse(sql));
        CairnException again = assertThrows(CairnException.class, () -> ParsedScripts.parse(sql));
        assertEquals(first.getMessage(), again.getMessage());
    }

    @Test
    void longTextsAreNotKept() {
        String sql = "SELECT '" + "x".repeat(9000) + "'";
        List<ParsedStatement> first = ParsedScripts.parse(sql);
        assertEquals(first, ParsedScripts.parse(sql));
        assertNotSame(first, ParsedScripts.parse(sql));
    }
}
