package io.cairndb.changelog;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A data directory written before changes carried their keys' previous changes (no {@code __prev}
 * and {@code __since} columns, no {@code tracked_from}, no commit summaries) opens, keeps its
 * history readable, and MIN_DELTA is right over windows before, across and after the upgrade.
 */
class ChangelogUpgradeTest {

    @Test
    void olderChangelogsAreUpgradedAtStartup() throws Exception {
        Path dir = Files.createTempDirectory("cairn-upgrade");
        try {
            try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
                exec(s, "CREATE DATABASE d");
                exec(s, "USE d");
                exec(s, "SET time_zone = 'UTC'");
                exec(s, "SET cairn_debug_commit_time = '2025-01-01 10:00:00'");
                exec(s, "CREATE TABLE t (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES "
                        + "(\"changelog.enable\" = \"true\", \"changelog.need_historical_value\" = \"true\", "
                        + "\"changelog.ttl_seconds\" = \"315360000\")");
                exec(s, "INSERT INTO t VALUES (1, 1), (2, 1), (3, 1)");
                exec(s, "SET cairn_debug_commit_time = '2025-01-01 10:01:00'");
                exec(s, "INSERT INTO t VALUES (1, 2)");
            }
            // Back to the older layout.
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cairn.duckdb").toAbsolutePath());
                 Statement st = c.createStatement()) {
                String changelog;
                try (var rs = st.executeQuery("SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'changelog\\_%' ESCAPE '\\' "
                        + "AND table_name NOT IN ('changelog_state', 'changelog_markers', 'changelog_commits')")) {
                    rs.next();
                    changelog = "cairn_sys.\"" + rs.getString(1) + "\"";
                }
                st.execute("ALTER TABLE " + changelog + " DROP COLUMN __prev");
                st.execute("ALTER TABLE " + changelog + " DROP COLUMN __since");
                st.execute("ALTER TABLE cairn_sys.changelog_state DROP COLUMN tracked_from");
                st.execute("DROP TABLE cairn_sys.changelog_commits");
            }
            try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
                exec(s, "USE d");
                exec(s, "SET time_zone = 'UTC'");
                exec(s, "SET cairn_debug_commit_time = '2025-01-01 10:02:00'");
                exec(s, "INSERT INTO t VALUES (1, 3)");
                exec(s, "DELETE FROM t WHERE k = 2");
                exec(s, "SET cairn_debug_commit_time = '2025-01-01 10:03:00'");
                exec(s, "INSERT INTO t VALUES (1, 4), (4, 1)");
                String q = "SELECT k, v, __DORIS_CHANGELOG_OP__ FROM t@incr(%s) ORDER BY k, __DORIS_CHANGELOG_OP__";
                assertEquals(List.of("1|4|0", "3|1|0", "4|1|0"), rows(s, String.format(q, "")));
                assertEquals(List.of("1|1|2", "1|4|3", "2|1|1", "4|1|0"),
                        rows(s, String.format(q, "\"startTimestamp\" = \"2025-01-01 10:01:00\"")));
                assertEquals(List.of("1|2|2", "1|4|3", "2|1|1", "4|1|0"),
                        rows(s, String.format(q, "\"startTimestamp\" = \"2025-01-01 10:02:00\"")));
                assertEquals(List.of("1|3|2", "1|4|3", "4|1|0"),
                        rows(s, String.format(q, "\"startTimestamp\" = \"2025-01-01 10:03:00\"")));
            }
        } finally {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted((x, y) -> y.compareTo(x)).forEach(p -> p.toFile().delete());
            }
        }
    }


}
