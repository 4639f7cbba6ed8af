package io.cairndb;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server's flags, and one clear message for each mistake in them. */
class CommandLineTest {
    @Test
    void defaults() {
        CommandLine c = CommandLine.parse(new String[0]);
        assertEquals(9030, c.port());
        assertEquals(Path.of("cairn-data"), c.dataDir());
        assertNull(c.conf());
        assertNull(c.bind());
    }

    @Test
    void flags() {
        CommandLine c = CommandLine.parse(new String[] {"--port", "0", "--bind", "0.0.0.0", "--data-dir", "d", "--conf", "c.conf"});
        assertEquals(0, c.port());
        assertEquals("0.0.0.0", c.bind());
        assertEquals(Path.of("d"), c.dataDir());
        assertEquals(Path.of("c.conf"), c.conf());
        assertTrue(CommandLine.parse(new String[] {"--data-dir", "d", "--help"}).help());
    }

    @Test
    void usageErrorsSayWhatIsWrong() {
        assertUsage("--port abc: not a port number (0 to 65535)", "--port", "abc");
        assertUsage("--port 65536: not a port number (0 to 65535)", "--port", "65536");
        assertUsage("--port needs a value", "--port");
        assertUsage("--data-dir needs a value", "--data-dir", "--port", "1");
        assertUsage("unknown option --verbose", "--verbose");
        assertUsage("unknown option extra", "--port", "1", "extra");
    }

    private static void assertUsage(String message, String... args) {
        assertEquals(message, assertThrows(UsageException.class, () -> CommandLine.parse(args)).getMessage());
    }
}
