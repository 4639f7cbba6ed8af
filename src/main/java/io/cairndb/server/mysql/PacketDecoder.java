package io.cairndb.server.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import java.util.List;

/**
 * Splits the byte stream into {@link Packet}s: each frame is a 3-byte little-endian length and a
 * sequence id; a frame of exactly 0xFFFFFF bytes means the payload continues in the next frame.
 *
 * <p>The size limit is decided from each frame header, and frame bodies are consumed as they
 * arrive rather than waited for whole: the bytes of an accepted payload go to a buffer that grows
 * with what was received, so a client announcing a large packet holds only what it has sent.
 * Before login the limit is {@link #LOGIN_LIMIT} and a larger frame is refused at once; after login
 * it is max_allowed_packet and a larger payload is skipped to its end, only counted. Either way a
 * {@link Packet#discarded} packet is passed on for the connection to answer, and nothing after it
 * is decoded, because the connection then closes.
 */
final class PacketDecoder extends ByteToMessageDecoder {
    static final int MAX_FRAME = 0xFFFFFF;
    /** A handshake response is a few hundred bytes; connect attributes may add some kilobytes. */
    static final int LOGIN_LIMIT = 64 * 1024;
    private static final int HEADER_LENGTH = 4;
    private static final int INITIAL_BUFFER = 64 * 1024;

    private final int commandLimit;
    /** Set by the connection's thread once the client has logged in. */
    private volatile boolean loggedIn;
    /** Body bytes of the current frame still to come, or -1 between frames. */
    private int frameRemaining = -1;
    private boolean lastFrame;
    private int sequenceId;
    /** The payload's length so far, as announced by its frame headers. */
    private long payloadLength;
    /** The payload's bytes received so far; null between payloads and while discarding. */
    private ByteBuf payload;
    private boolean discarding;
    /** An oversized payload was reported: everything after it is dropped unread. */
    private boolean rejected;

    /** @param commandLimit the largest payload after login (max_allowed_packet) */
    PacketDecoder(int commandLimit) {
        this.commandLimit = commandLimit;
    }

    /** From now on payloads up to max_allowed_packet are accepted. */
    void loggedIn() {
        loggedIn = true;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (!rejected) {
            if (frameRemaining < 0) {
                if (in.readableBytes() < HEADER_LENGTH) {
                    return;
                }
                startFrame(in.readUnsignedMediumLE(), in.readUnsignedByte(), out);
                if (rejected) {
                    break;
                }
            }
            if (frameRemaining > 0 && !in.isReadable()) {
                return;
            }
            if (payload == null && !discarding && lastFrame && in.readableBytes() >= frameRemaining) {
                // The common case: a whole single-frame payload has arrived, so no buffer is needed.
                byte[] whole = new byte[frameRemaining];
                in.readBytes(whole);
                frameRemaining = -1;
                endPayload(Packet.of(sequenceId, whole), out);
                continue;
            }
            int chunk = Math.min(frameRemaining, in.readableBytes());
            if (discarding) {
                in.skipBytes(chunk);
            } else {
                if (payload == null) {
                    payload = ctx.alloc().heapBuffer(Math.min(INITIAL_BUFFER, limit()), limit());
                }
                payload.writeBytes(in, chunk);
            }
            frameRemaining -= chunk;
            if (frameRemaining > 0) {
                return;
            }
            frameRemaining = -1;
            if (lastFrame) {
                endPayload(discarding ? Packet.discarded(sequenceId) : Packet.of(sequenceId, takePayload()), out);
            }
        }
        in.skipBytes(in.readableBytes());
    }

    private void startFrame(int length, int frameSequenceId, List<Object> out) {
        frameRemaining = length;
        lastFrame = length < MAX_FRAME;
        sequenceId = frameSequenceId;
        payloadLength += length;
        if (!discarding && payloadLength > limit()) {
            discarding = true;
            releasePayload();
            if (!loggedIn) {
                // Nobody has logged in: no reason to read the rest of what is likely an attack.
                endPayload(Packet.discarded(sequenceId), out);
            }
        }
    }

    private void endPayload(Packet packet, List<Object> out) {
        out.add(packet);
        payloadLength = 0;
        rejected = packet.tooLarge();
    }

    private int limit() {
        return loggedIn ? commandLimit : LOGIN_LIMIT;
    }

    private byte[] takePayload() {
        byte[] bytes = new byte[payload.readableBytes()];
        payload.readBytes(bytes);
        releasePayload();
        return bytes;
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        releasePayload();
    }

    private void releasePayload() {
        if (payload != null) {
            payload.release();
            payload = null;
        }
    }
}
