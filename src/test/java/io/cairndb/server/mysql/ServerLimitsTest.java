package io.cairndb.server.mysql;

import io.cairndb.catalog.FeConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ServerLimitsTest {
    @Test
    void readsTheConfiguration() {
        assertEquals(new ServerLimits(1024, 64 << 20, Duration.ofSeconds(10)), ServerLimits.of(new FeConfig()));
    }

    /** Each of these would have the server refuse every client; startup fails instead. */
    @Test
    void limitsThatLockEveryoneOutAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ServerLimits(0, 1 << 20, Duration.ofSeconds(10)));
        assertThrows(IllegalArgumentException.class, () -> new ServerLimits(10, 100, Duration.ofSeconds(10)));
        assertThrows(IllegalArgumentException.class, () -> new ServerLimits(10, 1 << 20, Duration.ZERO));
    }
}
