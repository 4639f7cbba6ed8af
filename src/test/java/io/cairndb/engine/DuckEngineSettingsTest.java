package io.cairndb.engine;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DuckEngineSettingsTest {
    /** A checkpoint rewrites what small writes touched, so it comes after 32MB of WAL rather than DuckDB's 16MB (see DuckEngine.open). */
    @Test
    void checkpointsAfter32MegabytesOfWal() throws Exception {
        Path dir = Files.createTempDirectory("cairn-engine");
        DuckEngine engine = DuckEngine.open(dir);
        try (Connection c = engine.connect()) {
            assertEquals("32.0 MiB", Sql.scalar(c, "SELECT current_setting('checkpoint_threshold')"));
        } finally {
            engine.close();
            try (java.util.stream.Stream<Path> walk = Files.walk(dir)) {
                walk.sorted((x, y) -> y.compareTo(x)).forEach(p -> p.toFile().delete());
            }
        }
    }
}
