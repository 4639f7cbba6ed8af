package io.cairndb.engine;

import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PreparedStatementsTest {
    @Test
    void aParameterizedStatementIsPreparedOnceAndFollowsTableChanges() throws Exception {
        try (DuckEngine engine = DuckEngine.open(null); Connection c = engine.connect()) {
            Sql.execute(c, "CREATE TABLE t (a INT, b VARCHAR)");
            Sql.execute(c, "INSERT INTO t VALUES (1, 'x'), (2, 'y')");
            String sql = "SELECT * FROM t WHERE a = ?";
            PreparedStatement first = PreparedStatements.with(c, sql, ps -> ps);
            assertSame(first, PreparedStatements.with(c, sql, ps -> ps));
            assertEquals(List.of(List.of(2, "y")), Sql.rows(c, sql, 2));
            // DuckDB plans a kept statement again once a table it reads has changed.
            Sql.execute(c, "ALTER TABLE t ADD COLUMN z INT DEFAULT 7");
            assertEquals(List.of(List.of(1, "x", 7)), Sql.rows(c, sql, 1));
            Sql.execute(c, "DROP TABLE t");
            Sql.execute(c, "CREATE TABLE t (a BIGINT)");
            Sql.execute(c, "INSERT INTO t VALUES (2)");
            assertEquals(List.of(List.of(2L)), Sql.rows(c, sql, 2));
            c.commit();
        }
    }

    @Test
    void aStatementThatFailedIsNotKept() throws Exception {
        try (DuckEngine engine = DuckEngine.open(null); Connection c = engine.connect()) {
            Sql.execute(c, "CREATE TABLE t (a INT)");
            String sql = "SELECT a FROM t WHERE a = ?";
            PreparedStatement kept = PreparedStatements.with(c, sql, ps -> ps);
            c.commit();
            Sql.execute(c, "DROP TABLE t");
            c.commit();
            assertThrows(CairnException.class, () -> Sql.rows(c, sql, 1));
            c.rollback();
            assertTrue(kept.isClosed());
            Sql.execute(c, "CREATE TABLE t (a INT)");
            Sql.execute(c, "INSERT INTO t VALUES (1)");
            assertEquals(List.of(List.of(1)), Sql.rows(c, sql, 1));
            assertNotSame(kept, PreparedStatements.with(c, sql, ps -> ps));
        }
    }

    @Test
    void aNestedUseOfTheSameSqlGetsItsOwnStatement() throws Exception {
        try (DuckEngine engine = DuckEngine.open(null); Connection c = engine.connect()) {
            String sql = "SELECT ?::INTEGER + 1";
            int inner = PreparedStatements.with(c, sql, outer -> {
                List<List<Object>> nested = Sql.rows(c, sql, 41);
                outer.setObject(1, 1);
                try (var rs = outer.executeQuery()) {
                    rs.next();
                    return rs.getInt(1) + ((Number) nested.get(0).get(0)).intValue();
                }
            });
            assertEquals(44, inner);
            assertEquals(1, PreparedStatements.keptFor(c));
        }
    }

    @Test
    void aConnectionKeepsAtMostItsShareOfStatementsAndClosedConnectionsAreForgotten() throws Exception {
        try (DuckEngine engine = DuckEngine.open(null)) {
            Connection c = engine.connect();
            for (int i = 0; i < PreparedStatements.PER_CONNECTION + 5; i++) {
                assertEquals(List.of(List.of(i)), Sql.rows(c, "SELECT ?::INTEGER AS v" + i, i));
            }
            assertEquals(PreparedStatements.PER_CONNECTION, PreparedStatements.keptFor(c));
            c.close();
            try (Connection other = engine.connect()) {
                Sql.rows(other, "SELECT ?::INTEGER", 1);
                assertEquals(0, PreparedStatements.keptFor(c));
                assertEquals(1, PreparedStatements.keptFor(other));
            }
        }
    }
}
