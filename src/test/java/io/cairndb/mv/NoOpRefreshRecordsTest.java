package io.cairndb.mv;

import io.cairndb.catalog.FeConfig;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * IVM refreshes with nothing to do commit nothing: their records wait in memory for the next commit
 * or shutdown. tasks() still shows only the newest max_persistence_task_count of a job, and so does the
 * history after a restart.
 */
class NoOpRefreshRecordsTest {
    @Test
    void noOpRecordsAreKeptLikeTheHistory() throws Exception {
        Path dir = Files.createTempDirectory("cairn-noop");
        FeConfig config = new FeConfig();
        config.setAtStartup("max_persistence_task_count", "3");
        try (Database db = Database.open(dir, config); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE t (id INT, v INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ('binlog.enable' = 'true')");
            exec(s, "CREATE MATERIALIZED VIEW m BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL AS SELECT id, v FROM t");
            exec(s, "REFRESH MATERIALIZED VIEW m INCREMENTAL WITH SYNC MODE");
            for (int i = 0; i < 10; i++) {
                exec(s, "REFRESH MATERIALIZED VIEW m INCREMENTAL WITH SYNC MODE");
            }
            assertEquals(List.of("NOT_REFRESH", "NOT_REFRESH", "NOT_REFRESH"),
                    rows(s, "SELECT RefreshMode FROM tasks('type' = 'mv') ORDER BY TaskId"));
        }
        try (Database db = Database.open(dir, config); SqlSession s = db.open(1, "root", "d", "test")) {
            assertEquals(List.of("NOT_REFRESH", "NOT_REFRESH", "NOT_REFRESH"),
                    rows(s, "SELECT RefreshMode FROM tasks('type' = 'mv') ORDER BY TaskId"));
        }
    }
}
