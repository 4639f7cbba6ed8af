package io.cairndb.server.mysql;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.concurrent.AbstractEventExecutorGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Gives every accepted connection an event loop, and so a thread, of its own, as MySQL gives each
 * connection a thread: the thread that reads a command runs it and writes its reply, so a statement
 * costs no hand-off between threads, and a long one holds up only its own client. A loop ends when
 * its connection closes.
 */
final class ConnectionEventLoops extends AbstractEventExecutorGroup implements IoEventLoopGroup {
    private final ThreadFactory threads;
    private final IoHandlerFactory io;
    private final Set<IoEventLoop> loops = ConcurrentHashMap.newKeySet();
    private final Promise<Void> terminated = GlobalEventExecutor.INSTANCE.newPromise();
    private volatile boolean shuttingDown;
    private volatile long quietPeriod;
    private volatile long timeout;
    private volatile TimeUnit unit = TimeUnit.SECONDS;

    ConnectionEventLoops(ThreadFactory threads, IoHandlerFactory io) {
        this.threads = threads;
        this.io = io;
    }

    @Override
    public ChannelFuture register(Channel channel) {
        return loopFor(channel).register(channel);
    }

    @Override
    public ChannelFuture register(ChannelPromise promise) {
        return loopFor(promise.channel()).register(promise);
    }

    @Override
    @Deprecated
    public ChannelFuture register(Channel channel, ChannelPromise promise) {
        return loopFor(channel).register(promise);
    }

    /** A new loop that serves {@code channel} alone and ends once it has closed. */
    private IoEventLoop loopFor(Channel channel) {
        IoEventLoop loop = new SingleThreadIoEventLoop(this, threads, io);
        loops.add(loop);
        loop.terminationFuture().addListener(f -> {
            loops.remove(loop);
            if (shuttingDown && loops.isEmpty()) {
                terminated.trySuccess(null);
            }
        });
        channel.closeFuture().addListener(f -> loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS));
        if (shuttingDown) {
            loop.shutdownGracefully(quietPeriod, timeout, unit);
        }
        return loop;
    }

    /** Connections register their own loops; there is no loop to hand out. */
    @Override
    public IoEventLoop next() {
        throw new UnsupportedOperationException("every connection is registered on a loop of its own");
    }

    @Override
    public Iterator<EventExecutor> iterator() {
        List<EventExecutor> all = new ArrayList<>(loops);
        return all.iterator();
    }

    @Override
    public boolean isShuttingDown() {
        return shuttingDown;
    }

    /** Shuts every connection's loop down (closing its connection); the future completes when all have ended. */
    @Override
    public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
        this.quietPeriod = quietPeriod;
        this.timeout = timeout;
        this.unit = unit;
        shuttingDown = true;
        for (IoEventLoop loop : List.copyOf(loops)) {
            loop.shutdownGracefully(quietPeriod, timeout, unit);
        }
        if (loops.isEmpty()) {
            terminated.trySuccess(null);
        }
        return terminated;
    }

    @Override
    public Future<?> terminationFuture() {
        return terminated;
    }

    @Override
    @Deprecated
    public void shutdown() {
        shutdownGracefully(0, 0, TimeUnit.SECONDS);
    }

    @Override
    public boolean isShutdown() {
        return shuttingDown && loops.isEmpty();
    }

    @Override
    public boolean isTerminated() {
        return terminated.isDone();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return terminated.await(timeout, unit);
    }
}
