package io.cairndb.server.mysql;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class PlaceholderSqlTest {
    private static int count(String sql) {
        return PlaceholderSql.parse(sql).parameterCount();
    }

    @Test
    void countsPlainPlaceholders() {
        assertEquals(0, count("SELECT 1"));
        assertEquals(3, count("INSERT INTO t VALUES (?, ?, ?)"));
        assertEquals(2, count("SELECT * FROM t WHERE a=? AND b>?"));
    }

    @Test
    void ignoresQuotedQuestionMarks() {
        assertEquals(1, count("SELECT '?', \"?\", `?`, ?"));
        assertEquals(1, count("SELECT 'it''s ?', ?"));
        assertEquals(1, count("SELECT 'a\\'?', ?"));
        assertEquals(1, count("SELECT \"say \"\"?\"\"\", ?"));
        assertEquals(1, count("SELECT `we``ird?`, ?"));
        assertEquals(1, count("SELECT ?, '\\\\' , '?'"));
    }

    @Test
    void ignoresComments() {
        assertEquals(1, count("SELECT ? -- what?\n"));
        assertEquals(2, count("SELECT ? --what?\n, ?"));
        assertEquals(1, count("SELECT ? # why?"));
        assertEquals(2, count("SELECT /* ? */ ?, /*+ hint? */ ?"));
    }

    @Test
    void unterminatedLiteralsAndCommentsRunToTheEnd() {
        assertEquals(1, count("SELECT ?, 'open ?"));
        assertEquals(1, count("SELECT ? /* open ?"));
        assertEquals(0, count("SELECT `?"));
    }

    @Test
    void bindsLiteralsInOrder() {
        PlaceholderSql sql = PlaceholderSql.parse("SELECT ?, '?', ? FROM t WHERE x = ?");
        assertEquals("SELECT 1, '?', 'a' FROM t WHERE x = NULL", sql.bind(List.of("1", "'a'", "NULL")));
        assertEquals("SELECT 1", PlaceholderSql.parse("SELECT 1").bind(List.of()));
        assertEquals("?", PlaceholderSql.parse("?").bind(List.of("?")));
        assertThrows(IllegalArgumentException.class, () -> sql.bind(List.of("1")));
    }

    @Test
    void quotesStrings() {
        assertEquals("'plain'", PlaceholderSql.quote("plain"));
        assertEquals("'it''s'", PlaceholderSql.quote("it's"));
        assertEquals("'back\\\\slash'", PlaceholderSql.quote("back\\slash"));
        assertEquals("'\\\\'' OR 1=1 -- '", PlaceholderSql.quote("\\' OR 1=1 -- "));
        assertEquals("''", PlaceholderSql.quote(""));
    }

    @Test
    void quotedValuesCannotCreatePlaceholdersOrEscape() {
        String bound = PlaceholderSql.parse("SELECT ?, ?").bind(
                List.of(PlaceholderSql.quote("?' , ?"), PlaceholderSql.quote("\\")));
        assertEquals("SELECT '?'' , ?', '\\\\'", bound);
        assertEquals(0, PlaceholderSql.parse(bound).parameterCount());
    }
}
