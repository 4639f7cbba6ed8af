package io.cairndb.server.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

class PacketDecoderTest {
    private static ByteBuf frame(int sequenceId, byte[] body) {
        ByteBuf buf = Unpooled.buffer();
        buf.writeMediumLE(body.length).writeByte(sequenceId).writeBytes(body);
        return buf;
    }

    @Test
    void decodesFramesSplitAcrossReads() {
        EmbeddedChannel channel = new EmbeddedChannel(new PacketDecoder());
        ByteBuf both = Unpooled.wrappedBuffer(frame(0, new byte[] {3, 'x'}), frame(1, new byte[] {9}));
        channel.writeInbound(both.readRetainedSlice(3));
        assertNull(channel.readInbound());
        channel.writeInbound(both);
        Packet first = channel.readInbound();
        assertEquals(0, first.sequenceId());
        assertArrayEquals(new byte[] {3, 'x'}, first.payload());
        Packet second = channel.readInbound();
        assertEquals(1, second.sequenceId());
        assertArrayEquals(new byte[] {9}, second.payload());
        assertFalse(channel.finish());
    }

    @Test
    void joinsFullFramesWithTheirContinuation() {
        EmbeddedChannel channel = new EmbeddedChannel(new PacketDecoder());
        byte[] full = new byte[PacketDecoder.MAX_FRAME];
        Arrays.fill(full, (byte) 7);
        channel.writeInbound(frame(0, full));
        assertNull(channel.readInbound());
        channel.writeInbound(frame(1, new byte[] {8, 9}));
        Packet packet = channel.readInbound();
        assertEquals(1, packet.sequenceId());
        assertEquals(PacketDecoder.MAX_FRAME + 2, packet.payload().length);
        assertEquals(9, packet.payload()[PacketDecoder.MAX_FRAME + 1]);
        // Exactly one full frame: an empty frame terminates it.
        channel.writeInbound(frame(2, full), frame(3, new byte[0]));
        assertEquals(PacketDecoder.MAX_FRAME, ((Packet) channel.readInbound()).payload().length);
        assertFalse(channel.finish());
    }

    @Test
    void oversizedPayloadIsDiscardedAndReported() {
        EmbeddedChannel channel = new EmbeddedChannel(new PacketDecoder(10));
        channel.writeInbound(frame(0, new byte[11]));
        Packet tooLarge = channel.readInbound();
        assertTrue(tooLarge.tooLarge());
        channel.writeInbound(frame(0, new byte[] {1, 2}));
        Packet next = channel.readInbound();
        assertFalse(next.tooLarge());
        assertArrayEquals(new byte[] {1, 2}, next.payload());
        assertFalse(channel.finish());
    }

    @Test
    void oversizedMultiFramePayloadIsSkippedToItsEnd() {
        EmbeddedChannel channel = new EmbeddedChannel(new PacketDecoder(PacketDecoder.MAX_FRAME + 5));
        byte[] full = new byte[PacketDecoder.MAX_FRAME];
        channel.writeInbound(frame(0, full), frame(1, full), frame(2, new byte[] {1}));
        Packet tooLarge = channel.readInbound();
        assertTrue(tooLarge.tooLarge());
        assertEquals(2, tooLarge.sequenceId());
        assertNull(channel.readInbound());
        assertFalse(channel.finish());
    }
}
