package io.cairndb.server.mysql;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The Netty end of a connection: it turns away connections over the limit, closes those that do
 * not log in in time, and runs every packet on the connection's own thread (see
 * {@link ConnectionEventLoops}), which reads the next packet only once it has answered this one.
 */
final class ConnectionHandler extends SimpleChannelInboundHandler<Packet> {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);

    private final MysqlServer server;
    private final PacketDecoder decoder;
    /** Tasks from other threads (KILL, shutdown), run in order between the connection's commands. */
    private SerialExecutor tasks;
    private PacketSender sender;
    /** Null for a connection turned away. */
    private MysqlConnection connection;
    private ScheduledFuture<?> loginTimeout;

    ConnectionHandler(MysqlServer server, PacketDecoder decoder) {
        this.server = server;
        this.decoder = decoder;
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
        tasks = new SerialExecutor(afterReceivedInput(channel.eventLoop()));
        SocketAddress remote = channel.remoteAddress();
        String host = remote instanceof InetSocketAddress inet ? inet.getAddress().getHostAddress() : "localhost";
        String address = remote instanceof InetSocketAddress inet ? host + ":" + inet.getPort() : host;
        connection = new MysqlConnection(server, server.nextConnectionId(), host, address, sender, tasks,
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
        connection.greet();
        ctx.fireChannelActive();
    }

    /**
     * Runs tasks on the connection's loop once the command running now has replied and the input that
     * has arrived meanwhile has been read (the loop reads before it runs the tasks queued after a
     * task): closing the connection then still answers the commands the client sent before it.
     */
    private static Executor afterReceivedInput(EventLoop loop) {
        return task -> loop.execute(() -> {
            try {
                loop.execute(task);
            } catch (RejectedExecutionException e) {
                task.run(); // the loop is ending: there is nothing left to read first
            }
        });
    }

    /** Sends an error in place of the greeting and closes. */
    private static void refuse(Channel channel, int code, String message) {
        PacketSender.sendAndClose(channel, 0, ResultWriter.errorBeforeGreeting(code, message));
    }

    /** On the connection's thread, before the client learns it is logged in: lifts the login limits. */
    private void loggedIn() {
        decoder.loggedIn();
        loginTimeout.cancel(false);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Packet packet) {
        if (connection == null) {
            return; // turned away: the refusal is on its way and the channel closes after it
        }
        connection.handle(packet);
    }

    /** Shutdown: closes the connection now if idle, else once its running command has replied. */
    void closeAfterCurrentCommand() {
        tasks.execute(connection::close);
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
            connection.close();
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
