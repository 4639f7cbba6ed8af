package io.cairndb.ivm;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cairndb.engine.Sql;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;

/**
 * The tables in which an IVM MV keeps the match counts of its semi and anti joins: one per join that
 * counting maintains, built with the MV, kept by its refreshes, and gone with it.
 */
class MatchCountsTest {
    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "CREATE TABLE l (id INT, k INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                + "PROPERTIES ('binlog.enable' = 'true')");
        exec(session, "CREATE TABLE r (id INT, k INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                + "PROPERTIES ('binlog.enable' = 'true')");
        exec(session, "INSERT INTO l VALUES (1, 1), (2, 2), (3, NULL)");
        exec(session, "INSERT INTO r VALUES (1, 1, 0), (2, 1, 5), (3, NULL, 5), (4, 7, 9)");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @Test
    void eachCountedJoinKeepsItsCountsWhileTheMvLives() {
        exec(session, "CREATE MATERIALIZED VIEW m BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL AS SELECT id FROM l "
                + "WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k) AND NOT EXISTS (SELECT 1 FROM r WHERE r.v = l.k AND r.v > 3) "
                + "AND NOT EXISTS (SELECT 1 FROM r WHERE r.k = l.k AND r.v > l.id + 5)");
        exec(session, "CREATE MATERIALIZED VIEW plain BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL AS SELECT id FROM l");
        exec(session, "REFRESH MATERIALIZED VIEW plain COMPLETE WITH SYNC MODE");
        assertEquals(List.of(), tables(), "nothing before the first build, nothing for an MV without semi joins");
        exec(session, "REFRESH MATERIALIZED VIEW m COMPLETE WITH SYNC MODE");
        // The third join compares its sides beyond the equality: it is recomputed per touched key, without counts.
        List<String> built = tables();
        assertEquals(2, built.size(), built.toString());
        // Numbered in pre-order, the join applied last first: the second join's counts are of rows with v > 3 only;
        // the first one's are right rows per key, the NULL key not counted.
        assertEquals(List.of("5|2", "9|1"), counts(built.get(0)));
        assertEquals(List.of("1|2", "7|1"), counts(built.get(1)));

        List<String> explained = rows(session, "EXPLAIN REFRESH MATERIALIZED VIEW m INCREMENTAL");
        assertEquals(List.of("Match counts of LEFT ANTI JOIN #0: per key of 1 part(s) in d." + built.get(0),
                "Match counts of LEFT SEMI JOIN #1: per key of 1 part(s) in d." + built.get(1)),
                explained.stream().filter(l -> l.startsWith("Match counts")).toList());

        exec(session, "INSERT INTO r VALUES (5, 2, 1)");
        exec(session, "DELETE FROM r WHERE id = 4");
        exec(session, "REFRESH MATERIALIZED VIEW m INCREMENTAL WITH SYNC MODE");
        assertEquals(List.of("5|2"), counts(built.get(0)));
        assertEquals(List.of("1|2", "2|1"), counts(built.get(1)));
        assertEquals(List.of("1", "2"), rows(session, "SELECT * FROM m ORDER BY id"));

        exec(session, "DROP MATERIALIZED VIEW m");
        assertEquals(List.of(), tables(), "dropped with the MV");
    }

    @Test
    void theyGoWithTheDatabase() {
        exec(session, "CREATE MATERIALIZED VIEW m BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS SELECT id FROM l WHERE k IN (SELECT k FROM r)");
        exec(session, "REFRESH MATERIALIZED VIEW m COMPLETE WITH SYNC MODE");
        assertEquals(1, tables().size());
        exec(session, "DROP DATABASE d");
        assertEquals(List.of(), tables());
    }

    /** The match count tables in the database, by name. */
    private List<String> tables() {
        return query("SELECT table_name FROM duckdb_tables() WHERE starts_with(table_name, '" + MatchCounts.PREFIX + "') ORDER BY 1");
    }

    private List<String> counts(String table) {
        return query("SELECT * FROM d." + Sql.ident(table) + " ORDER BY ALL");
    }

    private List<String> query(String sql) {
        try (Connection c = db.connect()) {
            return Sql.rows(c, sql).stream().map(r -> String.join("|", r.stream().map(String::valueOf).toList())).toList();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
