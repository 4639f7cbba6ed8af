package io.cairndb.server.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Frames server payloads (splitting those of 16 MB and more) with consecutive sequence ids and
 * writes them in batches. It runs on the connection's thread, which blocks while the client is slow
 * to read instead of buffering a whole result in memory.
 *
 * <p>On a {@link DirectWriteSocketChannel} it writes to the socket itself: the connection's event
 * loop is this same thread, busy with the command until its reply is out. What the socket does not
 * take at once is kept, in order, and written as the socket takes more, so that the command goes on
 * producing rows while the client reads; with more than {@link #QUEUED_HIGH} bytes kept it waits, on
 * a selector of its own, until {@link #QUEUED_LOW} are left, and at the end of a reply until all is
 * written. On other channels batches go to Netty, and it waits while the channel is not writable.
 */
final class PacketSender {
    private static final int BATCH_BYTES = 64 * 1024;
    private static final int HEADER_BYTES = 4;
    private static final long WRITABLE_POLL_MILLIS = 100;
    /** As the channel's write buffer water marks (see MysqlServer). */
    private static final long QUEUED_HIGH = 1024 * 1024;
    private static final long QUEUED_LOW = 256 * 1024;

    /** Thrown to abandon a command whose client has gone away. */
    static final class ConnectionClosedException extends RuntimeException {
        ConnectionClosedException() {
            super("connection closed", null, false, false);
        }
    }

    private final Channel channel;
    /** The socket written to directly; null when every write goes through Netty. */
    private final SocketChannel socket;
    /** Bytes for {@link #socket} that it has not taken yet, oldest first. */
    private final ArrayDeque<ByteBuffer> queued = new ArrayDeque<>();
    private long queuedBytes;
    /** Waits for {@link #socket} to take more; opened the first time it is full. */
    private Selector writable;
    private final Object writableSignal = new Object();
    private int sequenceId;
    /**
     * Frames are gathered in a plain array and written in one piece per batch: writing each small
     * row frame into a Netty buffer costs several checked calls per row. Grown on demand up to one
     * batch, frames larger than that are written on their own.
     */
    private byte[] batch = new byte[256];
    private int batched;

    PacketSender(Channel channel) {
        this.channel = channel;
        this.socket = channel instanceof DirectWriteSocketChannel direct ? direct.socket() : null;
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
            writeBatch(false);
        }
        if (frameBytes > BATCH_BYTES) {
            byte[] header = {(byte) chunk, (byte) (chunk >>> 8), (byte) (chunk >>> 16), (byte) nextSequenceId()};
            if (socket != null) {
                writeToSocket(ByteBuffer.wrap(header));
                writeToSocket(ByteBuffer.wrap(data, offset, chunk));
                awaitQueued(QUEUED_HIGH, QUEUED_LOW);
            } else {
                write(Unpooled.wrappedBuffer(header, Arrays.copyOfRange(data, offset, offset + chunk)));
            }
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
            writeBatch(false);
        }
    }

    private int nextSequenceId() {
        int id = sequenceId;
        sequenceId = (sequenceId + 1) & 0xff;
        return id;
    }

    /** Writes everything framed so far, waiting until the client has taken it (or drained enough of it). */
    void flush() {
        writeBatch(true);
    }

    /** Writes the batch; {@code whole}: waits until all is written, else only while too much is kept. */
    private void writeBatch(boolean whole) {
        if (socket == null) {
            write(batched == 0 ? null : takeBatch());
            return;
        }
        ByteBuffer bytes = ByteBuffer.wrap(batch, 0, batched);
        batched = 0;
        writeToSocket(bytes);
        if (whole) {
            awaitQueued(0, 0);
        } else {
            awaitQueued(QUEUED_HIGH, QUEUED_LOW);
        }
    }

    /** Writes what the socket takes now, oldest bytes first; keeps a copy of what it does not take. */
    private void writeToSocket(ByteBuffer bytes) {
        if (!channel.isActive()) {
            throw new ConnectionClosedException();
        }
        try {
            writeQueued();
            if (queued.isEmpty()) {
                socket.write(bytes);
            }
        } catch (IOException e) {
            throw closed();
        }
        if (bytes.hasRemaining()) {
            ByteBuffer rest = ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
            queued.add(rest);
            queuedBytes += rest.remaining();
        }
    }

    private void writeQueued() throws IOException {
        while (!queued.isEmpty()) {
            ByteBuffer first = queued.peek();
            int before = first.remaining();
            socket.write(first);
            queuedBytes -= before - first.remaining();
            if (first.hasRemaining()) {
                return;
            }
            queued.poll();
        }
    }

    /** With more than {@code high} bytes kept, waits for the socket until at most {@code low} are left. */
    private void awaitQueued(long high, long low) {
        if (queuedBytes <= high) {
            return;
        }
        try {
            while (queuedBytes > low) {
                // The server closing shuts the connection's loop down, which, being this thread, can not close it.
                if (!channel.isActive() || channel.eventLoop().isShuttingDown()) {
                    throw closed();
                }
                if (writable == null) {
                    writable = Selector.open();
                    socket.register(writable, SelectionKey.OP_WRITE);
                }
                writable.select(WRITABLE_POLL_MILLIS);
                writable.selectedKeys().clear();
                if (Thread.currentThread().isInterrupted()) {
                    throw new ConnectionClosedException();
                }
                writeQueued();
            }
        } catch (IOException e) {
            throw closed();
        }
    }

    /** The socket failed: the connection is over. */
    private ConnectionClosedException closed() {
        queued.clear();
        queuedBytes = 0;
        channel.close();
        return new ConnectionClosedException();
    }

    /** Writes {@code frames} (null for nothing) through Netty, then waits until the client has drained enough. */
    private void write(ByteBuf frames) {
        if (!channel.isActive()) {
            if (frames != null) {
                frames.release();
            }
            batched = 0;
            throw new ConnectionClosedException();
        }
        if (frames != null) {
            channel.writeAndFlush(frames, channel.voidPromise());
        }
        awaitWritable();
    }

    private ByteBuf takeBatch() {
        ByteBuf out = channel.alloc().buffer(batched).writeBytes(batch, 0, batched);
        batched = 0;
        return out;
    }

    /** Writes what is batched or kept and closes the connection once it is sent; never waits. */
    void flushAndClose() {
        if (writable != null) {
            try {
                writable.close();
            } catch (IOException e) {
                // Nothing waits on it any more.
            }
            writable = null;
        }
        ByteBuf last = batched == 0 ? null : takeBatch();
        while (!queued.isEmpty()) {
            ByteBuf older = Unpooled.wrappedBuffer(queued.poll());
            if (queued.isEmpty() && last == null) {
                last = older;
            } else {
                channel.write(older, channel.voidPromise());
            }
        }
        queuedBytes = 0;
        if (last == null) {
            channel.close();
            return;
        }
        channel.writeAndFlush(last).addListener(ChannelFutureListener.CLOSE);
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

    /** Netty channels only: waits while the channel holds more than its high water mark. */
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
