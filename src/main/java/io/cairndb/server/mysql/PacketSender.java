package io.cairndb.server.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Arrays;

/**
 * Frames server payloads (splitting those of 16 MB and more) with consecutive sequence ids and
 * writes them in batches. It runs on the connection's worker thread, not the event loop, so it can
 * block while the client is slow to read instead of buffering a whole result in memory.
 *
 * <p>On a {@link WorkerWritableSocketChannel} a batch is written to the socket right here while
 * Netty has nothing of this connection left to write: handing it to the event loop would cost a
 * wake-up of that thread per reply. What the socket does not take at once goes to Netty, and so
 * does everything after it until Netty has written it all, which keeps the bytes in order.
 */
final class PacketSender {
    private static final int BATCH_BYTES = 64 * 1024;
    private static final int HEADER_BYTES = 4;
    private static final long WRITABLE_POLL_MILLIS = 100;

    /** Thrown to abandon a command whose client has gone away. */
    static final class ConnectionClosedException extends RuntimeException {
        ConnectionClosedException() {
            super("connection closed", null, false, false);
        }
    }

    private final Channel channel;
    /** The socket the worker writes to directly; null when every write goes through Netty. */
    private final SocketChannel socket;
    /** The last write handed to Netty on a channel with {@link #socket}, or null. */
    private ChannelFuture queued;
    private final Object writableSignal = new Object();
    private int sequenceId;
    /**
     * Frames are gathered in a plain array and handed to Netty in one piece per batch: writing each
     * small row frame into a Netty buffer costs several checked calls per row. Grown on demand up to
     * one batch, frames larger than that are written on their own.
     */
    private byte[] batch = new byte[256];
    private int batched;

    PacketSender(Channel channel) {
        this.channel = channel;
        this.socket = channel instanceof WorkerWritableSocketChannel direct ? direct.socket() : null;
    }

    /** Replies to a client packet continue its sequence. */
    void startSequence(int next) {
        sequenceId = next;
    }

    void send(PayloadWriter payload) {
        send(payload.array(), payload.length());
    }

    void send(byte[] data, int length) {
        int offset = 0;
        while (true) {
            int chunk = Math.min(length - offset, PacketDecoder.MAX_FRAME);
            frame(data, offset, chunk);
            offset += chunk;
            // A payload that fills its last frame exactly is terminated by an empty frame.
            if (chunk < PacketDecoder.MAX_FRAME) {
                break;
            }
        }
    }

    private void frame(byte[] data, int offset, int chunk) {
        int frameBytes = HEADER_BYTES + chunk;
        if (batched + frameBytes > BATCH_BYTES && batched > 0) {
            flush();
        }
        if (frameBytes > BATCH_BYTES) {
            ByteBuf frame = channel.alloc().buffer(frameBytes);
            frame.writeMediumLE(chunk).writeByte(nextSequenceId()).writeBytes(data, offset, chunk);
            write(frame);
            return;
        }
        if (batched + frameBytes > batch.length) {
            batch = Arrays.copyOf(batch, Math.min(Math.max(batch.length * 2, batched + frameBytes), BATCH_BYTES));
        }
        batch[batched] = (byte) chunk;
        batch[batched + 1] = (byte) (chunk >>> 8);
        batch[batched + 2] = (byte) (chunk >>> 16);
        batch[batched + 3] = (byte) nextSequenceId();
        System.arraycopy(data, offset, batch, batched + HEADER_BYTES, chunk);
        batched += frameBytes;
        if (batched >= BATCH_BYTES) {
            flush();
        }
    }

    private int nextSequenceId() {
        int id = sequenceId;
        sequenceId = (sequenceId + 1) & 0xff;
        return id;
    }

    /** Writes what is batched, then waits until the client has drained enough of it. */
    void flush() {
        if (batched > 0 && socket != null && (queued == null || queued.isDone())) {
            writeToSocket();
        } else {
            write(batched == 0 ? null : takeBatch());
        }
    }

    /** Writes the batch to the socket; Netty gets what the socket does not take now. */
    private void writeToSocket() {
        if (!channel.isActive()) {
            batched = 0;
            throw new ConnectionClosedException();
        }
        ByteBuffer bytes = ByteBuffer.wrap(batch, 0, batched);
        try {
            socket.write(bytes);
        } catch (IOException e) {
            batched = 0;
            channel.close();
            throw new ConnectionClosedException();
        }
        if (bytes.hasRemaining()) {
            ByteBuf rest = channel.alloc().buffer(bytes.remaining()).writeBytes(bytes);
            batched = 0;
            write(rest);
        } else {
            batched = 0;
        }
    }

    /** Writes {@code frames} (null for nothing), then waits until the client has drained enough. */
    private void write(ByteBuf frames) {
        if (!channel.isActive()) {
            if (frames != null) {
                frames.release();
            }
            batched = 0;
            throw new ConnectionClosedException();
        }
        if (frames != null) {
            if (socket != null) {
                queued = channel.writeAndFlush(frames);
            } else {
                channel.writeAndFlush(frames, channel.voidPromise());
            }
        }
        awaitWritable();
    }

    private ByteBuf takeBatch() {
        ByteBuf out = channel.alloc().buffer(batched).writeBytes(batch, 0, batched);
        batched = 0;
        return out;
    }

    /** Writes what is batched and closes the connection once it is sent. */
    void flushAndClose() {
        if (batched == 0) {
            channel.close();
            return;
        }
        channel.writeAndFlush(takeBatch()).addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * Frames one small payload and closes the connection once it is written. Unlike the instance
     * methods it never waits, so the event loop may call it to turn a connection away.
     */
    static void sendAndClose(Channel channel, int sequenceId, PayloadWriter payload) {
        ByteBuf frame = channel.alloc().buffer(HEADER_BYTES + payload.length());
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
}
