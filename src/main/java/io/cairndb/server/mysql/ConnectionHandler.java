package io.cairndb.server.mysql;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Netty end of a connection: it hands every packet to the connection's serial worker, so
 * nothing slow runs on the event loop, and stops reading while too many packets are queued.
 */
final class ConnectionHandler extends SimpleChannelInboundHandler<Packet> {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    private static final int MAX_QUEUED_PACKETS = 16;

    private final MysqlServer server;
    private final SerialExecutor worker;
    private final AtomicInteger queued = new AtomicInteger();
    private PacketSender sender;
    private MysqlConnection connection;

    ConnectionHandler(MysqlServer server, SerialExecutor worker) {
        this.server = server;
        this.worker = worker;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        Channel channel = ctx.channel();
        server.connectionOpened();
        sender = new PacketSender(channel);
        SocketAddress remote = channel.remoteAddress();
        String host = remote instanceof InetSocketAddress inet ? inet.getAddress().getHostAddress() : "localhost";
        String address = remote instanceof InetSocketAddress inet ? host + ":" + inet.getPort() : host;
        connection = new MysqlConnection(server, server.nextConnectionId(), host, address, sender, worker);
        worker.execute(connection::greet);
        ctx.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Packet packet) {
        Channel channel = ctx.channel();
        if (queued.incrementAndGet() == MAX_QUEUED_PACKETS) {
            updateAutoRead(channel);
        }
        worker.execute(() -> {
            try {
                connection.handle(packet);
            } finally {
                if (queued.decrementAndGet() == MAX_QUEUED_PACKETS - 1) {
                    updateAutoRead(channel);
                }
            }
        });
    }

    /** Decided on the event loop from the current count, so racing updates cannot leave reads off. */
    private void updateAutoRead(Channel channel) {
        channel.eventLoop().execute(() -> channel.config().setAutoRead(queued.get() < MAX_QUEUED_PACKETS));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        server.connectionClosed();
        worker.execute(connection::close);
        ctx.fireChannelInactive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        sender.writabilityChanged();
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // Typically a reset by the peer; the connection is over either way.
        LOG.debug("Closing connection after I/O failure", cause);
        ctx.close();
    }
}
