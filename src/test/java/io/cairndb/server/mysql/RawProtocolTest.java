package io.cairndb.server.mysql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.cairndb.server.mysql.RawClient.BASE_CAPABILITIES;
import static io.cairndb.server.mysql.RawClient.assertError;
import static io.cairndb.server.mysql.RawClient.assertOk;
import static io.cairndb.server.mysql.RawClient.describe;
import static io.cairndb.server.mysql.RawClient.execute;
import static io.cairndb.server.mysql.RawClient.isEof;
import static io.cairndb.server.mysql.RawClient.handshakeResponse;
import static org.junit.jupiter.api.Assertions.*;

/** Packet-level checks of what Connector/J does not exercise. */
class RawProtocolTest {
    private static MysqlServer server;

    @BeforeAll
    static void start() {
        server = new MysqlServer(new FakeSessionFactory());
        server.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawClient login(int extraCapabilities, String database) throws Exception {
        return RawClient.login(server.port(), extraCapabilities, database);
    }

    /** Reads a text result set (old EOF style) into rows of strings. */
    private static List<List<String>> readTextRows(RawClient client) throws IOException {
        int columns = (int) new PayloadReader(client.read()).lenencInt();
        for (int i = 0; i < columns; i++) {
            client.read();
        }
        assertTrue(isEof(client.read()));
        List<List<String>> rows = new ArrayList<>();
        for (byte[] row = client.read(); !isEof(row); row = client.read()) {
            PayloadReader in = new PayloadReader(row);
            List<String> values = new ArrayList<>();
            for (int i = 0; i < columns; i++) {
                values.add(new String(in.lenencBytes(), StandardCharsets.UTF_8));
            }
            rows.add(values);
        }
        return rows;
    }

    @Test
    void greetingAnnouncesTheServer() throws Exception {
        try (RawClient client = new RawClient(server.port())) {
            RawClient.Greeting greeting = client.readGreeting();
            assertEquals(MysqlServer.SERVER_VERSION, greeting.version());
            assertTrue(greeting.connectionId() > 0);
            assertEquals(Protocol.NATIVE_PASSWORD_PLUGIN, greeting.plugin());
            assertEquals(0, greeting.capabilities() & Protocol.CLIENT_SSL);
            int wanted = Protocol.CLIENT_PROTOCOL_41 | Protocol.CLIENT_SECURE_CONNECTION | Protocol.CLIENT_PLUGIN_AUTH
                    | Protocol.CLIENT_CONNECT_WITH_DB | Protocol.CLIENT_TRANSACTIONS | Protocol.CLIENT_MULTI_RESULTS
                    | Protocol.CLIENT_MULTI_STATEMENTS | Protocol.CLIENT_DEPRECATE_EOF;
            assertEquals(wanted, greeting.capabilities() & wanted);
            for (byte b : greeting.scramble()) {
                assertNotEquals(0, b);
            }
        }
    }

    @Test
    void cachingSha2ClientIsSwitchedToNativePassword() throws Exception {
        try (RawClient client = new RawClient(server.port())) {
            RawClient.Greeting greeting = client.readGreeting();
            client.write(1, handshakeResponse(BASE_CAPABILITIES, "alice", new byte[32], null,
                    "caching_sha2_password"));
            PayloadReader request = new PayloadReader(client.read());
            assertEquals(0xfe, request.int1());
            assertEquals(Protocol.NATIVE_PASSWORD_PLUGIN, request.nulString());
            byte[] scramble = request.bytes(20);
            assertArrayEquals(greeting.scramble(), scramble);
            client.write(client.lastSequenceId + 1, RawClient.nativePassword("secret", scramble));
            assertOk(client.read());
            client.command(Protocol.COM_PING, "");
            assertOk(client.read());
        }
    }

    @Test
    void wrongPasswordEndsTheConnection() throws Exception {
        try (RawClient client = new RawClient(server.port())) {
            RawClient.Greeting greeting = client.readGreeting();
            client.write(1, handshakeResponse(BASE_CAPABILITIES, "alice",
                    RawClient.nativePassword("nope", greeting.scramble()), null, Protocol.NATIVE_PASSWORD_PLUGIN));
            assertError(client.read(), 1045);
            assertTrue(client.isClosedByServer());
        }
    }

    @Test
    void simpleCommands() throws Exception {
        try (RawClient client = login(0, null)) {
            client.command(Protocol.COM_PING, "");
            assertOk(client.read());
            client.command(0x63, "");
            assertError(client.read(), Protocol.ER_UNKNOWN_COM_ERROR);
            client.write(0, new byte[0]);
            assertError(client.read(), Protocol.ER_MALFORMED_PACKET);
            client.command(Protocol.COM_STATISTICS, "");
            assertTrue(describe(client.read()).startsWith("Uptime: "));
            client.command(Protocol.COM_SET_OPTION, new byte[] {1, 0});
            assertTrue(isEof(client.read()));
            client.command(Protocol.COM_INIT_DB, "nope");
            assertError(client.read(), 1049);
            client.command(Protocol.COM_INIT_DB, "db1");
            assertOk(client.read());
            client.command(Protocol.COM_QUERY, "SELECT DATABASE()");
            assertEquals(List.of(List.of("db1")), readTextRows(client));
            client.command(Protocol.COM_RESET_CONNECTION, "");
            assertOk(client.read());
            client.command(Protocol.COM_QUERY, "SELECT DATABASE()");
            assertEquals(List.of(List.of("db1")), readTextRows(client));
            client.command(Protocol.COM_QUIT, "");
            assertTrue(client.isClosedByServer());
        }
    }

    @Test
    void fieldList() throws Exception {
        try (RawClient client = login(0, "db1")) {
            client.command(Protocol.COM_FIELD_LIST, "t\0");
            List<String> names = new ArrayList<>();
            for (byte[] packet = client.read(); !isEof(packet); packet = client.read()) {
                PayloadReader in = new PayloadReader(packet);
                assertEquals("def", new String(in.lenencBytes(), StandardCharsets.UTF_8));
                assertEquals("db1", new String(in.lenencBytes(), StandardCharsets.UTF_8));
                assertEquals("t", new String(in.lenencBytes(), StandardCharsets.UTF_8));
                in.lenencBytes();
                names.add(new String(in.lenencBytes(), StandardCharsets.UTF_8));
            }
            assertEquals(List.of("id", "name"), names);
            client.command(Protocol.COM_FIELD_LIST, "missing\0");
            assertError(client.read(), 1146);
        }
    }

    @Test
    void deprecateEofReplacesEofPackets() throws Exception {
        try (RawClient client = login(Protocol.CLIENT_DEPRECATE_EOF, null)) {
            client.command(Protocol.COM_QUERY, "SELECT 1");
            assertEquals(1, new PayloadReader(client.read()).lenencInt());
            client.read(); // the column definition, with no EOF after it
            assertEquals("1", new String(new PayloadReader(client.read()).lenencBytes(), StandardCharsets.UTF_8));
            PayloadReader end = new PayloadReader(client.read());
            assertEquals(0xfe, end.int1());
            assertEquals(0, end.lenencInt());
            assertEquals(0, end.lenencInt());
            assertEquals(Protocol.SERVER_STATUS_AUTOCOMMIT, end.int2());
        }
    }

    @Test
    void queryLargerThanOneFrame() throws Exception {
        try (RawClient client = login(0, null)) {
            String sql = "SELECT ECHO " + FakeSessionFactory.BIG_STRING;
            client.command(Protocol.COM_QUERY, sql);
            assertEquals(List.of(List.of(sql)), readTextRows(client));
            // A payload of exactly one full frame ends with an empty frame.
            String exact = "SELECT ECHO " + "y".repeat(0xFFFFFF - 1 - "SELECT ECHO ".length());
            client.command(Protocol.COM_QUERY, exact);
            assertEquals(List.of(List.of(exact)), readTextRows(client));
        }
    }

    @Test
    void preparedStatementLifecycle() throws Exception {
        try (RawClient client = login(0, null)) {
            int id = client.prepare("SELECT ECHO ?, ? -- ?", 2);
            // Unsigned BIGINT and a negative TIME with microseconds, types sent.
            client.send(execute(id).int1(0).int1(1)
                    .int2(Protocol.TYPE_LONGLONG | 0x8000).int2(Protocol.TYPE_TIME)
                    .int8(-1).int1(12).int1(1).int4(1).int1(2).int1(3).int1(4).int4(5));
            assertEquals("SELECT ECHO 18446744073709551615, '-26:03:04.000005' -- ?", client.readBinaryString());
            // Types not resent: the ones from the previous execution apply. The second value is NULL.
            client.send(execute(id).int1(0b10).int1(0).int8(7));
            assertEquals("SELECT ECHO 7, NULL -- ?", client.readBinaryString());
            // Long data stands in for the second parameter and lasts one execution.
            client.send(new PayloadWriter().int1(Protocol.COM_STMT_SEND_LONG_DATA).int4(id).int2(1).restString("lo"));
            client.send(new PayloadWriter().int1(Protocol.COM_STMT_SEND_LONG_DATA).int4(id).int2(1).restString("ng'"));
            client.send(execute(id).int1(0).int1(0).int8(8));
            assertEquals("SELECT ECHO 8, 'long''' -- ?", client.readBinaryString());
            client.command(Protocol.COM_STMT_RESET, new PayloadWriter().int4(id).array());
            assertOk(client.read());
            client.command(Protocol.COM_STMT_CLOSE, new PayloadWriter().int4(id).array());
            client.send(execute(id));
            assertError(client.read(), Protocol.ER_UNKNOWN_STMT_HANDLER);
            client.command(Protocol.COM_STMT_RESET, new PayloadWriter().int4(999).array());
            assertError(client.read(), Protocol.ER_UNKNOWN_STMT_HANDLER);
        }
    }

    @Test
    void executeWithoutEverSendingTypesIsAnError() throws Exception {
        try (RawClient client = login(0, null)) {
            int id = client.prepare("SELECT ECHO ?", 1);
            client.send(execute(id).int1(0).int1(0).int8(1));
            assertError(client.read(), 1210);
            client.send(execute(id).int1(0).int1(1).int2(Protocol.TYPE_DATE).int1(4).int2(2024).int1(3).int1(9));
            assertEquals("SELECT ECHO '2024-03-09'", client.readBinaryString());
        }
    }

    @Test
    void garbageNeverKillsTheConnection() throws Exception {
        Random random = new Random(42);
        try (RawClient client = login(0, null)) {
            client.prepare("SELECT ECHO ?, ?, ?", 3);
            for (int round = 0; round < 300; round++) {
                int command = random.nextInt(0x21);
                if (command == Protocol.COM_QUIT) {
                    continue;
                }
                byte[] garbage = new byte[random.nextInt(40)];
                random.nextBytes(garbage);
                if (command == Protocol.COM_STMT_EXECUTE && garbage.length >= 4) {
                    garbage[0] = 1; // the prepared statement, so the parameter decoder gets the garbage
                    garbage[1] = garbage[2] = garbage[3] = 0;
                }
                client.command(command, garbage);
                String marker = "marker-" + round;
                client.command(Protocol.COM_QUERY, "SELECT ECHO " + marker);
                // Skip whatever the garbage produced until the marker row; a dropped connection fails the read.
                byte[] packet = client.read();
                while (!describe(packet).contains(marker)) {
                    packet = client.read();
                }
                assertTrue(isEof(client.read()));
            }
            client.command(Protocol.COM_PING, "");
            assertOk(client.read());
        }
    }
}
