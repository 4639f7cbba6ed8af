package io.cairndb.server.mysql;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Netty end of a connection: it turns away connections over the limit, closes those that do
 * not log in in time, hands every packet to the connection's serial worker, so nothing slow runs
 * on the event loop, and stops reading while too much is queued.
 */
final class ConnectionHandler extends SimpleChannelInboundHandler<Packet> {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    private static final int MAX_QUEUED_PACKETS = 16;
    /** Large packets are queued one at a time, so a connection holds little beyond the one it runs. */
    private static final long MAX_QUEUED_BYTES = 1 << 20;

    private final MysqlServer server;
    private final PacketDecoder decoder;
    private final SerialExecutor worker;
    private final AtomicInteger queuedPackets = new AtomicInteger();
    private final AtomicLong queuedBytes = new AtomicLong();
    private PacketSender sender;
    /** Null for a connection turned away. */
    private MysqlConnection connection;
    private ScheduledFuture<?> loginTimeout;

    ConnectionHandler(MysqlServer server, PacketDecoder decoder, SerialExecutor worker) {
        this.server = server;
        this.decoder = decoder;
        this.worker = worker;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        Channel channel = ctx.channel();
        // Counted first, whatever follows, so that channelInactive always has a count to release.
        int open = server.connectionOpened();
        if (open > server.limits().maxConnections()) {
            LOG.warn("Refusing a connection from {}: {} connections are open, qe_max_connection is {}",
                    channel.remoteAddress(), open - 1, server.limits().maxConnections());
            refuse(channel, Protocol.ER_CON_COUNT_ERROR, "Too many connections");
            return;
        }
        sender = new PacketSender(channel);
        SocketAddress remote = channel.remoteAddress();
        String host = remote instanceof InetSocketAddress inet ? inet.getAddress().getHostAddress() : "localhost";
        String address = remote instanceof InetSocketAddress inet ? host + ":" + inet.getPort() : host;
        connection = new MysqlConnection(server, server.nextConnectionId(), host, address, sender, worker,
                this::loggedIn);
        // Tracked before the shutdown flag is read: a shutdown starting now either sees this
        // connection or is seen by it.
        server.track(this);
        if (server.isShuttingDown()) {
            refuse(channel, Protocol.ER_SERVER_SHUTDOWN, "Server shutdown in progress");
            return;
        }
        // MySQL's connect_timeout: the client is dropped without a word, as MySQL does.
        loginTimeout = ctx.executor().schedule(() -> {
            LOG.debug("Closing a connection from {} that did not log in within {}", remote,
                    server.limits().connectTimeout());
            channel.close();
        }, server.limits().connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
        worker.execute(connection::greet);
        ctx.fireChannelActive();
    }

    /** Sends an error in place of the greeting and closes. */
    private static void refuse(Channel channel, int code, String message) {
        PacketSender.sendAndClose(channel, 0, ResultWriter.errorBeforeGreeting(code, message));
    }

    /** On the worker, before the client learns it is logged in: lifts the login limits. */
    private void loggedIn() {
        decoder.loggedIn();
        loginTimeout.cancel(false);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Packet packet) {
        if (connection == null) {
            return; // turned away: the refusal is on its way and the channel closes after it
        }
        Channel channel = ctx.channel();
        int size = packet.payload().length;
        queuedPackets.incrementAndGet();
        queuedBytes.addAndGet(size);
        if (backlogFull()) {
            channel.config().setAutoRead(false);
        }
        worker.execute(() -> {
            try {
                connection.handle(packet);
            } finally {
                int packets = queuedPackets.decrementAndGet();
                long bytes = queuedBytes.addAndGet(-size);
                if (packets == MAX_QUEUED_PACKETS - 1 || (bytes < MAX_QUEUED_BYTES && bytes + size >= MAX_QUEUED_BYTES)) {
                    updateAutoRead(channel);
                }
            }
        });
    }

    private boolean backlogFull() {
        return queuedPackets.get() >= MAX_QUEUED_PACKETS || queuedBytes.get() >= MAX_QUEUED_BYTES;
    }

    /**
     * Decided on the event loop from the current counts, after every drop below a limit, so racing
     * updates cannot leave reads off.
     */
    private void updateAutoRead(Channel channel) {
        channel.eventLoop().execute(() -> channel.config().setAutoRead(!backlogFull()));
    }

    /** Shutdown: closes the connection now if idle, else once its running command has replied. */
    void closeAfterCurrentCommand() {
        worker.execute(connection::close);
    }

    /** Shutdown after the grace: fails the running statement so that the connection can close. */
    void cancelStatement() {
        connection.cancelStatement();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        server.connectionClosed();
        if (connection != null) {
            server.untrack(this);
            if (loginTimeout != null) {
                loginTimeout.cancel(false);
            }
            worker.execute(connection::close);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (sender != null) {
            sender.writabilityChanged();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // The connection is over either way; an Error here (out of memory) ends only this one.
        if (cause instanceof IOException) {
            LOG.debug("Closing connection after I/O failure", cause);
        } else {
            LOG.warn("Closing connection after a failure", cause);
        }
        ctx.close();
    }
}
