package io.cairndb.server.mysql;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/** The connection phase: the server greeting, the client's reply and mysql_native_password. */
final class Handshake {
    private static final int SCRAMBLE_LENGTH = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {
    }

    /** What the client sent in HandshakeResponse41. */
    record Response(int capabilities, String user, byte[] authResponse, String database, String authPlugin) {
        boolean usesNativePassword() {
            return authPlugin == null || authPlugin.equals(Protocol.NATIVE_PASSWORD_PLUGIN);
        }
    }

    /**
     * A fresh scramble of printable characters: some clients treat it as a NUL-terminated
     * string, so it must never contain a zero byte.
     */
    static byte[] newScramble() {
        byte[] scramble = new byte[SCRAMBLE_LENGTH];
        for (int i = 0; i < scramble.length; i++) {
            scramble[i] = (byte) ('!' + RANDOM.nextInt('~' - '!' + 1));
        }
        return scramble;
    }

    /** Initial Handshake Packet, protocol version 10. */
    static void writeGreeting(PayloadWriter out, long connectionId, byte[] scramble) {
        out.int1(10)
                .nulString(MysqlServer.SERVER_VERSION)
                .int4(connectionId)
                .bytes(scramble, 0, 8)
                .int1(0)
                .int2(Protocol.SERVER_CAPABILITIES & 0xffff)
                .int1(Protocol.CHARSET_UTF8)
                .int2(Protocol.SERVER_STATUS_AUTOCOMMIT)
                .int2(Protocol.SERVER_CAPABILITIES >>> 16)
                .int1(SCRAMBLE_LENGTH + 1)
                .zeros(10)
                .bytes(scramble, 8, SCRAMBLE_LENGTH - 8)
                .int1(0)
                .nulString(Protocol.NATIVE_PASSWORD_PLUGIN);
    }

    /** AuthSwitchRequest asking a client that chose another plugin to use mysql_native_password. */
    static void writeAuthSwitch(PayloadWriter out, byte[] scramble) {
        out.int1(0xfe).nulString(Protocol.NATIVE_PASSWORD_PLUGIN).bytes(scramble).int1(0);
    }

    static Response parseResponse(byte[] payload) {
        PayloadReader in = new PayloadReader(payload);
        int capabilities = (int) in.int4();
        if ((capabilities & Protocol.CLIENT_SSL) != 0 && payload.length == 32) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "SSL connections are not supported by this server");
        }
        if ((capabilities & Protocol.CLIENT_PROTOCOL_41) == 0) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Client does not support protocol 4.1");
        }
        in.skip(4 + 1 + 23); // max packet size, character set, filler
        String user = in.nulString();
        byte[] auth;
        if ((capabilities & Protocol.CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) != 0) {
            auth = in.lenencBytes();
        } else if ((capabilities & Protocol.CLIENT_SECURE_CONNECTION) != 0) {
            auth = in.bytes(in.int1());
        } else {
            auth = in.nulBytes();
        }
        String database = null;
        if ((capabilities & Protocol.CLIENT_CONNECT_WITH_DB) != 0 && in.hasRemaining()) {
            database = in.nulString();
        }
        String plugin = null;
        if ((capabilities & Protocol.CLIENT_PLUGIN_AUTH) != 0 && in.hasRemaining()) {
            plugin = in.nulString();
        }
        // Connection attributes may follow; the server has no use for them.
        return new Response(capabilities, user, auth,
                database == null || database.isEmpty() ? null : database,
                plugin == null || plugin.isEmpty() ? null : plugin);
    }

    /**
     * Checks a mysql_native_password answer. The client sends SHA1(pwd) XOR SHA1(scramble +
     * SHA1(SHA1(pwd))); unmasking it with the stored SHA1(SHA1(pwd)) must give a value whose SHA1
     * is the stored hash. An empty stored hash means the user has no password.
     */
    static boolean passwordMatches(byte[] storedHash, byte[] scramble, byte[] response) {
        if (storedHash.length == 0) {
            return response.length == 0;
        }
        if (response.length != SCRAMBLE_LENGTH || storedHash.length != SCRAMBLE_LENGTH) {
            return false;
        }
        MessageDigest sha1 = sha1();
        sha1.update(scramble);
        byte[] mask = sha1.digest(storedHash);
        byte[] candidate = new byte[SCRAMBLE_LENGTH];
        for (int i = 0; i < candidate.length; i++) {
            candidate[i] = (byte) (response[i] ^ mask[i]);
        }
        return MessageDigest.isEqual(sha1.digest(candidate), storedHash);
    }

    private static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required by the Java platform", e);
        }
    }
}
