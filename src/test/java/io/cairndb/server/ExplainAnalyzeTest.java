package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.error.CairnException;
import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.List;

/** EXPLAIN ANALYZE runs the query and shows DuckDB's profile: total time, operators and their rows. */
class ExplainAnalyzeTest {
    @Test
    void showsTheProfileOfTheQueryItRan() {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE e");
            exec(s, "CREATE TABLE e.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(s, "INSERT INTO e.t VALUES (1, 2), (3, 4), (3, 5)");
            List<String> profile = SessionSql.rows(s, "EXPLAIN ANALYZE SELECT k, sum(v) FROM e.t GROUP BY k");
            assertTrue(profile.stream().anyMatch(l -> l.contains("Query Profiling Information")), profile.toString());
            assertTrue(profile.stream().anyMatch(l -> l.contains("Total Time:")), profile.toString());
            assertTrue(profile.stream().anyMatch(l -> l.contains("HASH_GROUP_BY")), profile.toString());
            assertTrue(profile.stream().anyMatch(l -> l.strip().equals("│           2 rows          │")), profile.toString());
            Executable write = () -> exec(s, "EXPLAIN ANALYZE INSERT INTO e.t VALUES (9, 9)");
            assertThrows(CairnException.class, write);
            assertEquals(List.of("3"), SessionSql.rows(s, "SELECT count(*) FROM e.t"));
        }
    }
}
