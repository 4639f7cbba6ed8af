package io.cairndb.server.mysql;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** A bare-bones protocol client for tests that need exact control over packets. */
final class RawClient implements AutoCloseable {
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
