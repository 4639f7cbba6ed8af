package io.cairndb.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DuckEngineSettingsTest {
    /** A checkpoint rewrites what small writes touched, so it comes after 32MB of WAL rather than DuckDB's 16MB (see DuckEngine.open). */
    @Test
    void checkpointsAfter32MegabytesOfWal(@TempDir Path dir) throws Exception {
        DuckEngine engine = DuckEngine.open(dir);
        try (Connection c = engine.connect()) {
            assertEquals("32.0 MiB", Sql.scalar(c, "SELECT current_setting('checkpoint_threshold')"));
        } finally {
            engine.close();
        }
    }
}
