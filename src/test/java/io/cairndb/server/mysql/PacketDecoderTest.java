package io.cairndb.server.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
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
        EmbeddedChannel channel = new EmbeddedChannel(new PacketDecoder(1024));
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
        EmbeddedChannel channel = loggedIn(new PacketDecoder(64 << 20));
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
    void beforeLoginAFrameOverTheLoginLimitIsRefusedFromItsHeader() {
        EmbeddedChannel channel = new EmbeddedChannel(new PacketDecoder(64 << 20));
        ByteBuf header = Unpooled.buffer().writeMediumLE(PacketDecoder.MAX_FRAME).writeByte(1);
        channel.writeInbound(header);
        Packet refused = channel.readInbound();
        assertTrue(refused.tooLarge());
        assertEquals(1, refused.sequenceId());
        // What follows is dropped unread, also a well-formed packet.
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[1 << 20]), frame(2, new byte[] {1}));
        assertNull(channel.readInbound());
        assertFalse(channel.finish());
    }

    @Test
    void beforeLoginAPacketUpToTheLoginLimitIsAccepted() {
        EmbeddedChannel channel = new EmbeddedChannel(new PacketDecoder(64 << 20));
        channel.writeInbound(frame(1, new byte[PacketDecoder.LOGIN_LIMIT]));
        assertEquals(PacketDecoder.LOGIN_LIMIT, ((Packet) channel.readInbound()).payload().length);
        assertFalse(channel.finish());
    }

    @Test
    void afterLoginAnOversizedPayloadIsSkippedToItsEndThenReported() {
        EmbeddedChannel channel = loggedIn(new PacketDecoder(10));
        ByteBuf oversized = frame(0, new byte[11]);
        channel.writeInbound(oversized.readRetainedSlice(8));
        assertNull(channel.readInbound());
        channel.writeInbound(oversized, frame(1, new byte[] {1, 2}));
        assertTrue(((Packet) channel.readInbound()).tooLarge());
        // The connection closes after reporting it, so nothing more is decoded.
        assertNull(channel.readInbound());
        assertFalse(channel.finish());
    }

    @Test
    void oversizedMultiFramePayloadIsCountedNotKept() {
        UnpooledByteBufAllocator allocator = new UnpooledByteBufAllocator(false);
        EmbeddedChannel channel = loggedIn(new PacketDecoder(PacketDecoder.MAX_FRAME + 5));
        channel.config().setAllocator(allocator);
        byte[] full = new byte[PacketDecoder.MAX_FRAME];
        channel.writeInbound(frame(0, full), frame(1, full));
        assertNull(channel.readInbound());
        assertEquals(0, allocator.metric().usedHeapMemory());
        channel.writeInbound(frame(2, new byte[] {1}));
        Packet tooLarge = channel.readInbound();
        assertTrue(tooLarge.tooLarge());
        assertEquals(2, tooLarge.sequenceId());
        assertNull(channel.readInbound());
        assertFalse(channel.finish());
    }

    @Test
    void aPayloadTakesMemoryAsItsBytesArriveNotAsItsHeaderAnnounces() {
        UnpooledByteBufAllocator allocator = new UnpooledByteBufAllocator(false);
        EmbeddedChannel channel = loggedIn(new PacketDecoder(64 << 20));
        channel.config().setAllocator(allocator);
        byte[] sent = new byte[100_000];
        Arrays.fill(sent, (byte) 5);
        channel.writeInbound(Unpooled.buffer().writeMediumLE(PacketDecoder.MAX_FRAME).writeByte(0).writeBytes(sent));
        assertNull(channel.readInbound());
        assertTrue(allocator.metric().usedHeapMemory() < 1 << 20, () -> allocator.metric().toString());
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[PacketDecoder.MAX_FRAME - sent.length]), frame(1, new byte[0]));
        Packet packet = channel.readInbound();
        assertEquals(PacketDecoder.MAX_FRAME, packet.payload().length);
        assertEquals(5, packet.payload()[sent.length - 1]);
        assertEquals(0, packet.payload()[sent.length]);
        assertEquals(0, allocator.metric().usedHeapMemory());
        assertFalse(channel.finish());
    }

    private static EmbeddedChannel loggedIn(PacketDecoder decoder) {
        decoder.loggedIn();
        return new EmbeddedChannel(decoder);
    }
}
