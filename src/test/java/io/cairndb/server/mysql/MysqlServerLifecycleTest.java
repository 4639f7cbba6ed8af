package io.cairndb.server.mysql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.*;

class MysqlServerLifecycleTest {
    @Test
    void bindsAnyInterfaceAndReportsThePort() throws Exception {
        try (MysqlServer server = new MysqlServer(new FakeSessionFactory())) {
            server.start(0);
            assertTrue(server.port() > 0);
            try (RawClient client = new RawClient(server.port())) {
                assertEquals(10, client.read()[0]);
            }
            assertThrows(IllegalStateException.class, () -> server.start(0));
        }
    }

    @Test
    void aTakenPortFailsToStart() {
        try (MysqlServer first = new MysqlServer(new FakeSessionFactory());
             MysqlServer second = new MysqlServer(new FakeSessionFactory())) {
            first.start("127.0.0.1", 0);
            assertThrows(IllegalStateException.class, () -> second.start("127.0.0.1", first.port()));
            assertThrows(IllegalStateException.class, second::port);
        }
    }

    // A server that failed to close its connections would leave the client blocked in a read.
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void closingTheServerDisconnectsClients() throws Exception {
        MysqlServer server = new MysqlServer(new FakeSessionFactory());
        server.start("127.0.0.1", 0);
        try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                + "/?user=root&password=&useSSL=false"); Statement s = c.createStatement()) {
            s.execute("SELECT 1");
            server.close();
            assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
        }
        server.close(); // a second close is harmless
    }
}
