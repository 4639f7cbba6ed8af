package io.cairndb.server.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;

/**
 * Frames server payloads (splitting those of 16 MB and more) with consecutive sequence ids and
 * writes them in batches. It runs on the connection's worker thread, not the event loop, so it can
 * block while the client is slow to read instead of buffering a whole result in memory.
 */
final class PacketSender {
    private static final int BATCH_BYTES = 64 * 1024;
    private static final long WRITABLE_POLL_MILLIS = 100;

    /** Thrown to abandon a command whose client has gone away. */
    static final class ConnectionClosedException extends RuntimeException {
        ConnectionClosedException() {
            super("connection closed", null, false, false);
        }
    }

    private final Channel channel;
    private final Object writableSignal = new Object();
    private int sequenceId;
    private ByteBuf batch;

    PacketSender(Channel channel) {
        this.channel = channel;
    }

    /** Replies to a client packet continue its sequence. */
    void startSequence(int next) {
        sequenceId = next;
    }

    void send(PayloadWriter payload) {
        send(payload.array(), payload.length());
    }

    void send(byte[] data, int length) {
        if (batch == null) {
            batch = channel.alloc().buffer(Math.min(length + 4, BATCH_BYTES) + 64);
        }
        int offset = 0;
        while (true) {
            int chunk = Math.min(length - offset, PacketDecoder.MAX_FRAME);
            batch.writeMediumLE(chunk);
            batch.writeByte(sequenceId);
            sequenceId = (sequenceId + 1) & 0xff;
            batch.writeBytes(data, offset, chunk);
            offset += chunk;
            // A payload that fills its last frame exactly is terminated by an empty frame.
            if (chunk < PacketDecoder.MAX_FRAME) {
                break;
            }
        }
        if (batch.readableBytes() >= BATCH_BYTES) {
            flush();
        }
    }

    /** Writes what is batched, then waits until the client has drained enough of it. */
    void flush() {
        if (!channel.isActive()) {
            releaseBatch();
            throw new ConnectionClosedException();
        }
        if (batch != null) {
            ByteBuf out = batch;
            batch = null;
            channel.writeAndFlush(out, channel.voidPromise());
        }
        awaitWritable();
    }

    /** Writes what is batched and closes the connection once it is sent. */
    void flushAndClose() {
        if (batch == null) {
            channel.close();
            return;
        }
        ByteBuf out = batch;
        batch = null;
        channel.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * Frames one small payload and closes the connection once it is written. Unlike the instance
     * methods it never waits, so the event loop may call it to turn a connection away.
     */
    static void sendAndClose(Channel channel, int sequenceId, PayloadWriter payload) {
        ByteBuf frame = channel.alloc().buffer(4 + payload.length());
        frame.writeMediumLE(payload.length()).writeByte(sequenceId).writeBytes(payload.array(), 0, payload.length());
        channel.writeAndFlush(frame).addListener(ChannelFutureListener.CLOSE);
    }

    /** Called from the event loop when the channel's writability flips. */
    void writabilityChanged() {
        synchronized (writableSignal) {
            writableSignal.notifyAll();
        }
    }

    private void awaitWritable() {
        while (!channel.isWritable()) {
            if (!channel.isActive()) {
                throw new ConnectionClosedException();
            }
            synchronized (writableSignal) {
                try {
                    writableSignal.wait(WRITABLE_POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ConnectionClosedException();
                }
            }
        }
    }

    private void releaseBatch() {
        if (batch != null) {
            batch.release();
            batch = null;
        }
    }
}
