package io.cairndb.server;

import io.cairndb.catalog.FeConfig;
import io.cairndb.error.CairnException;
import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Settings in conf/cairn.conf are honoured: changelog and streams can be turned off there, task history capped. */
class FeConfigFileTest {
    @TempDir
    Path dir;

    @Test
    void featureSwitchesFromTheConfigurationFile() throws IOException {
        Path conf = dir.resolve("cairn.conf");
        Files.writeString(conf, "# test\nenable_feature_binlog = false\nenable_table_stream = \"false\"\n");
        FeConfig config = FeConfig.load(conf);
        assertFalse(config.changelogEnabled());
        assertFalse(config.flag("enable_table_stream"));
        assertTrue(config.flag("enable_feature_changelog"));
        try (Database db = Database.open(dir.resolve("data"), config); SqlSession s = db.open(1, "root", null, "test")) {
            s.execute("CREATE DATABASE d");
            CairnException e = assertThrows(CairnException.class, () -> s.execute(
                    "CREATE TABLE d.t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES (\"binlog.enable\" = \"true\")"));
            assertTrue(e.getMessage().contains("Changelog is not enabled"), e.getMessage());
        }
    }

    /** max_persistence_task_count, read at startup, caps the task history of each MV (ADMIN SET refuses it). */
    @Test
    void taskHistoryIsCappedPerMv() throws IOException {
        Path conf = dir.resolve("cairn.conf");
        Files.writeString(conf, "max_persistence_task_count = 2\n");
        FeConfig config = FeConfig.load(conf);
        for (int restart = 0; restart < 2; restart++) {
            try (Database db = Database.open(dir.resolve("data"), config); SqlSession s = db.open(1, "root", null, "test")) {
                if (restart == 0) {
                    s.execute("CREATE DATABASE d");
                    s.execute("CREATE TABLE d.t (k INT) DISTRIBUTED BY HASH(k) BUCKETS 1");
                    s.execute("CREATE MATERIALIZED VIEW d.mv BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT count(*) AS c FROM d.t");
                    s.execute("CREATE MATERIALIZED VIEW d.other BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT k FROM d.t");
                    for (int i = 0; i < 3; i++) {
                        s.execute("REFRESH MATERIALIZED VIEW d.mv COMPLETE WITH SYNC MODE");
                    }
                    s.execute("REFRESH MATERIALIZED VIEW d.other COMPLETE WITH SYNC MODE");
                }
                assertEquals(List.of("mv|2", "other|1"), SessionSql.rows(s,
                        "SELECT concat(MvName, '|', count(*)) FROM tasks('type' = 'mv') GROUP BY MvName ORDER BY MvName"));
            }
        }
    }

    @Test
    void malformedLinesAreRejected() throws IOException {
        Path conf = dir.resolve("bad.conf");
        Files.writeString(conf, "enable_table_stream\n");
        assertThrows(CairnException.class, () -> FeConfig.load(conf));
    }
}
