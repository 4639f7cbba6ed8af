package io.cairndb.server.mysql;

import io.cairndb.server.SqlSessionFactory;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The MySQL-protocol listener. Each connection has a thread of its own (see
 * {@link ConnectionEventLoops}) that frames its packets, runs its commands in order and writes the
 * replies, so a long query blocks only its own client.
 */
public final class MysqlServer implements AutoCloseable {
    /** Clients parse the leading "5.7.99" to decide which features the server has. */
    public static final String SERVER_VERSION = "5.7.99 CairnDB 0.1.0";
    private static final Logger LOG = LoggerFactory.getLogger(MysqlServer.class);
    /** After the grace, how long interrupted statements get to roll back and send their error. */
    private static final Duration CANCEL_WAIT = Duration.ofSeconds(5);
    /** On a plain close, how long a command still running may delay the end of its connection's thread. */
    private static final Duration COMMAND_WAIT = Duration.ofSeconds(7);

    private final SqlSessionFactory factory;
    private final ServerLimits limits;
    private final AtomicLong lastConnectionId = new AtomicLong();
    /** Every accepted socket, logged in or not, refused ones until they close. */
    private final AtomicInteger openConnections = new AtomicInteger();
    /** Connections that were greeted and have not closed yet. */
    private final Set<ConnectionHandler> connections = ConcurrentHashMap.newKeySet();
    private final Object connectionClosed = new Object();
    /** Set by {@link #close(Duration)}: new connections and commands are refused. */
    private volatile boolean shuttingDown;
    /** The shutdown's grace has expired: interrupted statements report the shutdown. */
    private volatile boolean forcingShutdown;
    private final AtomicLong questions = new AtomicLong();
    private final long startNanos = System.nanoTime();
    private EventLoopGroup acceptors;
    private EventLoopGroup connectionLoops;
    private Channel listener;

    public MysqlServer(SqlSessionFactory factory) {
        this(factory, ServerLimits.DEFAULT);
    }

    public MysqlServer(SqlSessionFactory factory, ServerLimits limits) {
        this.factory = factory;
        this.limits = limits;
    }

    /** Listens on all interfaces. */
    public void start(int port) {
        start("0.0.0.0", port);
    }

    /** Binds {@code host:port} (port 0 picks a free port, see {@link #port()}); fails if it cannot. */
    public synchronized void start(String host, int port) {
        if (listener != null) {
            throw new IllegalStateException("MySQL server already started on port " + port());
        }
        shuttingDown = false;
        forcingShutdown = false;
        acceptors = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        AtomicInteger threadNumber = new AtomicInteger();
        connectionLoops = new ConnectionEventLoops(task -> {
            Thread thread = new FastThreadLocalThread(task, "cairndb-mysql-connection-" + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }, NioIoHandler.newFactory());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptors, connectionLoops)
                .channelFactory(DirectWriteSocketChannel.Listener::new)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        PacketDecoder decoder = new PacketDecoder(limits.maxAllowedPacket());
                        channel.pipeline().addLast(decoder, new ConnectionHandler(MysqlServer.this, decoder));
                    }
                });
        ChannelFuture bound = bootstrap.bind(host, port).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            shutdown();
            throw new IllegalStateException("Cannot listen for MySQL clients on " + host + ":" + port, bound.cause());
        }
        listener = bound.channel();
    }

    /** The port actually bound. */
    public synchronized int port() {
        if (listener == null) {
            throw new IllegalStateException("MySQL server is not started");
        }
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /**
     * Stops accepting clients at once and closes idle connections; a command running now finishes,
     * sends its reply, and then its connection closes. Statements still running when {@code grace}
     * expires are interrupted (they roll back) and answer 1053 "Server shutdown in progress";
     * then everything closes.
     */
    public synchronized void close(Duration grace) {
        if (acceptors == null) {
            return;
        }
        long deadline = System.nanoTime() + grace.toNanos();
        shuttingDown = true;
        listener.close().awaitUninterruptibly();
        listener = null;
        // A closed listener keeps its socket, still completing TCP handshakes, until its selector
        // next wakes; ending the acceptor loop now releases it before idle connections are closed.
        acceptors.shutdownGracefully(0, 0, TimeUnit.SECONDS).awaitUninterruptibly();
        connections.forEach(ConnectionHandler::closeAfterCurrentCommand);
        if (!awaitConnectionsClosed(deadline)) {
            LOG.warn("Shutdown grace of {} ms expired with {} connections busy: interrupting their statements",
                    grace.toMillis(), connections.size());
            forcingShutdown = true;
            connections.forEach(ConnectionHandler::cancelStatement);
            awaitConnectionsClosed(System.nanoTime() + CANCEL_WAIT.toNanos());
        }
        shutdown();
    }

    /** False if connections are still open at the deadline (or the wait was interrupted). */
    private boolean awaitConnectionsClosed(long deadlineNanos) {
        synchronized (connectionClosed) {
            while (!connections.isEmpty()) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(connectionClosed, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    /** Stops listening, closes every connection and waits briefly for running commands. */
    @Override
    public synchronized void close() {
        if (listener != null) {
            listener.close().awaitUninterruptibly();
            listener = null;
        }
        shutdown();
    }

    private void shutdown() {
        if (acceptors != null) {
            acceptors.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
            // Closes every connection; one still running a command ends once that command has returned,
            // which is waited for a few seconds at most.
            connectionLoops.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(COMMAND_WAIT.toMillis());
            acceptors = null;
            connectionLoops = null;
        }
    }

    SqlSessionFactory factory() {
        return factory;
    }

    ServerLimits limits() {
        return limits;
    }

    boolean isShuttingDown() {
        return shuttingDown;
    }

    boolean isForcingShutdown() {
        return forcingShutdown;
    }

    void track(ConnectionHandler connection) {
        connections.add(connection);
    }

    void untrack(ConnectionHandler connection) {
        connections.remove(connection);
        synchronized (connectionClosed) {
            connectionClosed.notifyAll();
        }
    }

    long nextConnectionId() {
        return lastConnectionId.incrementAndGet();
    }

    /** Counts a new socket; returns how many are open, it included. */
    int connectionOpened() {
        return openConnections.incrementAndGet();
    }

    void connectionClosed() {
        openConnections.decrementAndGet();
    }

    int openConnections() {
        return openConnections.get();
    }

    void countQuestion() {
        questions.incrementAndGet();
    }

    long questions() {
        return questions.get();
    }

    long uptimeSeconds() {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos);
    }
}
