package io.cairndb.server.mysql;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static io.cairndb.server.mysql.RawClient.BASE_CAPABILITIES;
import static io.cairndb.server.mysql.RawClient.assertError;
import static io.cairndb.server.mysql.RawClient.assertOk;
import static io.cairndb.server.mysql.RawClient.handshakeResponse;
import static org.junit.jupiter.api.Assertions.*;

/** What one client, or many, may take of the server: connections, login time, memory. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConnectionLimitsTest {
    private MysqlServer server;

    private MysqlServer start(ServerLimits limits) {
        server = new MysqlServer(new FakeSessionFactory(), limits);
        server.start("127.0.0.1", 0);
        return server;
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false");
    }

    @Test
    void connectionsOverTheLimitAreRefusedWithTooManyConnections() throws Exception {
        start(new ServerLimits(2, 1 << 20, Duration.ofSeconds(10)));
        try (RawClient first = new RawClient(server.port()); RawClient second = RawClient.login(server.port(), 0, null)) {
            first.readGreeting();
            try (RawClient third = new RawClient(server.port())) {
                assertEquals(new RawClient.Error(1040, null, "Too many connections"), RawClient.error(third.read()));
                assertTrue(third.isClosedByServer());
            }
            SQLException e = assertThrows(SQLException.class, this::connect);
            assertEquals(1040, e.getErrorCode());
            assertEquals("08004", e.getSQLState());
        }
        // Closed connections, refused ones included, no longer count.
        awaitTrue(() -> server.openConnections() == 0);
        try (Connection a = connect(); Connection b = connect()) {
            assertTrue(a.isValid(5) && b.isValid(5));
        }
    }

    @Test
    void aFailedLoginReleasesItsConnection() throws Exception {
        start(new ServerLimits(1, 1 << 20, Duration.ofSeconds(10)));
        try (RawClient client = new RawClient(server.port())) {
            client.readGreeting();
            client.write(1, handshakeResponse(BASE_CAPABILITIES, "mallory", new byte[0], null,
                    Protocol.NATIVE_PASSWORD_PLUGIN));
            assertError(client.read(), 1045);
            assertTrue(client.isClosedByServer());
        }
        awaitTrue(() -> server.openConnections() == 0);
        try (Connection c = connect()) {
            assertTrue(c.isValid(5));
        }
    }

    @Test
    void aClientThatDoesNotLogInInTimeIsDisconnected() throws Exception {
        start(new ServerLimits(100, 1 << 20, Duration.ofMillis(300)));
        try (RawClient silent = new RawClient(server.port()); RawClient slow = new RawClient(server.port())) {
            silent.readGreeting();
            slow.readGreeting();
            slow.writeRaw(new byte[] {(byte) 200, 0, 0, 1, 1, 2, 3}); // a handshake response that never ends
            long started = System.nanoTime();
            assertTrue(silent.isClosedByServer());
            assertTrue(slow.isClosedByServer());
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(5));
        }
    }

    @Test
    void aLoggedInClientOutlivesTheLoginTimeout() throws Exception {
        start(new ServerLimits(100, 1 << 20, Duration.ofMillis(300)));
        try (RawClient client = RawClient.login(server.port(), 0, null)) {
            Thread.sleep(900);
            client.command(Protocol.COM_PING, "");
            assertOk(client.read());
        }
    }

    /** An Error in one command leaves that connection in an unknown state: it ends, the others go on. */
    @Test
    void outOfMemoryInACommandEndsOnlyItsConnection() throws Exception {
        start(ServerLimits.DEFAULT);
        try (Connection victim = connect(); Connection bystander = connect();
             Statement vs = victim.createStatement(); Statement bs = bystander.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> vs.execute("EXHAUST MEMORY"));
            assertEquals("Java heap space", e.getMessage());
            assertFalse(victim.isValid(5));
            assertEquals(1, selectOne(bs));
            try (Connection next = connect(); Statement ns = next.createStatement()) {
                assertEquals(1, selectOne(ns));
            }
        }
    }

    /**
     * Unauthenticated clients each announce a 16 MB packet and send what their socket takes. Were
     * those bytes buffered, they would exhaust the heap and stop the event loops; refused from the
     * header, they cost nothing, and a real client is still served.
     */
    @Test
    void theServerAnswersWhileManyUnauthenticatedClientsSendHugePackets() throws Exception {
        start(ServerLimits.DEFAULT);
        int clients = 200;
        ByteBuffer sixteenMegabytes = ByteBuffer.allocateDirect(16 << 20);
        List<SocketChannel> sockets = new ArrayList<>();
        List<ByteBuffer[]> unsent = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                SocketChannel socket = SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port()));
                sockets.add(socket);
                readPacket(socket);
                socket.configureBlocking(false);
                ByteBuffer header = ByteBuffer.wrap(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 1});
                unsent.add(new ByteBuffer[] {header, sixteenMegabytes.duplicate()});
            }
            sendWhatTheSocketsTake(sockets, unsent, System.nanoTime() + TimeUnit.SECONDS.toNanos(20));
            // The clients keep their sockets open; the server has closed its end of each.
            awaitTrue(() -> server.openConnections() == 0);
            try (Connection c = connect(); Statement s = c.createStatement()) {
                assertEquals(1, selectOne(s));
            }
        } finally {
            for (SocketChannel socket : sockets) {
                socket.close();
            }
        }
    }

    /** Writes round after round until every payload is sent or refused, or the deadline passes. */
    private static void sendWhatTheSocketsTake(List<SocketChannel> sockets, List<ByteBuffer[]> unsent, long deadline)
            throws InterruptedException {
        boolean pending = true;
        while (pending && System.nanoTime() < deadline) {
            pending = false;
            for (int i = 0; i < sockets.size(); i++) {
                ByteBuffer[] buffers = unsent.get(i);
                if (buffers == null) {
                    continue;
                }
                try {
                    sockets.get(i).write(buffers);
                    pending |= buffers[1].hasRemaining();
                    if (!buffers[1].hasRemaining()) {
                        unsent.set(i, null);
                    }
                } catch (IOException refused) {
                    unsent.set(i, null);
                }
            }
            Thread.sleep(10);
        }
    }

    private static void readPacket(SocketChannel socket) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(4);
        readFully(socket, header);
        int length = (header.get(0) & 0xff) | (header.get(1) & 0xff) << 8 | (header.get(2) & 0xff) << 16;
        readFully(socket, ByteBuffer.allocate(length));
    }

    private static void readFully(SocketChannel socket, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (socket.read(buffer) < 0) {
                throw new IOException("closed by the server");
            }
        }
    }

    private static int selectOne(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT 1")) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "condition never held");
            Thread.sleep(10);
        }
    }
}
