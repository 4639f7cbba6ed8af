package io.cairndb.server.mysql;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.server.SqlSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executor;

/**
 * One client connection after the socket is accepted: the handshake and authentication, then
 * commands. Every method runs on the connection's own thread, one packet at a time.
 */
final class MysqlConnection {
    private static final Logger LOG = LoggerFactory.getLogger(MysqlConnection.class);

    private enum Phase { AWAIT_HANDSHAKE_RESPONSE, AWAIT_AUTH_SWITCH_RESPONSE, COMMANDS, CLOSED }

    private final MysqlServer server;
    private final long connectionId;
    private final String remoteHost;
    private final String remoteAddress;
    private final PacketSender sender;
    /** Runs tasks from other threads on the connection's thread, between commands. */
    private final Executor tasks;
    private final Runnable onLogin;
    private final ResultWriter out;
    private final byte[] scramble = Handshake.newScramble();
    private Phase phase = Phase.AWAIT_HANDSHAKE_RESPONSE;
    /** The handshake response kept while the client switches to mysql_native_password. */
    private Handshake.Response handshake;
    /** Volatile: a shutdown cancels its statement from another thread. */
    private volatile CommandHandler commands;

    /**
     * @param remoteHost    the client's IP, as shown in access-denied messages
     * @param remoteAddress the client's ip:port, as handed to the session
     * @param onLogin       runs once the client is authenticated, before it is told so
     */
    MysqlConnection(MysqlServer server, long connectionId, String remoteHost, String remoteAddress,
                    PacketSender sender, Executor tasks, Runnable onLogin) {
        this.server = server;
        this.connectionId = connectionId;
        this.remoteHost = remoteHost;
        this.remoteAddress = remoteAddress;
        this.sender = sender;
        this.tasks = tasks;
        this.onLogin = onLogin;
        this.out = new ResultWriter(sender, server.limits().maxAllowedPacket());
    }

    void greet() {
        PayloadWriter greeting = new PayloadWriter();
        Handshake.writeGreeting(greeting, connectionId, scramble);
        sender.startSequence(0);
        sender.send(greeting);
        flushOrClose();
    }

    void handle(Packet packet) {
        if (phase == Phase.CLOSED) {
            return;
        }
        try {
            if (respond(packet)) {
                flushOrClose();
            } else {
                close();
            }
        } catch (PacketSender.ConnectionClosedException e) {
            close();
        } catch (Throwable e) {
            // Not even the error could be sent (out of memory, say): this connection ends, the server goes on.
            LOG.error("Closing connection {} after a failure while reporting an error", connectionId, e);
            close();
        }
    }

    /** Runs one packet and writes its reply; false when the connection is to end. */
    private boolean respond(Packet packet) {
        sender.startSequence(packet.sequenceId() + 1);
        try {
            return serve(packet);
        } catch (PacketSender.ConnectionClosedException e) {
            throw e;
        } catch (Throwable failure) {
            logFailure(failure);
            reportFailure(failure);
            // Errors during login end the connection, as in MySQL; errors in commands do not, unless
            // they are Errors (out of memory, stack overflow), after which nothing of this connection is trusted.
            return phase == Phase.COMMANDS && failure instanceof Exception;
        }
    }

    private boolean serve(Packet packet) {
        if (server.isShuttingDown()) {
            // The command running when shutdown began finishes; later ones are refused.
            if (phase == Phase.COMMANDS) {
                out.error(Protocol.ER_SERVER_SHUTDOWN, "08S01", "Server shutdown in progress");
            }
            return false;
        }
        if (packet.tooLarge()) {
            // As in MySQL the connection ends: the client may not expect its packet to be refused.
            out.error(Protocol.ER_NET_PACKET_TOO_LARGE, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes");
            return false;
        }
        return dispatch(packet.payload());
    }

    /** A statement the shutdown interrupted reports why, as MySQL does; anything else its own error. */
    private void reportFailure(Throwable failure) {
        if (server.isForcingShutdown() && failure instanceof CairnException e
                && e.errorCode() == ErrorCode.QUERY_INTERRUPTED.code()) {
            out.error(Protocol.ER_SERVER_SHUTDOWN, "08S01", "Server shutdown in progress");
        } else {
            out.error(failure);
        }
    }

    /** Fails the statement running now, if any, for a shutdown whose grace has expired. */
    void cancelStatement() {
        CommandHandler running = commands;
        if (running != null) {
            running.cancelStatement();
        }
    }

    /** Frees the session and closes the socket once pending replies are sent. */
    void close() {
        if (phase == Phase.CLOSED) {
            return;
        }
        phase = Phase.CLOSED;
        try {
            if (commands != null) {
                commands.close();
            }
        } finally {
            sender.flushAndClose();
        }
    }

    private boolean dispatch(byte[] payload) {
        switch (phase) {
            case AWAIT_HANDSHAKE_RESPONSE -> {
                Handshake.Response response = Handshake.parseResponse(payload);
                if (response.usesNativePassword()) {
                    login(response, response.authResponse());
                } else {
                    handshake = response;
                    PayloadWriter request = new PayloadWriter();
                    Handshake.writeAuthSwitch(request, scramble);
                    sender.send(request);
                    phase = Phase.AWAIT_AUTH_SWITCH_RESPONSE;
                }
                return true;
            }
            case AWAIT_AUTH_SWITCH_RESPONSE -> {
                login(handshake, payload);
                handshake = null;
                return true;
            }
            default -> {
                return commands.handle(payload);
            }
        }
    }

    private void login(Handshake.Response response, byte[] authResponse) {
        CairnException refused = server.factory().refuseLogin(response.user(), remoteHost,
                stored -> Handshake.passwordMatches(stored, scramble, authResponse), authResponse.length > 0);
        if (refused != null) {
            throw refused;
        }
        SqlSession session = server.factory().open(connectionId, response.user(), response.database(),
                remoteAddress);
        int capabilities = response.capabilities() & Protocol.SERVER_CAPABILITIES;
        out.setDeprecateEof((capabilities & Protocol.CLIENT_DEPRECATE_EOF) != 0);
        // A killed connection closes after the command it is running, so that command's error still reaches the client.
        commands = new CommandHandler(server, session, out, new CommandHandler.Login(connectionId,
                response.user(), remoteAddress), () -> tasks.execute(this::close));
        phase = Phase.COMMANDS;
        onLogin.run();
        out.ok();
    }

    private void flushOrClose() {
        try {
            sender.flush();
        } catch (PacketSender.ConnectionClosedException e) {
            close();
        }
    }

    private static void logFailure(Throwable failure) {
        if (failure instanceof CairnException) {
            LOG.debug("Statement failed: {}", failure.getMessage());
        } else {
            LOG.warn("Unexpected failure while serving a client command", failure);
        }
    }
}
