package io.cairndb.engine;

/**
 * MurmurHash3 as Doris computes it: the x86 32-bit variant, and the 64-bit variant that keeps one
 * 64-bit lane (the x64 128-bit algorithm reduced to its first half), both over little-endian blocks.
 */
public final class MurmurHash3 {
    /** The seed of Doris's murmur_hash3_32 and bitmap_hash. */
    public static final int SEED_32 = 104729;
    /** The seed of Doris's murmur_hash3_64 and bitmap_hash64. */
    public static final long SEED_64 = 0;

    private static final int C1_32 = 0xcc9e2d51;
    private static final int C2_32 = 0x1b873593;
    private static final long C1_64 = 0x87c37b91114253d5L;
    private static final long C2_64 = 0x4cf5ad432745937fL;

    private MurmurHash3() {
    }

    public static int hash32(byte[] data, int seed) {
        int h = seed;
        int blocks = data.length / 4;
        for (int i = 0; i < blocks; i++) {
            h ^= mix32(littleEndian(data, i * 4, 4));
            h = Integer.rotateLeft(h, 13) * 5 + 0xe6546b64;
        }
        if (data.length % 4 != 0) {
            h ^= mix32((int) littleEndian(data, blocks * 4, data.length % 4));
        }
        h ^= data.length;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }

    public static long hash64(byte[] data, long seed) {
        long h = seed;
        int blocks = data.length / 8;
        for (int i = 0; i < blocks; i++) {
            h ^= mix64(littleEndian(data, i * 8, 8));
            h = Long.rotateLeft(h, 27) * 5 + 0x52dce729;
        }
        if (data.length % 8 != 0) {
            h ^= mix64(littleEndian(data, blocks * 8, data.length % 8));
        }
        h ^= data.length;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }

    private static int mix32(long block) {
        int k = (int) block * C1_32;
        return Integer.rotateLeft(k, 15) * C2_32;
    }

    private static long mix64(long block) {
        return Long.rotateLeft(block * C1_64, 31) * C2_64;
    }

    /** {@code length} bytes from {@code offset}, the first the lowest. */
    private static long littleEndian(byte[] data, int offset, int length) {
        long v = 0;
        for (int i = length - 1; i >= 0; i--) {
            v = (v << 8) | (data[offset + i] & 0xff);
        }
        return v;
    }
}
