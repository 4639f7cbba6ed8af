package io.cairndb.server.http;

import io.cairndb.server.Database;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The HTTP port (8030 by default, as Doris's FE): Stream Load ({@code PUT /api/{db}/{table}/_stream_load})
 * with HTTP basic authentication against the same accounts as the MySQL protocol, and {@code /metrics}. Bodies are staged
 * in files, never held in memory; loads run on workers of their own, not on the network threads.
 */
public final class HttpServer implements AutoCloseable {
    /** Stream Load sessions are numbered beyond the MySQL protocol's 32-bit connection ids. */
    private static final long FIRST_SESSION_ID = 1L << 32;

    private final Database db;
    private final Path staging;
    private final AtomicLong lastSessionId = new AtomicLong(FIRST_SESSION_ID);
    private EventLoopGroup loops;
    private ExecutorService loaders;
    private Channel listener;

    public HttpServer(Database db) {
        this.db = db;
        this.staging = db.stagingDirectory();
    }

    /** Binds {@code host:port} (0 picks a free port, see {@link #port()}); fails if it cannot. */
    public synchronized void start(String host, int port) {
        try {
            Files.createDirectories(staging);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + staging, e);
        }
        loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        AtomicInteger n = new AtomicInteger();
        loaders = Executors.newCachedThreadPool(task -> {
            Thread t = new Thread(task, "cairndb-stream-load-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(loops)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpServerCodec(), new HttpServerExpectContinueHandler(),
                                new RequestHandler(db, staging, loaders, lastSessionId::incrementAndGet));
                    }
                });
        ChannelFuture bound = bootstrap.bind(host, port).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            close();
            throw new IllegalStateException("Cannot listen for HTTP clients on " + host + ":" + port, bound.cause());
        }
        listener = bound.channel();
    }

    public synchronized int port() {
        if (listener == null) {
            throw new IllegalStateException("HTTP server is not started");
        }
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Stops listening; loads still running finish on their workers. */
    @Override
    public synchronized void close() {
        if (listener != null) {
            listener.close().awaitUninterruptibly();
            listener = null;
        }
        if (loops != null) {
            loops.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
            loops = null;
        }
        if (loaders != null) {
            loaders.shutdown();
            loaders = null;
        }
    }
}
