package io.cairndb.sql;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static io.cairndb.sql.Parsing.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeywordIdentifierTest {

    private static List<String> keywords() {
        List<String> words = new ArrayList<>();
        for (int type = 1; type <= CairnSqlLexer.VOCABULARY.getMaxTokenType(); type++) {
            String word = Keywords.keyword(type);
            if (word != null) {
                words.add(word);
            }
        }
        return words;
    }

    /** Runs {@code check} for each word and reports every failing word at once. */
    private static void forEach(List<String> words, java.util.function.Consumer<String> check) {
        List<String> failures = new ArrayList<>();
        for (String word : words) {
            try {
                check.accept(word);
            } catch (RuntimeException | AssertionError e) {
                failures.add(word + ": " + e.getMessage());
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void wordsNamedInTheDialectAreNotReserved() {
        for (String word : List.of("date", "type", "comment", "status", "value", "year", "month", "day", "hour", "name", "data",
                "time", "timestamp", "text", "count", "sum", "number", "label", "rollup", "first", "last", "start", "end",
                "version", "user", "datetime", "min", "max", "local", "view", "replace")) {
            assertFalse(Keywords.isReserved(word), word);
        }
        for (String word : List.of("select", "from", "key", "partition", "database", "table", "interval", "order")) {
            assertTrue(Keywords.isReserved(word), word);
        }
    }

    @Test
    void nonReservedKeywordsWorkAsIdentifiersEverywhere() {
        List<String> nonReserved = keywords().stream().filter(w -> !Keywords.isReserved(w)).map(w -> w.toLowerCase(Locale.ROOT)).toList();
        forEach(nonReserved, word -> {
            QueryBody.QuerySpec spec = (QueryBody.QuerySpec) ((Statement.QueryStatement) Parsing.statement(
                    "SELECT " + word + ", " + word + "." + word + ", x " + word + ", y AS " + word + " FROM " + word + " " + word
                            + " WHERE " + word + " = 1")).query().body();
            assertEquals(new QueryBody.SingleColumn(id(word), null), spec.select().get(0));
            assertEquals(new QueryBody.SingleColumn(id(word, word), null), spec.select().get(1));
            assertEquals(new QueryBody.SingleColumn(id("x"), word), spec.select().get(2));
            assertEquals(new QueryBody.SingleColumn(id("y"), word), spec.select().get(3));
            assertEquals(new Relation.TableRef(QualifiedName.of(word), word, List.of(), null), spec.from());

            Statement.CreateTable create = Parsing.statement("CREATE TABLE " + word + " (" + word + " INT, k INT) "
                    + "DUPLICATE KEY (" + word + ") DISTRIBUTED BY HASH (" + word + ")", Statement.CreateTable.class);
            assertEquals(word, create.columns().get(0).name());
            assertEquals(List.of(word), create.keys().columns());

            assertEquals(new Statement.Insert(QualifiedName.of(word, word), List.of(), List.of(word),
                            io.cairndb.sql.tree.Query.of(new QueryBody.Values(List.of(List.of(Parsing.integer(1))))), false, null),
                    Parsing.statement("INSERT INTO " + word + "." + word + " (" + word + ") VALUES (1)"));
            assertEquals(word, SqlFormatter.formatIdentifier(word));
        });
    }

    @Test
    void reservedKeywordsNeedBackQuotesAndGetThem() {
        List<String> reserved = keywords().stream().filter(Keywords::isReserved).map(w -> w.toLowerCase(Locale.ROOT)).toList();
        assertTrue(reserved.containsAll(Set.of("select", "where", "group", "join", "on", "key", "partition")));
        forEach(reserved, word -> {
            String quoted = "`" + word + "`";
            assertEquals(quoted, SqlFormatter.formatIdentifier(word));
            QueryBody.QuerySpec spec = (QueryBody.QuerySpec) ((Statement.QueryStatement) Parsing.statement(
                    "SELECT " + quoted + " AS " + quoted + " FROM " + quoted + "." + quoted)).query().body();
            assertEquals(new QueryBody.SingleColumn(id(word), word), spec.select().get(0));
            assertEquals(Relation.TableRef.of(QualifiedName.of(word, word)), spec.from());
        });
    }

    @Test
    void identifierQuoting() {
        assertEquals("a_1$", SqlFormatter.formatIdentifier("a_1$"));
        assertEquals("`1a`", SqlFormatter.formatIdentifier("1a"));
        assertEquals("`my col`", SqlFormatter.formatIdentifier("my col"));
        assertEquals("`a``b`", SqlFormatter.formatIdentifier("a`b"));
        assertEquals("`SELECT`", SqlFormatter.formatIdentifier("SELECT"));
        assertEquals("`数据`", SqlFormatter.formatIdentifier("数据"));
        assertEquals(new Expr.Identifier(List.of("数据")), Parsing.expr("数据"));
    }
}
