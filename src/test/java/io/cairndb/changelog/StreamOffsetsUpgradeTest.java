package io.cairndb.changelog;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;

/**
 * Stream offsets written before they had a key per stream and partition, including the duplicate
 * rows two first consumers could leave, are keyed at startup: each change is listed once again, and
 * a duplicate offset can no longer be written.
 */
class StreamOffsetsUpgradeTest {

    @Test
    void duplicateOffsetsOfOlderDirectoriesAreMergedAndKeyed() throws Exception {
        Path dir = Files.createTempDirectory("cairn-offsets");
        try {
            try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
                exec(s, "CREATE DATABASE d");
                exec(s, "USE d");
                exec(s, "CREATE TABLE t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES "
                        + "(\"changelog.enable\" = \"true\", \"changelog.need_historical_value\" = \"true\")");
                exec(s, "CREATE STREAM st ON TABLE t PROPERTIES (\"type\" = \"detail\")");
                exec(s, "CREATE TABLE sink (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
                exec(s, "INSERT INTO t VALUES (1, 1), (2, 1)");
                exec(s, "INSERT INTO sink SELECT k, v FROM st");
            }
            // The older layout, with the second offset row a concurrent first consumer used to write.
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cairn.duckdb").toAbsolutePath());
                 Statement st = c.createStatement()) {
                st.execute("CREATE TABLE cairn_sys.old_offsets AS SELECT * FROM cairn_sys.stream_offsets");
                st.execute("INSERT INTO cairn_sys.old_offsets SELECT * FROM cairn_sys.stream_offsets");
                st.execute("DROP TABLE cairn_sys.stream_offsets");
                st.execute("ALTER TABLE cairn_sys.old_offsets RENAME TO stream_offsets");
            }
            try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
                exec(s, "USE d");
                exec(s, "INSERT INTO t VALUES (3, 1)");
                assertEquals(List.of("1"), rows(s, "SELECT count(*) FROM st"));
                exec(s, "INSERT INTO sink SELECT k, v FROM st");
                assertEquals(List.of("3"), rows(s, "SELECT count(*) FROM sink"));
            }
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cairn.duckdb").toAbsolutePath());
                 Statement st = c.createStatement()) {
                assertThrows(SQLException.class, () -> st.execute(
                        "INSERT INTO cairn_sys.stream_offsets SELECT * FROM cairn_sys.stream_offsets"));
            }
        } finally {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted((x, y) -> y.compareTo(x)).forEach(p -> p.toFile().delete());
            }
        }
    }
}
