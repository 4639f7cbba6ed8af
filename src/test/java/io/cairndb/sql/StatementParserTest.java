package io.cairndb.sql;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;
import io.cairndb.sql.tree.Statement.Scope;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.cairndb.sql.Parsing.binary;
import static io.cairndb.sql.Parsing.call;
import static io.cairndb.sql.Parsing.id;
import static io.cairndb.sql.Parsing.integer;
import static io.cairndb.sql.Parsing.statement;
import static io.cairndb.sql.Parsing.str;
import static io.cairndb.sql.Parsing.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatementParserTest {

    // ------------------------------------------------------------ INSERT / UPDATE / DELETE

    @Test
    void insertValues() {
        Statement.Insert insert = statement("INSERT INTO db.t (a, b) VALUES (1, 'x'), (2, DEFAULT)", Statement.Insert.class);
        assertEquals(QualifiedName.of("db", "t"), insert.table());
        assertEquals(List.of("a", "b"), insert.columns());
        assertEquals(List.of(), insert.partitions());
        assertFalse(insert.overwrite());
        assertNull(insert.label());
        assertEquals(Query.of(new QueryBody.Values(List.of(List.of(integer(1), str("x")),
                List.of(integer(2), new Expr.DefaultValue())))), insert.source());
        assertEquals(Query.of(new QueryBody.Values(List.of(List.of()))),
                statement("INSERT INTO t VALUES ()", Statement.Insert.class).source());
    }

    @Test
    void insertQuery() {
        Statement.Insert select = statement("INSERT INTO t SELECT * FROM s WHERE a > 1", Statement.Insert.class);
        assertEquals(table("s"), assertInstanceOf(QueryBody.QuerySpec.class, select.source().body()).from());
        Statement.Insert with = statement("insert into t (a) with x as (select 1 a) select a from x", Statement.Insert.class);
        assertEquals(1, with.source().with().size());
        assertEquals(List.of("a"), with.columns());
        Statement.Insert parenthesized = statement("INSERT INTO t (SELECT 1)", Statement.Insert.class);
        assertEquals(List.of(), parenthesized.columns());
    }

    @Test
    void insertPartitionsLabelsAndOverwrite() {
        Statement.Insert insert = statement("INSERT INTO t PARTITION (p1, p2) WITH LABEL my_label (a) SELECT 1",
                Statement.Insert.class);
        assertEquals(List.of("p1", "p2"), insert.partitions());
        assertEquals("my_label", insert.label());
        assertEquals(List.of("a"), insert.columns());

        Statement.Insert overwrite = statement("INSERT OVERWRITE TABLE t PARTITION(*) SELECT * FROM s", Statement.Insert.class);
        assertTrue(overwrite.overwrite());
        assertEquals(List.of("*"), overwrite.partitions());
        assertTrue(statement("INSERT OVERWRITE t VALUES (1)", Statement.Insert.class).overwrite());
        assertEquals(List.of("p1"), statement("INSERT INTO TABLE t PARTITION p1 VALUES (1)", Statement.Insert.class).partitions());
    }

    @Test
    void update() {
        Statement.Update update = statement("UPDATE db.t AS x SET a = a + 1, b = DEFAULT, t.c = 'z' WHERE id = 3",
                Statement.Update.class);
        assertEquals(QualifiedName.of("db", "t"), update.table());
        assertEquals("x", update.alias());
        assertEquals(List.of(new Statement.Assignment("a", binary(BinaryOp.ADD, id("a"), integer(1))),
                new Statement.Assignment("b", new Expr.DefaultValue()),
                new Statement.Assignment("c", str("z"))), update.assignments());
        assertEquals(binary(BinaryOp.EQ, id("id"), integer(3)), update.where());
        assertNull(update.from());

        Statement.Update from = statement("UPDATE t SET v = s.v FROM s, u WHERE t.id = s.id", Statement.Update.class);
        assertEquals(new Relation.Join(Relation.JoinType.CROSS, table("s"), table("u"), null, List.of()), from.from());
        assertNull(from.alias());
    }

    @Test
    void delete() {
        assertEquals(new Statement.Delete(QualifiedName.of("t"), null, List.of(), null, binary(BinaryOp.LT, id("a"), integer(0))),
                statement("DELETE FROM t WHERE a < 0"));
        assertEquals(new Statement.Delete(QualifiedName.of("t"), "x", List.of("p1"), null, null),
                statement("DELETE FROM t x PARTITION p1"));
        assertEquals(new Statement.Delete(QualifiedName.of("t"), "x", List.of("p1", "p2"), null, null),
                statement("DELETE FROM t PARTITION (p1, p2) AS x"));
        Statement.Delete using = statement("DELETE FROM t USING t JOIN s ON t.id = s.id WHERE s.gone = 1", Statement.Delete.class);
        assertEquals(Relation.JoinType.INNER, assertInstanceOf(Relation.Join.class, using.using()).type());
    }

    // ------------------------------------------------------------ SET and transactions

    @Test
    void setVariables() {
        assertEquals(new Statement.SetStatement(List.of(
                        new Statement.SetVariable(Scope.SESSION, "sql_mode", str("")),
                        new Statement.SetVariable(Scope.GLOBAL, "max_connections", integer(100)),
                        new Statement.SetVariable(Scope.SESSION, "autocommit", integer(1)),
                        new Statement.SetVariable(Scope.SESSION, "time_zone", str("+08:00")),
                        new Statement.SetVariable(Scope.SESSION, "query_timeout", integer(60)))),
                statement("SET sql_mode = '', GLOBAL max_connections = 100, SESSION autocommit=1, LOCAL time_zone = '+08:00', "
                        + "Query_Timeout := 60"));
        assertEquals(new Statement.SetStatement(List.of(
                        new Statement.SetVariable(Scope.SESSION, "tx_isolation", str("READ-COMMITTED")),
                        new Statement.SetVariable(Scope.GLOBAL, "x", integer(1)),
                        new Statement.SetVariable(Scope.SESSION, "y", new Expr.DefaultValue()))),
                statement("SET @@session.tx_isolation = 'READ-COMMITTED', @@global.x = 1, @@y = DEFAULT"));
    }

    @Test
    void setValuesThatAreWords() {
        assertEquals(new Statement.SetStatement(List.of(
                        new Statement.SetVariable(Scope.SESSION, "autocommit", str("ON")),
                        new Statement.SetVariable(Scope.SESSION, "enable_x", str("off")),
                        new Statement.SetVariable(Scope.SESSION, "character_set_results", new Expr.NullLiteral()),
                        new Statement.SetVariable(Scope.SESSION, "b", new Expr.BooleanLiteral(true)),
                        new Statement.SetVariable(Scope.SESSION, "c", call("concat", new Expr.Variable("sql_mode", true, null), str(",X"))))),
                statement("SET autocommit = ON, enable_x = off, character_set_results = NULL, b = true, "
                        + "c = concat(@@sql_mode, ',X')"));
    }

    @Test
    void setUserVariablesAndNames() {
        assertEquals(new Statement.SetStatement(List.of(new Statement.SetUserVariable("v", binary(BinaryOp.ADD, integer(1), integer(2))))),
                statement("SET @V = 1 + 2"));
        assertEquals(new Statement.SetStatement(List.of(new Statement.SetNames("utf8mb4", null))), statement("SET NAMES utf8mb4"));
        assertEquals(new Statement.SetStatement(List.of(new Statement.SetNames("utf8mb4", "utf8mb4_general_ci"))),
                statement("SET NAMES 'utf8mb4' COLLATE 'utf8mb4_general_ci'"));
        assertEquals(new Statement.SetStatement(List.of(new Statement.SetNames("utf8", null))), statement("SET CHARACTER SET utf8"));
        assertEquals(new Statement.SetStatement(List.of(new Statement.SetNames("latin1", null))), statement("SET CHARSET latin1"));
        // a variable that happens to be called names
        assertEquals(new Statement.SetStatement(List.of(new Statement.SetVariable(Scope.SESSION, "names", integer(1)))),
                statement("SET names = 1"));
    }

    @Test
    void setTransaction() {
        assertEquals(new Statement.SetStatement(List.of(
                        new Statement.SetVariable(Scope.SESSION, "transaction_isolation", str("READ-COMMITTED")))),
                statement("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"));
        assertEquals(new Statement.SetStatement(List.of(
                        new Statement.SetVariable(Scope.GLOBAL, "transaction_isolation", str("REPEATABLE-READ")),
                        new Statement.SetVariable(Scope.GLOBAL, "transaction_read_only", new Expr.BooleanLiteral(false)))),
                statement("SET GLOBAL TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ WRITE"));
        assertEquals(new Statement.SetStatement(List.of(
                        new Statement.SetVariable(Scope.SESSION, "transaction_read_only", new Expr.BooleanLiteral(true)))),
                statement("set transaction read only"));
        assertEquals(new Statement.SetStatement(List.of(
                        new Statement.SetVariable(Scope.SESSION, "transaction_isolation", str("SERIALIZABLE")),
                        new Statement.SetVariable(Scope.SESSION, "transaction_isolation", str("READ-UNCOMMITTED")))),
                statement("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, ISOLATION LEVEL READ UNCOMMITTED"));
    }

    @Test
    void transactionsAndKill() {
        Statement begin = new Statement.Transaction(Statement.TransactionKind.BEGIN);
        assertEquals(begin, statement("BEGIN"));
        assertEquals(begin, statement("begin work"));
        assertEquals(begin, statement("START TRANSACTION"));
        assertEquals(new Statement.Transaction(Statement.TransactionKind.COMMIT), statement("COMMIT WORK"));
        assertEquals(new Statement.Transaction(Statement.TransactionKind.ROLLBACK), statement("rollback"));
        assertEquals(new Statement.Transaction(Statement.TransactionKind.BEGIN, "load_1"), statement("BEGIN WITH LABEL load_1"));
        assertEquals(new Statement.ShowTransaction(null, 4005L, null), statement("SHOW TRANSACTION WHERE ID = 4005"));
        assertEquals(new Statement.ShowTransaction("db", null, "l1"), statement("show transaction from db where label = 'l1'"));
        assertEquals(new Statement.ShowLastInsert(), statement("SHOW LAST INSERT"));
        assertEquals(new Statement.Kill(42, false), statement("KILL 42"));
        assertEquals(new Statement.Kill(42, false), statement("KILL CONNECTION 42"));
        assertEquals(new Statement.Kill(7, true), statement("KILL QUERY 7"));
    }

    // ------------------------------------------------------------ EXPLAIN / DESCRIBE / SHOW

    @Test
    void explain() {
        Statement.Explain plain = statement("EXPLAIN SELECT 1", Statement.Explain.class);
        assertNull(plain.level());
        assertInstanceOf(Statement.QueryStatement.class, plain.statement());
        assertEquals("VERBOSE", statement("explain verbose SELECT 1", Statement.Explain.class).level());
        assertEquals("GRAPH", statement("EXPLAIN GRAPH SELECT 1", Statement.Explain.class).level());
        assertEquals("PLAN", statement("EXPLAIN PLAN SELECT 1", Statement.Explain.class).level());
        assertEquals("DUMP", statement("EXPLAIN DUMP SELECT 1", Statement.Explain.class).level());
        assertEquals("SHAPE PLAN", statement("EXPLAIN shape plan SELECT 1", Statement.Explain.class).level());
        assertEquals("ALL PLAN", statement("EXPLAIN ALL PLAN SELECT 1", Statement.Explain.class).level());
        assertInstanceOf(Statement.Insert.class, statement("EXPLAIN INSERT INTO t SELECT 1", Statement.Explain.class).statement());
        assertInstanceOf(Statement.Delete.class, statement("EXPLAIN DELETE FROM t", Statement.Explain.class).statement());
    }

    @Test
    void describe() {
        assertEquals(new Statement.Describe(QualifiedName.of("db", "t"), false), statement("DESC db.t"));
        assertEquals(new Statement.Describe(QualifiedName.of("t"), true), statement("DESCRIBE t ALL"));
    }

    @Test
    void showDatabasesAndTables() {
        assertEquals(new Statement.ShowDatabases(null, null), statement("SHOW DATABASES"));
        assertEquals(new Statement.ShowDatabases("d%", null), statement("SHOW SCHEMAS LIKE 'd%'"));
        assertEquals(new Statement.ShowDatabases(null, binary(BinaryOp.EQ, id("Database"), str("x"))),
                statement("SHOW DATABASES WHERE `Database` = 'x'"));
        assertEquals(new Statement.ShowTables(null, false, null, null), statement("SHOW TABLES"));
        assertEquals(new Statement.ShowTables("db", true, "t%", null), statement("SHOW FULL TABLES FROM db LIKE 't%'"));
        assertEquals(new Statement.ShowTables("db", false, null, binary(BinaryOp.EQ, id("Table_type"), str("VIEW"))),
                statement("SHOW TABLES IN internal.db WHERE Table_type = 'VIEW'"));
    }

    @Test
    void showCreateAndPartitionsAndColumns() {
        assertEquals(new Statement.ShowCreateTable(QualifiedName.of("db", "t")), statement("SHOW CREATE TABLE db.t"));
        assertEquals(new Statement.ShowCreateTable(QualifiedName.of("v")), statement("SHOW CREATE VIEW v"));
        assertEquals(new Statement.ShowPartitions(QualifiedName.of("t"), false, null, List.of(), null), statement("SHOW PARTITIONS FROM t"));
        assertEquals(new Statement.ShowPartitions(QualifiedName.of("t"), false, binary(BinaryOp.EQ, id("PartitionName"), str("p1")),
                        List.of(new OrderItem(id("PartitionId"), false, OrderItem.NullOrdering.DEFAULT)), new Query.Limit(1, 0)),
                statement("SHOW PARTITIONS FROM t WHERE PartitionName = 'p1' ORDER BY PartitionId DESC LIMIT 1"));
        assertEquals(new Statement.ShowColumns(QualifiedName.of("t"), false, null), statement("SHOW COLUMNS FROM t"));
        assertEquals(new Statement.ShowColumns(QualifiedName.of("db", "t"), true, "a%"),
                statement("SHOW FULL FIELDS IN t FROM db LIKE 'a%'"));
    }

    @Test
    void showVariablesAndProcesslist() {
        assertEquals(new Statement.ShowVariables(null, null, null), statement("SHOW VARIABLES"));
        assertEquals(new Statement.ShowVariables(Scope.GLOBAL, "max%", null), statement("SHOW GLOBAL VARIABLES LIKE 'max%'"));
        assertEquals(new Statement.ShowVariables(Scope.SESSION, null, binary(BinaryOp.EQ, id("Variable_name"), str("x"))),
                statement("SHOW SESSION VARIABLES WHERE Variable_name = 'x'"));
        assertEquals(Scope.SESSION, statement("SHOW LOCAL VARIABLES", Statement.ShowVariables.class).scope());
        assertEquals(new Statement.ShowProcesslist(false), statement("SHOW PROCESSLIST"));
        assertEquals(new Statement.ShowProcesslist(true), statement("SHOW FULL PROCESSLIST"));
    }

    @Test
    void otherShows() {
        assertEquals(new Statement.ShowOther("WARNINGS", null, null), statement("SHOW WARNINGS"));
        assertEquals(new Statement.ShowOther("ERRORS", null, null), statement("show errors"));
        assertEquals(new Statement.ShowOther("ENGINES", null, null), statement("SHOW ENGINES"));
        assertEquals(new Statement.ShowOther("STATUS", null, null), statement("SHOW STATUS"));
        assertEquals(new Statement.ShowOther("STATUS", null, "Up%"), statement("SHOW GLOBAL STATUS LIKE 'Up%'"));
        assertEquals(new Statement.ShowOther("CHARSET", null, null), statement("SHOW CHARACTER SET"));
        assertEquals(new Statement.ShowOther("CHARSET", null, "utf8%"), statement("SHOW CHARSET LIKE 'utf8%'"));
        assertEquals(new Statement.ShowOther("COLLATION", null, null), statement("SHOW COLLATION"));
        assertEquals(new Statement.ShowOther("INDEX", QualifiedName.of("t"), null), statement("SHOW INDEX FROM t"));
        assertEquals(new Statement.ShowOther("INDEX", QualifiedName.of("db", "t"), null), statement("SHOW KEYS IN t FROM db"));
        assertEquals(new Statement.ShowOther("INDEX", QualifiedName.of("db", "t"), null), statement("SHOW INDEXES FROM db.t"));
        assertEquals(new Statement.ShowOther("TABLE STATUS", null, null), statement("SHOW TABLE STATUS"));
        assertEquals(new Statement.ShowOther("TABLE STATUS", QualifiedName.of("db"), "t%"),
                statement("SHOW TABLE STATUS FROM db LIKE 't%'"));
    }
}
