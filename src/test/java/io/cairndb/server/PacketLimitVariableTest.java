package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cairndb.catalog.FeConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

/** @@max_allowed_packet is the limit the server enforces, as configured: drivers size their packets by it. */
class PacketLimitVariableTest {
    @Test
    void theVariableReportsTheConfiguredLimit() {
        FeConfig config = new FeConfig();
        config.setAtStartup("max_allowed_packet", "1048576");
        try (Database db = Database.open(null, config); SqlSession s = db.open(1, "root", null, "test")) {
            assertEquals(List.of("1048576|1048576"), rows(s, "SELECT @@max_allowed_packet, @@global.max_allowed_packet"));
        }
    }
}
