package io.cairndb.server.mysql;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A bare-bones protocol client for tests that need exact control over packets. */
final class RawClient implements AutoCloseable {
    static final int BASE_CAPABILITIES = Protocol.CLIENT_PROTOCOL_41 | Protocol.CLIENT_SECURE_CONNECTION
            | Protocol.CLIENT_PLUGIN_AUTH | Protocol.CLIENT_MULTI_RESULTS
            | Protocol.CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA;

    record Greeting(int capabilities, byte[] scramble, String version, long connectionId, String plugin) {
    }

    /** An ERR packet's parts; the state is null when the packet has none (before the handshake). */
    record Error(int code, String sqlState, String message) {
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    int lastSequenceId;

    RawClient(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Reads one payload, joining frames of 0xFFFFFF bytes with what follows. */
    byte[] read() throws IOException {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        int length;
        do {
            byte[] header = new byte[4];
            in.readFully(header);
            length = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
            lastSequenceId = header[3] & 0xff;
            byte[] body = new byte[length];
            in.readFully(body);
            payload.writeBytes(body);
        } while (length == 0xFFFFFF);
        return payload.toByteArray();
    }

    /** Sends one payload with the given first sequence id, in as many frames as it needs. */
    void write(int sequenceId, byte[] payload) throws IOException {
        int offset = 0;
        while (true) {
            int chunk = Math.min(payload.length - offset, 0xFFFFFF);
            out.write(new byte[] {(byte) chunk, (byte) (chunk >> 8), (byte) (chunk >> 16), (byte) sequenceId++});
            out.write(payload, offset, chunk);
            offset += chunk;
            if (chunk < 0xFFFFFF) {
                break;
            }
        }
        out.flush();
    }

    /** Bytes as they are, frame headers included. */
    void writeRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void command(int command, byte[] argument) throws IOException {
        byte[] payload = new byte[argument.length + 1];
        payload[0] = (byte) command;
        System.arraycopy(argument, 0, payload, 1, argument.length);
        write(0, payload);
    }

    void command(int command, String argument) throws IOException {
        command(command, argument.getBytes(StandardCharsets.UTF_8));
    }

    boolean isClosedByServer() throws IOException {
        return in.read() < 0;
    }

    /** Reads and drops whatever the server still sends, until it closes the connection; returns how much that was. */
    long drainUntilClosed() throws IOException {
        byte[] buffer = new byte[1 << 16];
        long total = 0;
        for (int n; (n = in.read(buffer)) >= 0; ) {
            total += n;
        }
        return total;
    }

    /** Connects and logs in as root (no password); the client is ready for commands. */
    static RawClient login(int port, int extraCapabilities, String database) throws IOException {
        RawClient client = new RawClient(port);
        client.readGreeting();
        client.write(1, handshakeResponse(BASE_CAPABILITIES | extraCapabilities, "root", new byte[0], database,
                Protocol.NATIVE_PASSWORD_PLUGIN));
        assertOk(client.read());
        return client;
    }

    Greeting readGreeting() throws IOException {
        PayloadReader in = new PayloadReader(read());
        assertEquals(10, in.int1());
        String version = in.nulString();
        long connectionId = in.int4();
        byte[] first = in.bytes(8);
        in.skip(1);
        int capabilities = in.int2();
        in.skip(1 + 2);
        capabilities |= in.int2() << 16;
        int scrambleLength = in.int1();
        in.skip(10);
        byte[] second = in.bytes(scrambleLength - 1 - 8);
        in.skip(1);
        byte[] scramble = Arrays.copyOf(first, 20);
        System.arraycopy(second, 0, scramble, 8, 12);
        return new Greeting(capabilities, scramble, version, connectionId, in.nulString());
    }

    static byte[] handshakeResponse(int capabilities, String user, byte[] auth, String database, String plugin) {
        int flags = database == null ? capabilities : capabilities | Protocol.CLIENT_CONNECT_WITH_DB;
        PayloadWriter out = new PayloadWriter().int4(flags).int4(1 << 24).int1(45).zeros(23)
                .nulString(user).lenencBytes(auth);
        if (database != null) {
            out.nulString(database);
        }
        out.nulString(plugin);
        return Arrays.copyOf(out.array(), out.length());
    }

    /** COM_STMT_PREPARE; returns the statement id after reading the parameter definitions. */
    int prepare(String sql, int expectedParameters) throws IOException {
        command(Protocol.COM_STMT_PREPARE, sql);
        PayloadReader ok = new PayloadReader(read());
        assertEquals(0, ok.int1());
        int id = (int) ok.int4();
        assertEquals(0, ok.int2());
        assertEquals(expectedParameters, ok.int2());
        if (expectedParameters > 0) {
            for (int i = 0; i < expectedParameters; i++) {
                read();
            }
            assertTrue(isEof(read()));
        }
        return id;
    }

    /** The start of a COM_STMT_EXECUTE payload: no cursor, one iteration; parameters follow. */
    static PayloadWriter execute(int statementId) {
        return new PayloadWriter().int1(Protocol.COM_STMT_EXECUTE).int4(statementId).int1(0).int4(1);
    }

    void send(PayloadWriter payload) throws IOException {
        write(0, Arrays.copyOf(payload.array(), payload.length()));
    }

    /** Reads a one-column binary result set of strings. */
    String readBinaryString() throws IOException {
        assertEquals(1, new PayloadReader(read()).lenencInt());
        read();
        assertTrue(isEof(read()));
        PayloadReader row = new PayloadReader(read());
        assertEquals(0, row.int1());
        assertEquals(0, row.int1()); // NULL bitmap
        String value = new String(row.lenencBytes(), StandardCharsets.UTF_8);
        assertTrue(isEof(read()));
        return value;
    }

    static boolean isEof(byte[] payload) {
        return (payload[0] & 0xff) == 0xfe && payload.length < 9;
    }

    static void assertOk(byte[] payload) {
        assertEquals(0, payload[0] & 0xff, () -> "expected OK, got " + describe(payload));
    }

    static void assertError(byte[] payload, int code) {
        assertEquals(code, error(payload).code(), () -> describe(payload));
    }

    static Error error(byte[] payload) {
        assertEquals(0xff, payload[0] & 0xff, () -> "expected ERR, got " + describe(payload));
        PayloadReader in = new PayloadReader(payload);
        in.skip(1);
        int code = in.int2();
        String rest = in.restString();
        return rest.startsWith("#") ? new Error(code, rest.substring(1, 6), rest.substring(6)) : new Error(code, null, rest);
    }

    static String describe(byte[] payload) {
        return new String(payload, StandardCharsets.UTF_8);
    }

    /** The mysql_native_password answer for {@code password} to {@code scramble}. */
    static byte[] nativePassword(String password, byte[] scramble) throws Exception {
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        byte[] stage1 = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
        byte[] stage2 = sha1.digest(stage1);
        sha1.update(scramble);
        byte[] mask = sha1.digest(stage2);
        for (int i = 0; i < stage1.length; i++) {
            stage1[i] ^= mask[i];
        }
        return stage1;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
