package io.cairndb.server.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import java.util.List;

/**
 * Splits the byte stream into {@link Packet}s: each frame is a 3-byte little-endian length and a
 * sequence id; a frame of exactly 0xFFFFFF bytes means the payload continues in the next frame.
 */
final class PacketDecoder extends ByteToMessageDecoder {
    static final int MAX_FRAME = 0xFFFFFF;
    /** Matches the max_allowed_packet the server reports (64 MB, the MySQL 8 default). */
    static final int MAX_PAYLOAD = 64 << 20;

    private final int maxPayload;
    /** Frames of a payload still being reassembled; null between payloads. */
    private ByteBuf partial;
    /** True while skipping the rest of a payload that went over the limit. */
    private boolean discarding;

    PacketDecoder() {
        this(MAX_PAYLOAD);
    }

    PacketDecoder(int maxPayload) {
        this.maxPayload = maxPayload;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.readableBytes() >= 4) {
            int length = in.getUnsignedMediumLE(in.readerIndex());
            if (in.readableBytes() < 4 + length) {
                return;
            }
            int sequenceId = in.getUnsignedByte(in.readerIndex() + 3);
            in.skipBytes(4);
            boolean last = length < MAX_FRAME;
            int soFar = partial == null ? 0 : partial.readableBytes();
            if (discarding || soFar + (long) length > maxPayload) {
                in.skipBytes(length);
                releasePartial();
                discarding = !last;
                if (last) {
                    out.add(Packet.discarded(sequenceId));
                }
            } else if (last && partial == null) {
                byte[] payload = new byte[length];
                in.readBytes(payload);
                out.add(Packet.of(sequenceId, payload));
            } else {
                if (partial == null) {
                    partial = Unpooled.buffer(2 * MAX_FRAME);
                }
                partial.writeBytes(in, length);
                if (last) {
                    byte[] payload = new byte[partial.readableBytes()];
                    partial.readBytes(payload);
                    releasePartial();
                    out.add(Packet.of(sequenceId, payload));
                }
            }
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        releasePartial();
    }

    private void releasePartial() {
        if (partial != null) {
            partial.release();
            partial = null;
        }
    }
}
