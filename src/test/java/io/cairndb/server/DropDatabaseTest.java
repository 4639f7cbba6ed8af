package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cairndb.engine.Sql;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * DROP DATABASE takes along what {@code cairn_sys} keeps for the database's objects: changelogs,
 * stream offsets, MV task history and load labels; and a restart removes what older versions left behind.
 */
class DropDatabaseTest {
    @TempDir
    Path dir;

    /** Ids of the objects of database x, read before it goes. */
    private record Ids(long table, long stream, long job) {
    }

    @Test
    void dropDatabaseRemovesChangelogsStreamOffsetsAndTaskHistory() throws SQLException {
        try (Database db = Database.open(dir)) {
            SqlSession s = db.open(1, "root", null, "test");
            Ids ids = populate(db, s);
            assertEquals(List.of(1L, 1L, 1L, 1L, 1L), leftovers(db, ids), "everything exists before the drop");
            exec(s, "DROP DATABASE x");
            assertEquals(List.of(0L, 0L, 0L, 0L, 0L), leftovers(db, ids));
            s.close();
        }
    }

    @Test
    void restartRemovesWhatAnOlderDropLeftBehind() throws SQLException {
        Ids ids;
        try (Database db = Database.open(dir)) {
            SqlSession s = db.open(1, "root", null, "test");
            ids = populate(db, s);
            s.close();
            // An older DROP DATABASE: the schema and the catalog entries went, cairn_sys kept the rest.
            try (Connection c = db.connect()) {
                Sql.execute(c, "DROP SCHEMA x CASCADE");
                Sql.execute(c, "DELETE FROM cairn_sys.catalog_objects WHERE db = 'x' OR (kind = 'DATABASE' AND name = 'x')");
                c.commit();
                assertEquals(List.of(1L, 1L, 1L, 1L, 1L), leftovers(db, ids));
            }
        }
        try (Database db = Database.open(dir)) {
            assertEquals(List.of(0L, 0L, 0L, 0L, 0L), leftovers(db, ids));
            SqlSession s = db.open(1, "root", null, "test");
            assertEquals(List.of("y"), io.cairndb.sqltest.SessionSql.rows(s, "SHOW DATABASES LIKE 'y'"), "other databases stay");
            s.close();
        }
    }

    /** Database x with a changelog table, a consumed stream and a refreshed MV; database y beside it. */
    private static Ids populate(Database db, SqlSession s) {
        exec(s, "CREATE DATABASE y");
        exec(s, "CREATE TABLE y.keep (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(s, "CREATE DATABASE x");
        exec(s, "USE x");
        exec(s, "CREATE TABLE t (k INT, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 "
                + "PROPERTIES (\"changelog.enable\" = \"true\", \"changelog.need_historical_value\" = \"true\")");
        exec(s, "CREATE TABLE sink (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(s, "CREATE STREAM st ON TABLE t");
        exec(s, "INSERT INTO t WITH LABEL first_load VALUES (1, 10)");
        exec(s, "INSERT INTO sink SELECT k, v FROM st");
        exec(s, "CREATE MATERIALIZED VIEW mv BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT k, v FROM t");
        exec(s, "REFRESH MATERIALIZED VIEW mv COMPLETE WITH SYNC MODE");
        return new Ids(db.catalog().table("x", "t").id(), db.catalog().stream("x", "st").id(), db.catalog().mv("x", "mv").jobId());
    }

    /** Counts of: the changelog table, its state row, the stream's offset rows (one partition), the job's tasks, the load labels. */
    private static List<Long> leftovers(Database db, Ids ids) throws SQLException {
        try (Connection c = db.connect()) {
            List<Long> out = List.of(
                    count(c, "SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'cairn_sys' AND table_name = 'changelog_"
                            + ids.table() + "'"),
                    count(c, "SELECT count(*) FROM cairn_sys.changelog_state WHERE table_id = " + ids.table()),
                    count(c, "SELECT count(*) FROM cairn_sys.stream_offsets WHERE stream_id = " + ids.stream()),
                    count(c, "SELECT count(*) FROM cairn_sys.mv_tasks WHERE job_id = " + ids.job()),
                    count(c, "SELECT count(*) FROM cairn_sys.load_labels WHERE db = 'x'"));
            c.commit();
            return out;
        }
    }

    private static long count(Connection c, String sql) {
        return ((Number) Sql.scalar(c, sql)).longValue();
    }
}
