package io.cairndb.server.mysql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static io.cairndb.server.mysql.RawClient.assertOk;
import static io.cairndb.server.mysql.RawClient.error;
import static io.cairndb.server.mysql.RawClient.execute;
import static org.junit.jupiter.api.Assertions.*;

/** The size of client packets before and after login, and of prepared statements' long data. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PacketLimitsTest {
    private static final int MAX_ALLOWED_PACKET = 1 << 20;
    private static MysqlServer server;

    @BeforeAll
    static void start() {
        server = new MysqlServer(new FakeSessionFactory(), new ServerLimits(100, MAX_ALLOWED_PACKET, Duration.ofSeconds(10)));
        server.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void beforeLoginAFrameOverTheLoginLimitIsRefusedAtOnce() throws Exception {
        try (RawClient client = new RawClient(server.port())) {
            client.readGreeting();
            // The header announces 16 MB; the rest of it never comes, yet the answer does.
            byte[] start = new byte[4 + 100];
            start[0] = start[1] = start[2] = (byte) 0xff;
            start[3] = 1;
            client.writeRaw(start);
            RawClient.Error refused = error(client.read());
            assertEquals(new RawClient.Error(1153, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes"), refused);
            assertEquals(2, client.lastSequenceId);
            assertTrue(client.isClosedByServer());
        }
    }

    @Test
    void afterLoginAPacketOverMaxAllowedPacketIsAnsweredAndTheConnectionClosed() throws Exception {
        try (RawClient client = RawClient.login(server.port(), 0, null)) {
            client.command(Protocol.COM_QUERY, "SELECT ECHO " + "x".repeat(MAX_ALLOWED_PACKET));
            assertEquals(new RawClient.Error(1153, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes"),
                    error(client.read()));
            assertTrue(client.isClosedByServer());
        }
    }

    @Test
    void aPacketOfExactlyMaxAllowedPacketIsAccepted() throws Exception {
        try (RawClient client = RawClient.login(server.port(), 0, null)) {
            String prefix = "SELECT ECHO ";
            client.command(Protocol.COM_QUERY, prefix + "x".repeat(MAX_ALLOWED_PACKET - 1 - prefix.length()));
            assertEquals(1, new PayloadReader(client.read()).lenencInt());
        }
    }

    /** A payload of several 16 MB frames is skipped as it streams in; the answer follows its end. */
    @Test
    void anOversizedMultiFramePayloadIsSkippedToItsEndThenAnswered() throws Exception {
        try (RawClient client = RawClient.login(server.port(), 0, null)) {
            byte[] payload = new byte[40 << 20];
            payload[0] = Protocol.COM_QUERY;
            client.write(0, payload);
            RawClient.Error tooLarge = error(client.read());
            assertEquals(1153, tooLarge.code());
            assertEquals(3, client.lastSequenceId); // three frames, 0 to 2, and the reply continues the sequence
            assertTrue(client.isClosedByServer());
        }
    }

    @Test
    void connectorJReportsThePacketTooLarge() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                + "/?user=root&password=&useSSL=false"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class,
                    () -> s.execute("SELECT ECHO " + "x".repeat(MAX_ALLOWED_PACKET)));
            assertEquals(1153, e.getErrorCode(), e::toString);
            assertFalse(c.isValid(5));
        }
    }

    @Test
    void longDataOverMaxAllowedPacketFailsTheNextExecuteWithoutAReplyOfItsOwn() throws Exception {
        try (RawClient client = RawClient.login(server.port(), 0, null)) {
            int id = client.prepare("SELECT ECHO ?", 1);
            byte[] half = new byte[MAX_ALLOWED_PACKET / 2 + 1];
            Arrays.fill(half, (byte) 'a');
            client.send(longData(id, half));
            client.send(longData(id, half));
            // COM_STMT_SEND_LONG_DATA takes no reply, not even an error: the ping's OK comes first.
            client.command(Protocol.COM_PING, "");
            assertOk(client.read());
            client.send(execute(id).int1(0).int1(1).int2(Protocol.TYPE_VAR_STRING));
            assertEquals(new RawClient.Error(1105, "HY000", "Parameter of prepared statement which is set through "
                    + "mysql_send_long_data() is longer than 'max_allowed_packet' bytes"), error(client.read()));
            // The failure lasts one execute; the statement and the connection go on.
            client.send(longData(id, "ab".getBytes(StandardCharsets.UTF_8)));
            client.send(execute(id).int1(0).int1(1).int2(Protocol.TYPE_VAR_STRING));
            assertEquals("SELECT ECHO 'ab'", client.readBinaryString());
        }
    }

    @Test
    void longDataUpToMaxAllowedPacketIsBound() throws Exception {
        try (RawClient client = RawClient.login(server.port(), 0, null)) {
            int id = client.prepare("SELECT ECHO ?", 1);
            byte[] half = new byte[MAX_ALLOWED_PACKET / 2 - 100];
            Arrays.fill(half, (byte) 'a');
            client.send(longData(id, half));
            client.send(longData(id, half));
            client.send(execute(id).int1(0).int1(1).int2(Protocol.TYPE_VAR_STRING));
            assertEquals("SELECT ECHO '" + "a".repeat(2 * half.length) + "'", client.readBinaryString());
        }
    }

    private static PayloadWriter longData(int statementId, byte[] chunk) {
        return new PayloadWriter().int1(Protocol.COM_STMT_SEND_LONG_DATA).int4(statementId).int2(0).bytes(chunk);
    }
}
