package io.cairndb.server;

import io.cairndb.catalog.FeConfig;
import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Switches in conf/cairn.conf are honoured: changelog and streams can be turned off there. */
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

    @Test
    void malformedLinesAreRejected() throws IOException {
        Path conf = dir.resolve("bad.conf");
        Files.writeString(conf, "enable_table_stream\n");
        assertThrows(CairnException.class, () -> FeConfig.load(conf));
    }
}
